/**
 * The views of `/issues`, the reader's own issues across every repository
 * the token sees, as github.com/issues has them since 2025: Assigned to you,
 * Created by you, Mentioning you and Recent activity. Each is a query of
 * GitHub's search language for `GET /search/issues`, with `@me` for the
 * token's user (docs/search.md), open issues only, most recently updated
 * first, as GitHub's page sorts them; the box shows it and edits it, and the
 * address keeps it as `?q=`, so a view is shared as a URL.
 */
import type { Issue } from '../../../shared/wire-types';
import { parsePage, parsePerPage } from '../../../shared/list-params';
import { usesAdvancedSyntax } from '../../../shared/search-query-lexer';
import { searchIssuesPath } from '../../../shared/default-list-query';

export interface MyIssuesView {
  id: 'assigned' | 'created' | 'mentioned' | 'recent';
  name: string;
  q: string;
}

// github.com/issues' built-in views: open issues (`is:issue state:open`) of repositories not archived, newest activity first.
const OPEN_ISSUES = 'is:issue state:open archived:false';
const NEWEST_ACTIVITY = 'sort:updated-desc';

export const MY_ISSUES_VIEWS: readonly MyIssuesView[] = [
  { id: 'assigned', name: 'Assigned to you', q: `${OPEN_ISSUES} assignee:@me ${NEWEST_ACTIVITY}` },
  { id: 'created', name: 'Created by you', q: `${OPEN_ISSUES} author:@me ${NEWEST_ACTIVITY}` },
  { id: 'mentioned', name: 'Mentioning you', q: `${OPEN_ISSUES} mentions:@me ${NEWEST_ACTIVITY}` },
  // `involves:` is any of author, assignee, mentions and commenter (docs/search.md): every issue you took part in.
  { id: 'recent', name: 'Recent activity', q: `${OPEN_ISSUES} involves:@me ${NEWEST_ACTIVITY}` },
];

/** `/issues` without a `q` shows the first view, as github.com/issues opens on what is assigned to you. */
export const DEFAULT_MY_ISSUES_VIEW = MY_ISSUES_VIEWS[0]!;

export const MY_ISSUES_PATH = '/issues';

/** What the address asks for: the query (the default view's without `q`), the page and its size. */
export interface MyIssuesAddress {
  q: string;
  page: number;
  perPage: number;
}

export function readMyIssuesAddress(search: URLSearchParams): MyIssuesAddress {
  const q = search.get('q');
  return { q: q === null ? DEFAULT_MY_ISSUES_VIEW.q : q, page: parsePage(search.get('page')), perPage: parsePerPage(search.get('per_page')) };
}

/** The built-in view whose query the box holds (spaces aside), or null for a query of the reader's own. */
export function builtInViewOf(q: string): MyIssuesView | null {
  const words = q.trim().split(/\s+/).join(' ');
  return MY_ISSUES_VIEWS.find((view) => view.q === words) ?? null;
}

/** The address of a built-in view (the default one without `q`, as github.com/issues opens). */
export function myIssuesViewPath(view: MyIssuesView): string {
  return view.id === DEFAULT_MY_ISSUES_VIEW.id ? MY_ISSUES_PATH : `${MY_ISSUES_PATH}?${new URLSearchParams({ q: view.q }).toString()}`;
}

/** The search for a page of the address's query: the query as typed, with no `repo:` added (every repository the token sees). */
export function myIssuesRequestPath({ q, page, perPage }: MyIssuesAddress): string {
  return searchIssuesPath({ q: q.trim(), perPage, page, advanced: usesAdvancedSyntax(q) });
}

/** The repository of an issue of a search answer, from its `repository_url` (`…/repos/{owner}/{repo}`), or null. */
export function repositoryOfIssue(issue: Pick<Issue, 'repository_url'>): { owner: string; repo: string } | null {
  if (typeof issue.repository_url !== 'string') return null;
  let path: string;
  try {
    path = new URL(issue.repository_url).pathname;
  } catch {
    return null;
  }
  const match = /\/repos\/([^/]+)\/([^/]+)\/?$/.exec(path);
  return match ? { owner: decodeURIComponent(match[1]!), repo: decodeURIComponent(match[2]!) } : null;
}
