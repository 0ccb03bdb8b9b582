/**
 * Issue types and sub-issues (issue 47): `GET /repos/{owner}/{repo}/issue-types`,
 * `/issues/{number}/sub_issues` and `/issues/{number}/parent`, and `GET /orgs/{org}/issue-types`,
 * as GitHub's REST API has them.
 * Repository access is already checked; answers are kept in the answer cache like the issues'.
 */
import { Hono } from 'hono';
import { parsePageParams } from '../../shared/list-params';
import type { AppEnv } from '../app-env';
import type { AnswerCache } from '../http/answer-cache';
import { errors } from '../http/error-bodies';
import { parseQueryString } from '../http/query-string';
import { pageAnswer, renderedAnswer, sendCachedRepoAnswer, sendError, sendSpanningAnswer } from '../http/respond';
import type { IssueLinkReader, IssueReader } from '../store/storage';
import { privateReposOf } from './search-access';

const ISSUE_NUMBER = /^[1-9]\d{0,9}$/;

const LINK_DOCS = {
  listSubIssues: 'https://docs.github.com/rest/issues/sub-issues#list-sub-issues',
  getParent: 'https://docs.github.com/rest/issues/sub-issues#get-parent-issue',
  listOrgIssueTypes: 'https://docs.github.com/rest/orgs/issue-types#list-issue-types-for-an-organization',
} as const;

/** An account name as GitHub allows one; anything else names no account here. */
const ACCOUNT = /^[A-Za-z0-9_.-]{1,100}$/;

/**
 * `GET /orgs/{org}/issue-types`: the types of the account's repositories the caller may see,
 * one per name. An account whose repositories the caller sees none of is 404, whether it has
 * private ones or none, as a private repository is. Spans repositories, so answered as a search
 * is: a per-caller ETag and a free 304, no `Last-Modified`.
 */
export function orgIssueTypeRoutes(store: Pick<IssueLinkReader, 'listOwnerIssueTypes'>): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get('/issue-types', async (c) => {
    const org = c.req.param('org') ?? '';
    const docs = ACCOUNT.test(org) ? await store.listOwnerIssueTypes(org, privateReposOf(c.get('token'))) : null;
    if (docs === null) return sendError(c, errors.notFound(LINK_DOCS.listOrgIssueTypes));
    return sendSpanningAnswer(c, renderedAnswer(`[${docs.join(',')}]`, null));
  });
  return routes;
}

export function issueLinkRoutes(store: IssueLinkReader & Pick<IssueReader, 'getIssue'>, webBase: string | null, answers: AnswerCache): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  // Not paged on GitHub: the operation takes no `page` or `per_page`.
  routes.get('/issue-types', (c) =>
    sendCachedRepoAnswer(c, answers, webBase, async (repo) => ({ json: `[${(await store.listIssueTypes(repo.id)).join(',')}]`, link: null })),
  );

  // GitHub answers a bad `page` or `per_page` with its defaults, as on every list (spec 4.1.6).
  routes.get('/issues/:number/sub_issues', (c) =>
    sendCachedRepoAnswer(c, answers, webBase, async (repo) => {
      const n = c.req.param('number');
      if (!ISSUE_NUMBER.test(n) || (await store.getIssue(repo.id, Number(n))) === null) return sendError(c, errors.notFound(LINK_DOCS.listSubIssues));
      const q = parseQueryString(new URL(c.req.url).search);
      if (!q.ok) return sendError(c, errors.badRequest('Problems parsing query string', LINK_DOCS.listSubIssues));
      const paging = parsePageParams(q.read);
      return pageAnswer(c, await store.listSubIssues(repo.id, Number(n), paging), paging);
    }),
  );

  // 404 for an issue that is no sub-issue, as for one the repository lacks.
  routes.get('/issues/:number/parent', (c) =>
    sendCachedRepoAnswer(c, answers, webBase, async (repo) => {
      const n = c.req.param('number');
      const doc = ISSUE_NUMBER.test(n) ? await store.getParentIssue(repo.id, Number(n)) : null;
      if (doc === null) return sendError(c, errors.notFound(LINK_DOCS.getParent));
      return { json: doc, link: null };
    }),
  );

  return routes;
}
