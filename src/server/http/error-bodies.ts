/**
 * The error answers of spec 7.1, each with the body of spec 2.2
 * (`message`, `documentation_url`, `status` as a string) and GitHub's wording
 * where GitHub has one, since its clients match on it.
 */
import { invalidQuery, MAX_SEARCH_RESULTS } from '../../shared/search-params';
import type { ValidationErrorDetail } from '../../shared/wire-types';

export const DOCS = {
  root: 'https://docs.github.com/rest',
  listIssues: 'https://docs.github.com/rest/issues/issues#list-repository-issues',
  getIssue: 'https://docs.github.com/rest/issues/issues#get-an-issue',
  listComments: 'https://docs.github.com/rest/issues/comments#list-issue-comments',
  listRepoComments: 'https://docs.github.com/rest/issues/comments#list-issue-comments-for-a-repository',
  listTimeline: 'https://docs.github.com/rest/issues/timeline#list-timeline-events-for-an-issue',
  listIssueEvents: 'https://docs.github.com/rest/issues/events#list-issue-events',
  listRepoEvents: 'https://docs.github.com/rest/issues/events#list-issue-events-for-a-repository',
  listLabels: 'https://docs.github.com/rest/issues/labels#list-labels-for-a-repository',
  getRepo: 'https://docs.github.com/rest/repos/repos#get-a-repository',
  getUser: 'https://docs.github.com/rest/users/users#get-the-authenticated-user',
  getUserByName: 'https://docs.github.com/rest/users/users#get-a-user',
  listAssignees: 'https://docs.github.com/rest/issues/assignees#list-assignees',
  listMilestones: 'https://docs.github.com/rest/issues/milestones#list-milestones',
  getMilestone: 'https://docs.github.com/rest/issues/milestones#get-a-milestone',
  rateLimit: 'https://docs.github.com/rest/overview/rate-limits-for-the-rest-api',
  secondaryRateLimit: 'https://docs.github.com/rest/overview/rate-limits-for-the-rest-api#about-secondary-rate-limits',
  redirects: 'https://docs.github.com/rest/guides/best-practices-for-using-the-rest-api#follow-redirects',
  versions: 'https://docs.github.com/rest/about-the-rest-api/api-versions',
  permissions: 'https://docs.github.com/rest/issues/issues#create-an-issue',
  searchIssues: 'https://docs.github.com/rest/search/search#search-issues-and-pull-requests',
  /** what GitHub's search errors name: without the slash for a missing `q`, with it for the others */
  searchMissing: 'https://docs.github.com/v3/search',
  search: 'https://docs.github.com/v3/search/',
} as const;

/** GitHub's words for a `repo:` the caller may not search, the same whether it is private or missing. */
export const SEARCH_NOT_VISIBLE =
  'The listed users and repositories cannot be searched either because the resources do not exist or you do not have permission to view them.';

/** GitHub's words for a user a search cannot look for (here: `@me` without a token). */
export const SEARCH_USERS_NOT_VISIBLE =
  'The listed users cannot be searched either because the users do not exist or you do not have permission to view the users.';

export interface ErrorAnswer {
  status: 301 | 400 | 401 | 403 | 404 | 422 | 429 | 500 | 502 | 503;
  body: string;
}

function answer(status: ErrorAnswer['status'], fields: Record<string, unknown>): ErrorAnswer {
  return { status, body: JSON.stringify({ ...fields, status: String(status) }) };
}

/** A search GitHub refuses with `Validation Failed`: no `q`, or a `q` it cannot run (each detail says why). */
function searchFailed(details: ValidationErrorDetail[]): ErrorAnswer {
  return answer(422, {
    message: 'Validation Failed',
    errors: details,
    documentation_url: details.every((d) => d.code === 'missing') ? DOCS.searchMissing : DOCS.search,
  });
}

export const errors = {
  badRequest: (message: string, doc: string = DOCS.root) => answer(400, { message, documentation_url: doc }),
  /** spec 5.5 */
  badCredentials: () => answer(401, { message: 'Bad credentials', documentation_url: DOCS.root }),
  requiresAuthentication: (doc: string) => answer(401, { message: 'Requires authentication', documentation_url: doc }),
  /** 403 for a missing permission; headers (remaining > 0) tell it from a rate limit */
  notAccessible: () => answer(403, { message: 'Resource not accessible by personal access token', documentation_url: DOCS.permissions }),
  /** spec 8.4, in GitHub's words so Octokit's throttling plugin recognises it */
  rateLimited: (who: string) =>
    answer(403, {
      message: `API rate limit exceeded for ${who}. (But here's the good news: Authenticated requests get a higher rate limit. Check out the documentation for more details.)`,
      documentation_url: DOCS.rateLimit,
    }),
  rateLimitedUser: (userId: number) => answer(403, { message: `API rate limit exceeded for user ID ${userId}.`, documentation_url: DOCS.rateLimit }),
  /** spec 8.7 */
  secondaryRateLimited: () =>
    answer(429, {
      message: 'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.',
      documentation_url: DOCS.secondaryRateLimit,
    }),
  /** spec 4.1.8: one body for "does not exist" and "no access", per endpoint */
  notFound: (doc: string) => answer(404, { message: 'Not Found', documentation_url: doc }),
  validationFailed: (details: ValidationErrorDetail[], doc: string) =>
    answer(422, { message: 'Validation Failed', errors: details, documentation_url: doc }),
  searchFailed,
  searchNotVisible: () => searchFailed([invalidQuery(SEARCH_NOT_VISIBLE)]),
  searchUsersNotVisible: () => searchFailed([invalidQuery(SEARCH_USERS_NOT_VISIBLE)]),
  /** a page that starts past the results a search can reach, in GitHub's words */
  searchPastCap: () => answer(422, { message: `Only the first ${MAX_SEARCH_RESULTS} search results are available`, documentation_url: DOCS.search }),
  moved: (url: string) => answer(301, { message: 'Moved Permanently', url, documentation_url: DOCS.redirects }),
  internal: () => answer(500, { message: 'Server Error', documentation_url: DOCS.root }),
  /** the database cannot be reached for now (GitHub's body for a 503) */
  unavailable: () => answer(503, { message: 'Service Unavailable', documentation_url: DOCS.root }),
};
