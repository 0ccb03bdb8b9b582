/**
 * Which words a search takes for one another: a word and its plural (or its verb's `-s` form,
 * spelled the same), as GitHub's issue search does ("we do however do some stemming for plurals
 * - so searching for 'features' would find 'feature'", GitHub Support, quoted in
 * todogroup/gh-issues#70; docs/search.md, "Words and their forms"). `crash` finds `crashes`,
 * `queries` finds `query`. Nothing more is claimed for GitHub, so nothing more is done here:
 * `crashed` and `crashing` are other words.
 *
 * The index keeps each token as written (both engines); a lone word of a query that is not
 * quoted looks for every form of it instead (`wordForms`), so quoted phrases stay exact and a
 * database needs no new index, nor a re-index. Only tokens of the letters a to z have forms:
 * these are English endings.
 */

/** Neither a singular nor a word with a plural is shorter: `its`, `has` and `bus` are no plurals of `it`, `ha` or `bu`. */
const MIN_FORM_LENGTH = 3;
const ENGLISH_WORD = /^[a-z]+$/;

/** The plurals English spelling could give `word`: `-s`, `-es` (`crashes`, `caches`) and `-ies` for a final `y`. */
function pluralsOf(word: string): string[] {
  if (word.length < MIN_FORM_LENGTH) return [];
  const plurals = [`${word}s`, `${word}es`];
  if (word.endsWith('y')) plurals.push(`${word.slice(0, -1)}ies`);
  return plurals;
}

/** The singulars `word` could be a plural of: exactly the words `pluralsOf` takes to it. */
function singularsOf(word: string): string[] {
  const singulars: string[] = [];
  if (word.endsWith('s')) singulars.push(word.slice(0, -1));
  if (word.endsWith('es')) singulars.push(word.slice(0, -2));
  if (word.endsWith('ies')) singulars.push(`${word.slice(0, -3)}y`);
  return singulars.filter((s) => s.length >= MIN_FORM_LENGTH);
}

/**
 * The tokens a lone word finds, `token` first: itself, what it could be the plural of, and its
 * plurals. Without a dictionary both guesses are kept (`caches` is `cache`'s, `matches` is
 * `match`'s, `cookies` is `cookie`'s, `queries` is `query`'s); the extra ones (`crashe`) are
 * words no issue holds. The relation goes both ways: `b` is among `a`'s forms exactly when `a`
 * is among `b`'s, so `crash` finds `crashes` and `crashes` finds `crash`.
 */
export function wordForms(token: string): string[] {
  if (!ENGLISH_WORD.test(token)) return [token];
  return [...new Set([token, ...singularsOf(token), ...pluralsOf(token)])];
}

/** A text leaf of a query's tree: its text, and whether it was quoted. */
export interface TextLeaf {
  text: string;
  phrase: boolean;
}

/**
 * The token runs a text leaf looks for, any one of them: a lone word not quoted, each of its
 * forms (lower-case); anything else (a quoted phrase, `foo-bar`'s parts, a word of other
 * letters), its own tokens, exactly as given. `tokens` are the leaf's tokens as the caller's
 * index reads them; `holds` says whether the index holds a form at all (the word itself is kept).
 */
export function soughtRuns(leaf: TextLeaf, tokens: readonly string[], holds: (form: string) => boolean = () => true): string[][] {
  const lone = tokens.length === 1 ? (tokens[0] as string).toLowerCase() : null;
  if (leaf.phrase || lone === null || !ENGLISH_WORD.test(lone)) return [[...tokens]];
  // A form no issue holds finds nothing and ranks nothing: an index may leave it out (`holds`).
  return wordForms(lone)
    .filter((form, i) => i === 0 || holds(form))
    .map((form) => [form]);
}
