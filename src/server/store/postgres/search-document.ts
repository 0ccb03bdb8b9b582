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
/** A UTF-16 code unit is at most three bytes of UTF-8, so a word this short needs no byte count. */
const SURELY_SHORT_CHARS = Math.floor(MAX_LEXEME_BYTES / 3);

const FIELDS = ['title', 'body', 'comments'] as const;

/** A lexeme's positions as tsvector text (`1A,5B`), and the last one written, to skip its repeat. */
interface Positions {
  text: string;
  last: string;
}

/**
 * Built as text in one pass, each lexeme's positions appended as they come: an import builds
 * one per issue on the thread that also feeds the database, so what it costs delays the import.
 */
export function searchDocument(text: SearchText): string {
  const lexemes = new Map<string, Positions>();
  let position = 0;
  for (const field of FIELDS) {
    const weight = FIELD_WEIGHTS[field];
    for (const token of searchTokens(text[field])) {
      position++;
      // A word this long is no word anyone searches for; PostgreSQL would refuse the document.
      if (token.length > SURELY_SHORT_CHARS && Buffer.byteLength(token) > MAX_LEXEME_BYTES) continue;
      const at = (position < MAX_POSITION ? position : MAX_POSITION) + weight;
      const known = lexemes.get(token);
      if (!known) lexemes.set(token, { text: at, last: at });
      else if (known.last !== at) {
        known.text += ',' + at;
        known.last = at;
      }
    }
    position++;
  }
  // Tokens are letters and digits only: nothing in them needs quoting inside '...'.
  const parts: string[] = [];
  for (const [lexeme, at] of lexemes) parts.push(`'${lexeme}':${at.text}`);
  return parts.join(' ');
}
