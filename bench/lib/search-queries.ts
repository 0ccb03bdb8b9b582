/**
 * What the search bench (search/benchmark.ts) asks: the three queries, the URL of
 * a page of each, and the request cycles that make every request a new URL
 * ("uncached") or a query the engine has not seen ("cold"). Pure, so the
 * runner's notes, the scale-out bench and the tests share them without
 * starting a server.
 */
import { BENCH_REPO } from './generate-repository';
import type { RequestCycle } from './load';

export const SEARCH_PATH = '/api/search/issues';
/**
 * A fence's language name: in about a quarter of the generated entries. The
 * generator's prose words each occur in nearly every body, so none of them
 * selects a moderate share; a language name is also a whole word to an index
 * and to a substring scan alike (no other generated word contains "sql").
 */
export const SEARCH_WORD = 'sql';
/** Two prose words next to each other, in about one entry in twenty. */
export const SEARCH_PHRASE = 'link header';
export const SEARCH_QUALIFIERS = 'label:bug is:open';
/** GitHub answers only the first 1,000 results: 33 pages of 30. */
export const UNCACHED_PAGES = 33;
/** A parameter GitHub's search ignores; its value differs on every request. */
export const NONCE_PARAM = 'bench_nonce';

export type SearchCaseKey = 'word' | 'phrase' | 'qualifiers';

export interface SearchCase {
  key: SearchCaseKey;
  /** what the table calls it */
  label: string;
  q: string;
}

/** The three queries, each scoped to the bench repository as GitHub's search would be asked. */
export function searchCases(repo: { owner: string; name: string } = BENCH_REPO): SearchCase[] {
  const scope = `repo:${repo.owner}/${repo.name}`;
  return [
    { key: 'word', label: `word ${SEARCH_WORD}`, q: `${scope} ${SEARCH_WORD}` },
    { key: 'phrase', label: `phrase "${SEARCH_PHRASE}"`, q: `${scope} "${SEARCH_PHRASE}"` },
    { key: 'qualifiers', label: SEARCH_QUALIFIERS, q: `${scope} ${SEARCH_QUALIFIERS}` },
  ];
}

/** Path and query of one page of a search (page 1 unstated, as a client first asks). */
export function searchPath(q: string, page = 1): string {
  return `${SEARCH_PATH}?q=${encodeURIComponent(q)}${page > 1 ? `&page=${page}` : ''}`;
}

/**
 * The pages of 30 that hold results, up to the 33 GitHub serves: a page past
 * the last result is an empty answer, cheaper than any real one, and would
 * flatter the figure (a small BENCH_ENTRIES has fewer than 1,000 results).
 */
export function pagesWithResults(total: number): number {
  return Math.min(UNCACHED_PAGES, Math.max(1, Math.ceil(total / 30)));
}

/** How many different queries the cold load walks: more than it can send in a load, so none repeats. */
export const COLD_QUERIES = 1000;

/**
 * The word query as new every time: `-author:` of someone who wrote nothing selects the same
 * issues but binds another value into the engine's statement, so nothing it remembers of one
 * search (the ranking of its matches) serves the next. (`-label:` would not do: a label the
 * repository lacks compiles to a constant, the same statement every time.) Page 1 each time,
 * as a person's first look at a search.
 */
export function coldCycle(q: string, queries: number = COLD_QUERIES): RequestCycle {
  return { paths: Array.from({ length: queries }, (_, i) => searchPath(`${q} -author:bench-cold-${i}`)) };
}

/** Pages 1–`pages` in turn, every request a new URL. */
export function uncachedCycle(q: string, pages: number = UNCACHED_PAGES): RequestCycle {
  return { paths: Array.from({ length: pages }, (_, i) => searchPath(q, i + 1)), nonceParam: NONCE_PARAM };
}
