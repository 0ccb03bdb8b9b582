/**
 * The list's query as the URL holds it: GitHub's search language in `?q=`,
 * exactly as github.com writes it. This module is on the list's first paint,
 * so it knows no parser: reading the query (routing, edits, highlighting) is
 * the lazy ./query-tools chunk, loaded by the list's loader whenever a `q` is
 * present.
 */

/**
 * What the list shows without a `q`: what github.com's `/OWNER/REPO/issues`
 * shows, open issues without pull requests, newest first, its box reading
 * `is:issue state:open` (GitHub's "Filtering and searching issues and pull
 * requests" pictures the same view as `is:issue is:open`), so the same URL
 * gives the same list on both hosts (issue 45). Only the search endpoint
 * tells issues from pull requests: the list endpoint mixes them (spec), and
 * dropping its pull requests from a page would leave pages short and the
 * counts wrong. `is:open` alone, the list endpoint's cheaper answer, is a
 * `q` of its own.
 */
export const DEFAULT_QUERY = 'is:issue state:open';

/**
 * The default query with its state set by the state tabs, known without the
 * parser: what ./query-edit makes of it (the `state:open` replaced by
 * `is:closed`, or removed for both states).
 */
export function defaultQueryWithState(value: 'open' | 'closed' | null): string {
  return value === null ? 'is:issue' : `is:issue is:${value}`;
}

/** The list's parameters before the query moved into `q`; an old URL naming one is rewritten once (./legacy-query). */
export const LEGACY_PARAM_NAMES = ['state', 'labels', 'sort', 'direction', 'creator', 'assignee', 'mentioned', 'milestone', 'type', 'since'] as const;

export function hasLegacyParams(search: URLSearchParams): boolean {
  return LEGACY_PARAM_NAMES.some((name) => search.has(name));
}

/** The query a view shows: the URL's `q`, or the default when there is none. */
export function effectiveQuery(search: URLSearchParams): string {
  return search.get('q') ?? DEFAULT_QUERY;
}

/**
 * The URL parameters of a view showing `q` instead of the current query:
 * the default query is written as no `q` at all, and a new query starts at its first page.
 */
export function withQuery(search: URLSearchParams, q: string): URLSearchParams {
  const next = new URLSearchParams(search);
  if (q.trim() === DEFAULT_QUERY) next.delete('q');
  else next.set('q', q);
  next.delete('page');
  return next;
}

/**
 * The `q` sent to `GET /search/issues`: the view's repository, then the
 * query as the search route has it (grouped when advanced, ./search-scope).
 */
export function searchText(owner: string, repo: string, text: string): string {
  return `repo:${owner}/${repo} ${text}`;
}
