/**
 * The query-parameter rules of `GET /search/issues`, as GitHub's REST API has
 * them, as pure functions: the service parses requests with them; the app
 * builds a search's first request and its page count with them. What `q`
 * itself means is search-query.ts's.
 *
 * - `q` is required: missing or blank is a 422 (`code: 'missing'`).
 * - `page` and `per_page` fall back as on the list (spec 4.1.4, 4.1.6).
 * - `sort` orders by `created`, `updated`, `comments`, `reactions`, one kind of
 *   reaction (`reactions-+1`, `reactions--1`, `reactions-smile`,
 *   `reactions-thinking_face`, `reactions-heart`, `reactions-tada`) or
 *   `interactions`, the values of GitHub's OpenAPI; any other value gives best
 *   match, as GitHub does for a `sort` it does not know. A `sort:` inside `q`
 *   wins over both parameters.
 * - `order` is `asc` or `desc` (the default), and means nothing without a sort.
 * - `advanced_search=true` makes `AND`, `OR` and parentheses operators.
 * - `search_type` is `semantic` or `hybrid` (anything else is a 422); this service answers both
 *   lexically, as GitHub does when it falls back (routes/search-fallback.ts).
 * - Only the first `MAX_SEARCH_RESULTS` results can be reached: a page that
 *   starts past them is a 422, and one that straddles them is cut there.
 */
import { parsePage, parsePerPage, type PageParams, type ParseResult, type QueryReader } from './list-params';
import { SEARCH_SORT_FIELDS, type SearchSort, type SearchSortField } from './search-query-tree';
import type { ValidationErrorDetail } from './wire-types';

/** GitHub's cap on the results one search can reach; a page past it is a 422. */
export const MAX_SEARCH_RESULTS = 1000;

/**
 * A bound on the whole of `q`, qualifiers included, so a request cannot make
 * the service parse and compile an arbitrarily large query. GitHub bounds the
 * text alone (search-query.ts `MAX_TEXT_LENGTH`) and the number of operators;
 * a query a person writes stays far below this.
 */
export const MAX_QUERY_LENGTH = 1024;

export type SearchOrder = 'asc' | 'desc';

export interface SearchParams extends PageParams {
  /** the query as sent (never blank) */
  q: string;
  /** the `sort` parameter when it names an order this service keeps; null is best match */
  sort: SearchSortField | null;
  order: SearchOrder;
  /** `advanced_search=true` */
  advanced: boolean;
  /** `search_type`: null is GitHub's default, lexical search */
  searchType: SearchType | null;
}

/** GitHub's `search_type` values (OpenAPI description of `GET /search/issues`). */
export type SearchType = 'semantic' | 'hybrid';
const SEARCH_TYPES: readonly SearchType[] = ['semantic', 'hybrid'];

const SORTS: readonly SearchSortField[] = SEARCH_SORT_FIELDS;

/** GitHub's `validation-error` detail for a missing `q`. */
export const MISSING_QUERY: ValidationErrorDetail = { resource: 'Search', field: 'q', code: 'missing' };

/** A detail naming what is wrong with `q`, in GitHub's shape for a query it refuses. */
export function invalidQuery(message: string): ValidationErrorDetail {
  return { message, resource: 'Search', field: 'q', code: 'invalid' };
}

export function parseSearchParams(read: QueryReader): ParseResult<SearchParams> {
  const q = read('q');
  if (q === null || q.trim() === '') return { ok: false, errors: [MISSING_QUERY] };
  if (q.length > MAX_QUERY_LENGTH) {
    return { ok: false, errors: [invalidQuery(`The search is longer than ${MAX_QUERY_LENGTH} characters.`)] };
  }
  const sort = read('sort');
  const searchType = read('search_type');
  if (searchType !== null && !(SEARCH_TYPES as readonly string[]).includes(searchType)) {
    return { ok: false, errors: [{ message: `search_type must be ${SEARCH_TYPES.join(' or ')}, or left out for lexical search.`, resource: 'Search', field: 'search_type', code: 'invalid' }] };
  }
  return {
    ok: true,
    value: {
      q,
      sort: sort !== null && (SORTS as readonly string[]).includes(sort) ? (sort as SearchSortField) : null,
      order: read('order') === 'asc' ? 'asc' : 'desc',
      advanced: read('advanced_search')?.toLowerCase() === 'true',
      searchType: searchType as SearchType | null,
      page: parsePage(read('page')),
      perPage: parsePerPage(read('per_page')),
    },
  };
}

/** The order of the results: `sort:` in the query wins over the parameters; null is best match. */
export function effectiveSearchSort(querySort: SearchSort | null, params: Pick<SearchParams, 'sort' | 'order'>): SearchSort | null {
  if (querySort) return querySort;
  return params.sort === null ? null : { field: params.sort, order: params.order };
}

/** Whether any of the page lies within the results GitHub lets a client reach. */
export function isSearchPageReachable(paging: PageParams): boolean {
  return (paging.page - 1) * paging.perPage < MAX_SEARCH_RESULTS;
}

/** How many results of the page lie within the reachable ones (the page may straddle the end). */
export function reachableOnPage(paging: PageParams): number {
  return Math.max(0, Math.min(paging.perPage, MAX_SEARCH_RESULTS - (paging.page - 1) * paging.perPage));
}

/** The results a client can page through: what `Link`'s `last` and a page count are computed over. */
export function reachableTotal(total: number): number {
  return Math.min(total, MAX_SEARCH_RESULTS);
}
