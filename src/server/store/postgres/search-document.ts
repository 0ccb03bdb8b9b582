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
 *
 * An import writes documents in the tsvector's binary form (`searchDocumentBytes`), which the
 * server takes as it is: parsing the text form cost PostgreSQL more than indexing the words.
 * The binary input checks what the text input would have mended (at most 256 positions a word,
 * none past 16,383), so both forms are made from one list of positions already mended that way,
 * and hold the same tsvector.
 */
import { searchTokens } from '../../../shared/search-query';
import type { SearchText } from '../search-text';

export const FIELD_WEIGHTS = { title: 'A', body: 'B', comments: 'C' } as const;

/** A weight's two bits in a position (tsvector's WordEntryPos): D 0 … A 3. */
const WEIGHT_BITS = { A: 3, B: 2, C: 1 } as const;
const WEIGHT_LETTERS = ['D', 'C', 'B', 'A'] as const;
const POSITION_BITS = 14;
const POSITION_MASK = (1 << POSITION_BITS) - 1;

/** PostgreSQL's limits: larger positions count as this one (phrases past it no longer hold), longer words are refused. */
const MAX_POSITION = 16_383;
const MAX_LEXEME_BYTES = 2_046;
/** Positions a word keeps: tsvector_in keeps the first 256, tsvectorrecv refuses more. */
const MAX_POSITIONS = 256;
/** A UTF-16 code unit is at most three bytes of UTF-8, so a word this short needs no byte count. */
const SURELY_SHORT_CHARS = Math.floor(MAX_LEXEME_BYTES / 3);

const FIELDS = ['title', 'body', 'comments'] as const;

/**
 * Each word's positions as WordEntryPos values (weight above, position below), in the order
 * they come, as tsvector_in keeps them: a word's positions stop at its 256th or at the last
 * position PostgreSQL has (16,383, which every later one counts as); weights only fall as
 * positions rise (A, then B, then C), so tsvector_in's keeping the heavier of two equal
 * positions is keeping the first.
 */
function documentLexemes(text: SearchText): Map<string, number[]> {
  const lexemes = new Map<string, number[]>();
  let position = 0;
  for (const field of FIELDS) {
    const weight = WEIGHT_BITS[FIELD_WEIGHTS[field]] << POSITION_BITS;
    for (const token of searchTokens(text[field])) {
      position++;
      // A word this long is no word anyone searches for; PostgreSQL would refuse the document.
      if (token.length > SURELY_SHORT_CHARS && Buffer.byteLength(token) > MAX_LEXEME_BYTES) continue;
      const at = position < MAX_POSITION ? position : MAX_POSITION;
      const positions = lexemes.get(token);
      if (!positions) lexemes.set(token, [weight | at]);
      else {
        const last = (positions[positions.length - 1] as number) & POSITION_MASK;
        if (last !== MAX_POSITION && positions.length < MAX_POSITIONS) positions.push(weight | at);
      }
    }
    position++;
  }
  return lexemes;
}

/** The document as tsvector text (`'rocket':1A,5B 'launch':2A`), cast with ::tsvector. */
export function searchDocument(text: SearchText): string {
  const parts: string[] = [];
  // Tokens are letters and digits only: nothing in them needs quoting inside '...'.
  for (const [lexeme, positions] of documentLexemes(text)) {
    parts.push(`'${lexeme}':${positions.map((p) => `${p & POSITION_MASK}${WEIGHT_LETTERS[p >> POSITION_BITS]}`).join(',')}`);
  }
  return parts.join(' ');
}

/**
 * The document in tsvector's binary form (PostgreSQL's tsvectorsend), for COPY … WITH (FORMAT
 * binary): the number of words, then each word as UTF-8 ending in a zero byte, its number of
 * positions and the positions, all big-endian.
 *
 * The words go in the order a tsvector keeps them (by their UTF-8 bytes), so the server, which
 * sorts words that come out of order, has nothing to sort. JavaScript's sort orders UTF-16 units,
 * the same order except between a character past U+FFFF and one from U+E000 to U+FFFF; a
 * document holding both is sorted by the server, as every document was before.
 */
export function searchDocumentBytes(text: SearchText): Uint8Array {
  const lexemes = documentLexemes(text);
  const words = [...lexemes.keys()].sort();
  let size = 4;
  for (const [lexeme, positions] of lexemes) size += lexeme.length * 3 + 1 + 2 + 2 * positions.length;
  const scratch = Buffer.allocUnsafe(size);
  let at = scratch.writeInt32BE(lexemes.size, 0);
  for (const lexeme of words) {
    const positions = lexemes.get(lexeme) as number[];
    at = writeLexeme(scratch, lexeme, at);
    scratch[at++] = 0;
    at = writeUInt16(scratch, positions.length, at);
    for (const p of positions) at = writeUInt16(scratch, p, at);
  }
  // A copy of its own size: it travels between threads, where a view would take its whole pool along.
  const bytes = new Uint8Array(at);
  bytes.set(scratch.subarray(0, at));
  return bytes;
}

/**
 * A word's UTF-8 at `at`; returns where it ends. Most words are ASCII, copied a byte per
 * character here rather than by a call into the encoder for each word of each document.
 */
function writeLexeme(buffer: Buffer, lexeme: string, at: number): number {
  for (let i = 0; i < lexeme.length; i++) {
    const unit = lexeme.charCodeAt(i);
    if (unit >= 0x80) return at + buffer.write(lexeme, at, 'utf8');
    buffer[at + i] = unit;
  }
  return at + lexeme.length;
}

function writeUInt16(buffer: Buffer, value: number, at: number): number {
  buffer[at] = value >>> 8;
  buffer[at + 1] = value & 0xff;
  return at + 2;
}
