/**
 * `GET /repos/{owner}/{repo}/issues` (spec 4.1), `/issues/{number}`,
 * `/issues/{number}/comments` and the repository's `/issues/comments`.
 * Repository access is already checked.
 */
import { Hono } from 'hono';
import { parseCommentParams, parseListParams, parseRepoCommentParams } from '../../shared/list-params';
import type { AppEnv } from '../app-env';
import { DOCS, errors } from '../http/error-bodies';
import { parseQueryString } from '../http/query-string';
import { sendError, sendRepoJson, sendRepoPage } from '../http/respond';
import type { IssueStore } from '../store/issue-store';

const ISSUE_NUMBER = /^[1-9]\d{0,9}$/;

function query(url: string) {
  return parseQueryString(new URL(url).search);
}

export function issueRoutes(store: IssueStore, webBase: string | null): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.get('/issues', (c) => {
    const q = query(c.req.url);
    if (!q.ok) return sendError(c, errors.badRequest('Problems parsing query string', DOCS.listIssues));
    const parsed = parseListParams(q.read);
    if (!parsed.ok) return sendError(c, errors.validationFailed(parsed.errors, DOCS.listIssues));
    const repo = c.get('repo');
    const page = store.listIssues(repo.id, parsed.value);
    return sendRepoPage(c, repo, page, parsed.value, webBase);
  });

  // Before `/issues/:number`, which would otherwise take `comments` for a number.
  routes.get('/issues/comments', (c) => {
    const q = query(c.req.url);
    if (!q.ok) return sendError(c, errors.badRequest('Problems parsing query string', DOCS.listRepoComments));
    const parsed = parseRepoCommentParams(q.read);
    if (!parsed.ok) return sendError(c, errors.validationFailed(parsed.errors, DOCS.listRepoComments));
    const repo = c.get('repo');
    return sendRepoPage(c, repo, store.listRepoComments(repo.id, parsed.value), parsed.value, webBase);
  });

  routes.get('/issues/:number', (c) => {
    const n = c.req.param('number');
    const repo = c.get('repo');
    const doc = ISSUE_NUMBER.test(n) ? store.getIssue(repo.id, Number(n)) : null;
    if (doc === null) return sendError(c, errors.notFound(DOCS.getIssue));
    return sendRepoJson(c, repo, doc, { webBase });
  });

  routes.get('/issues/:number/comments', (c) => {
    const n = c.req.param('number');
    const repo = c.get('repo');
    if (!ISSUE_NUMBER.test(n) || store.getIssue(repo.id, Number(n)) === null) return sendError(c, errors.notFound(DOCS.listComments));
    const q = query(c.req.url);
    if (!q.ok) return sendError(c, errors.badRequest('Problems parsing query string', DOCS.listComments));
    const parsed = parseCommentParams(q.read);
    if (!parsed.ok) return sendError(c, errors.validationFailed(parsed.errors, DOCS.listComments));
    const page = store.listComments(repo.id, Number(n), parsed.value);
    return sendRepoPage(c, repo, page, parsed.value, webBase);
  });

  return routes;
}
