/**
 * `GET /repos/{owner}/{repo}/issues` (spec 4.1), `/issues/{number}`,
 * `/issues/{number}/comments`, `/issues/{number}/timeline`, `/issues/{number}/events`, and the
 * repository's `/issues/comments` and `/issues/events`.
 * Repository access is already checked. Answers are kept rendered in the
 * answer cache (http/answer-cache.ts), keyed by the repository's data version.
 */
import { Hono, type Context } from 'hono';
import { parseCommentParams, parseListParams, parsePageParams, parseRepoCommentParams } from '../../shared/list-params';
import type { AppEnv } from '../app-env';
import { DOCS, errors } from '../http/error-bodies';
import { parseQueryString } from '../http/query-string';
import type { AnswerCache } from '../http/answer-cache';
import { pageAnswer, sendCachedRepoAnswer, sendError } from '../http/respond';
import type { DocumentPage } from '../store/records';
import type { Awaitable, IssueReader } from '../store/storage';

const ISSUE_NUMBER = /^[1-9]\d{0,9}$/;

function query(url: string) {
  return parseQueryString(new URL(url).search);
}

export function issueRoutes(store: IssueReader, webBase: string | null, answers: AnswerCache): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.get('/issues', (c) =>
    sendCachedRepoAnswer(c, answers, webBase, async (repo) => {
      const q = query(c.req.url);
      if (!q.ok) return sendError(c, errors.badRequest('Problems parsing query string', DOCS.listIssues));
      const parsed = parseListParams(q.read);
      if (!parsed.ok) return sendError(c, errors.validationFailed(parsed.errors, DOCS.listIssues));
      return pageAnswer(c, await store.listIssues(repo.id, parsed.value), parsed.value);
    }),
  );

  // Before `/issues/:number`, which would otherwise take `comments` for a number.
  routes.get('/issues/comments', (c) =>
    sendCachedRepoAnswer(c, answers, webBase, async (repo) => {
      const q = query(c.req.url);
      if (!q.ok) return sendError(c, errors.badRequest('Problems parsing query string', DOCS.listRepoComments));
      const parsed = parseRepoCommentParams(q.read);
      if (!parsed.ok) return sendError(c, errors.validationFailed(parsed.errors, DOCS.listRepoComments));
      return pageAnswer(c, await store.listRepoComments(repo.id, parsed.value), parsed.value);
    }),
  );

  // GitHub answers a bad `page` or `per_page` here with its defaults, as on lists (spec 4.1.6).
  routes.get('/issues/events', (c) =>
    sendCachedRepoAnswer(c, answers, webBase, async (repo) => {
      const q = query(c.req.url);
      if (!q.ok) return sendError(c, errors.badRequest('Problems parsing query string', DOCS.listRepoEvents));
      const paging = parsePageParams(q.read);
      return pageAnswer(c, await store.listIssueEvents(repo.id, null, paging), paging);
    }),
  );

  routes.get('/issues/:number', (c) =>
    sendCachedRepoAnswer(c, answers, webBase, async (repo) => {
      const n = c.req.param('number');
      const doc = ISSUE_NUMBER.test(n) ? await store.getIssue(repo.id, Number(n)) : null;
      if (doc === null) return sendError(c, errors.notFound(DOCS.getIssue));
      return { json: doc, link: null };
    }),
  );

  /** A page of something an issue has (its timeline, its events): 404 for an issue the repository lacks. */
  const issuePage = (docs: string, read: (repoId: number, n: number, paging: { page: number; perPage: number }) => Awaitable<DocumentPage>) =>
    (c: Context<AppEnv>) =>
      sendCachedRepoAnswer(c, answers, webBase, async (repo) => {
        const n = c.req.param('number') ?? '';
        if (!ISSUE_NUMBER.test(n) || (await store.getIssue(repo.id, Number(n))) === null) return sendError(c, errors.notFound(docs));
        const q = query(c.req.url);
        if (!q.ok) return sendError(c, errors.badRequest('Problems parsing query string', docs));
        const paging = parsePageParams(q.read);
        return pageAnswer(c, await read(repo.id, Number(n), paging), paging);
      });
  routes.get('/issues/:number/timeline', issuePage(DOCS.listTimeline, (repoId, n, paging) => store.listTimeline(repoId, n, paging)));
  routes.get('/issues/:number/events', issuePage(DOCS.listIssueEvents, (repoId, n, paging) => store.listIssueEvents(repoId, n, paging)));

  routes.get('/issues/:number/comments', (c) =>
    sendCachedRepoAnswer(c, answers, webBase, async (repo) => {
      const n = c.req.param('number');
      if (!ISSUE_NUMBER.test(n) || (await store.getIssue(repo.id, Number(n))) === null) return sendError(c, errors.notFound(DOCS.listComments));
      const q = query(c.req.url);
      if (!q.ok) return sendError(c, errors.badRequest('Problems parsing query string', DOCS.listComments));
      const parsed = parseCommentParams(q.read);
      if (!parsed.ok) return sendError(c, errors.validationFailed(parsed.errors, DOCS.listComments));
      return pageAnswer(c, await store.listComments(repo.id, Number(n), parsed.value), parsed.value);
    }),
  );

  return routes;
}
