/** What the list says when the service refuses its query. */
/** A refused query (422) as a sentence: the service's own reasons (`errors[].message`), else its message. */
export function refusalMessage(message: string, errors: readonly { message?: string | undefined }[]): string {
  const reasons = errors.flatMap((e) => (typeof e.message === 'string' && e.message.trim() !== '' ? [e.message.trim()] : []));
  return reasons.length > 0 ? reasons.join(' ') : message;
}
