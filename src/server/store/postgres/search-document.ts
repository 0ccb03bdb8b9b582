/**
 * An issue's full-text document on PostgreSQL, the value of issue_text.document: tsvector text
 * (`'rocket':1A,5B 'launch':2A`) written from the tokens every engine shares (searchTokens:
 * runs of Unicode letters and digits, lower-cased, without diacritics), cast with ::tsvector.
 *
 * Not `to_tsvector('simple', text)`: PostgreSQL's parser splits words by the C library's
 * letter and digit classes, which leave out characters Unicode counts (`⓵`, `൰`), and keeps
 * `a@b.com` or `v1.2` as one word; SQLite would find what PostgreSQL does not. Not unaccent
 * either (installed with Debian's server, so available here): its rules are not searchTokens'
 * (`straße` becomes `strasse`, `й` keeps its breve). Built from the tokens, the document
 * holds exactly the words SQLite's index holds, whatever the server's locale. Queries are
 * written the same way, as tsquery text from the same tokens (`'launch' <-> 'rocket'`) cast
 * with ::tsquery, never through to_tsquery, which would parse them again.
 *
 * Weights say the field: A title, B body, C comments (`'rocket':A` is `in:title`). Positions
 * run on across the fields with a gap between two, so a phrase never runs from the title into
 * the body; within comments it may cross from one comment into the next, as in SQLite, where
 * they are one text.
 */
import { searchTokens } from '../../../shared/search-query';
import type { SearchText } from '../search-text';

export const FIELD_WEIGHTS = { title: 'A', body: 'B', comments: 'C' } as const;

/** PostgreSQL's limits: larger positions count as this one (phrases past it no longer hold), longer words are refused. */
const MAX_POSITION = 16_383;
const MAX_LEXEME_BYTES = 2_046;

export function searchDocument(text: SearchText): string {
  const positions = new Map<string, string[]>();
  let position = 0;
  for (const field of ['title', 'body', 'comments'] as const) {
    for (const token of searchTokens(text[field])) {
      position++;
      // A word this long is no word anyone searches for; PostgreSQL would refuse the document.
      if (Buffer.byteLength(token) > MAX_LEXEME_BYTES) continue;
      const at = `${Math.min(position, MAX_POSITION)}${FIELD_WEIGHTS[field]}`;
      const list = positions.get(token);
      if (!list) positions.set(token, [at]);
      else if (list[list.length - 1] !== at) list.push(at);
    }
    position++;
  }
  // Tokens are letters and digits only: nothing in them needs quoting inside '...'.
  return [...positions].map(([lexeme, at]) => `'${lexeme}':${at.join(',')}`).join(' ');
}
