/** What the list says when the service refuses its query. */
/**
 * A refused query (422) as a sentence: the service's own reasons (`errors[].message`), each once,
 * else its message. `ownReasons`, this parser's reasons when it refuses the query too, come first:
 * they speak of the text as typed, where the service saw it inside the `repo:` and parentheses the
 * list adds (`q=OR` would be "empty parentheses" to it) (issue 45).
 */
export function refusalMessage(message: string, errors: readonly { message?: string | undefined }[], ownReasons: readonly { message: string }[] = []): string {
  const from = ownReasons.length > 0 ? ownReasons : errors;
  const reasons = new Set(from.flatMap((e) => (typeof e.message === 'string' && e.message.trim() !== '' ? [e.message.trim()] : [])));
  return reasons.size > 0 ? [...reasons].join('; ') : message;
}
