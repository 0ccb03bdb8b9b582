/** Writing a qualifier's value into query text, as GitHub reads it back. */

/** A value with spaces, quotes-free punctuation GitHub splits on, or a leading `-` goes in double quotes. */
export function quoteValue(value: string): string {
  return /[\s,()]|^-/.test(value) && !value.includes('"') ? `"${value}"` : value;
}

/** `text` with `term` added at its end, one space between. */
export function appendTerm(text: string, term: string): string {
  const head = text.trimEnd();
  return head === '' ? term : `${head} ${term}`;
}
