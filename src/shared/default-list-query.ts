/** The default view of a repository's issue list, for the app that shows it and the service that preloads its first answers (./first-answers.ts). */

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
 * parser: what the app's query edits make of it (the `state:open` replaced by
 * `is:closed`, or removed for both states).
 */
export function defaultQueryWithState(value: 'open' | 'closed' | null): string {
  return value === null ? 'is:issue' : `is:issue is:${value}`;
}

/** A repository list's query as the search it is sent as: the view's own `repo:` first. */
export function searchText(owner: string, repo: string, text: string): string {
  return `repo:${owner}/${repo} ${text}`;
}

/** `GET /search/issues` with its parameters, as the app asks for a page of a search. */
export function searchIssuesPath({ q, perPage, page, advanced }: { q: string; perPage: number; page: number; advanced: boolean }): string {
  const params = new URLSearchParams({ q, per_page: String(perPage), page: String(page) });
  if (advanced) params.set('advanced_search', 'true');
  return `/search/issues?${params.toString()}`;
}
