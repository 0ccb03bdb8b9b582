/**
 * A repository's people and milestones: `GET /repos/{owner}/{repo}/assignees`,
 * `/milestones` and `/milestones/{milestone_number}`, in GitHub's shapes (`simple-user`,
 * `milestone`). Both are derived from the issues the service holds (store/people-queries.ts;
 * docs/api.md says how that differs from GitHub). Repository access is already checked; the
 * answers are kept rendered in the answer cache, keyed by the repository's data version, as
 * the issue routes' are.
 */
import { Hono } from 'hono';
import { parsePageParams } from '../../shared/list-params';
import { parseMilestoneParams, selectMilestones, type MilestoneFacts } from '../../shared/milestone-params';
import type { AppEnv } from '../app-env';
import type { AnswerCache } from '../http/answer-cache';
import { DOCS, errors } from '../http/error-bodies';
import { parseQueryString } from '../http/query-string';
import { pageAnswer, sendCachedRepoAnswer, sendError } from '../http/respond';
import { buildUser } from '../store/build-documents';
import type { MilestoneRecord } from '../store/records';
import type { PeopleReader } from '../store/storage';

const MILESTONE_NUMBER = /^[1-9]\d{0,9}$/;

/** The stored milestone with the counts its issues give now (the copy in an issue holds the counts of its import). */
function milestoneDocument(m: MilestoneRecord): Record<string, unknown> & MilestoneFacts {
  const doc = m.document;
  return {
    ...doc,
    number: m.number,
    state: typeof doc.state === 'string' ? doc.state : 'open',
    due_on: typeof doc.due_on === 'string' ? doc.due_on : null,
    open_issues: m.openIssues,
    closed_issues: m.closedIssues,
  };
}

export function peopleRoutes(store: PeopleReader, webBase: string | null, answers: AnswerCache): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.get('/assignees', (c) =>
    sendCachedRepoAnswer(c, answers, webBase, async (repo) => {
      const q = parseQueryString(new URL(c.req.url).search);
      if (!q.ok) return sendError(c, errors.badRequest('Problems parsing query string', DOCS.listAssignees));
      const paging = parsePageParams(q.read);
      // By login without case, so both engines give one order whatever their collation.
      const people = [...(await store.listAssignees(repo.id))].sort((a, b) => {
        const x = a.login.toLowerCase();
        const y = b.login.toLowerCase();
        return x < y ? -1 : x > y ? 1 : 0;
      });
      const offset = (paging.page - 1) * paging.perPage;
      // Avatars are the service's own identicons: the users table keeps no avatar URL.
      const documents = people.slice(offset, offset + paging.perPage).map((u) => JSON.stringify(buildUser(u, { localAvatars: true })));
      return pageAnswer(c, { total: people.length, documents }, paging);
    }),
  );

  routes.get('/milestones', (c) =>
    sendCachedRepoAnswer(c, answers, webBase, async (repo) => {
      const q = parseQueryString(new URL(c.req.url).search);
      if (!q.ok) return sendError(c, errors.badRequest('Problems parsing query string', DOCS.listMilestones));
      const params = parseMilestoneParams(q.read);
      const selected = selectMilestones((await store.listMilestones(repo.id)).map(milestoneDocument), params);
      const offset = (params.page - 1) * params.perPage;
      const documents = selected.slice(offset, offset + params.perPage).map((m) => JSON.stringify(m));
      return pageAnswer(c, { total: selected.length, documents }, params);
    }),
  );

  routes.get('/milestones/:number', (c) =>
    sendCachedRepoAnswer(c, answers, webBase, async (repo) => {
      const n = c.req.param('number');
      const found = MILESTONE_NUMBER.test(n) ? (await store.listMilestones(repo.id)).find((m) => m.number === Number(n)) : undefined;
      if (!found) return sendError(c, errors.notFound(DOCS.getMilestone));
      return { json: JSON.stringify(milestoneDocument(found)), link: null };
    }),
  );

  return routes;
}
