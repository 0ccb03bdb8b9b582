/**
 * The list's query as the URL holds it: GitHub's search language in `?q=`,
 * exactly as github.com writes it. This module is on the list's first paint,
 * so it knows no parser: reading the query (routing, edits, highlighting) is
 * the issue list's lazy query-tools chunk (features/issues/query-tools.ts), loaded by the list's loader whenever a `q` is
 * present.
 */

import { DEFAULT_QUERY } from '../../shared/default-list-query';

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

