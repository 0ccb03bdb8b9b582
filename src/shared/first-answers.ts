/**
 * The API answers a page of the app asks for first, known from its address
 * alone (issue 48). The service names them in the page it sends as
 * `<link rel="preload" as="fetch">`, so the browser asks for them while the
 * scripts load, and the app's own `fetch` of the same URL takes the preloaded
 * answer instead of asking again. Only the plain list qualifies: any query
 * string (a filter, a page, `per_page`) changes the request, and the app's
 * test of its first requests holds it to these paths. An issue's answers were
 * preloaded too, and its mobile Lighthouse median fell (LCP later in four of
 * five interleaved pairs: the issue's Markdown shared the first round trips
 * with the scripts; docs/performance-log.md), so it has none.
 *
 * Paths are relative to the API's base URL (`/repos/…`), as the app requests them.
 */
import { DEFAULT_PER_PAGE } from './api-constants';
import { DEFAULT_QUERY, defaultQueryWithState, searchIssuesPath, searchText } from './default-list-query';

/**
 * The app's page declares with `<meta name="…" content="take">` that its app takes preloaded answers
 * (its token requests cannot take an anonymous one): a build from before is sent none, since its app
 * would take an anonymous answer for a request with a token.
 */
export const FIRST_ANSWERS_META_NAME = 'issuescope-first-answers';

/**
 * While this cookie is set, the service names no first answers: the browser's
 * connection is not the anonymous one to this service (a saved token, or
 * another API), so a preload would be spent on an answer the app never takes.
 */
export const NO_FIRST_ANSWERS_COOKIE = 'issuescope-no-preload';

// GitHub's owner and repository names: letters, digits, `-`, `_`, `.` (not `.` or `..` alone, which a URL resolves away).
export const REPO_PART = String.raw`(?!\.\.?/)[A-Za-z0-9_.-]+`;
const LIST_PAGE = new RegExp(`^/(${REPO_PART})/(${REPO_PART})/issues$`);

/** The first answers of the app's page at `pathname` with `search` (`''` or `?…`), in the order the app asks; [] when not known. */
export function firstAnswerPaths(pathname: string, search: string): string[] {
  if (search !== '' && search !== '?') return [];
  const list = LIST_PAGE.exec(pathname);
  if (list) {
    const [owner, name] = [list[1] as string, list[2] as string];
    // The default view (./default-list-query.ts): the repository, the search of open issues, page 1,
    // and the count of the closed ones (one entry), which the Closed tab shows.
    return [
      `/repos/${owner}/${name}`,
      searchIssuesPath({ q: searchText(owner, name, DEFAULT_QUERY), perPage: DEFAULT_PER_PAGE, page: 1, advanced: false }),
      searchIssuesPath({ q: searchText(owner, name, defaultQueryWithState('closed')), perPage: 1, page: 1, advanced: false }),
    ];
  }
  return [];
}
