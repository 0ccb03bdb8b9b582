// Our answers, held to GitHub's own OpenAPI description (@octokit/openapi, api.github.com) with ajv.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCommandStorage } from '../store/open-storage';
import { githubDescriptionVersion, githubOperations, githubItemShape, type GithubOperation } from '../../../test-support/server/github-openapi';
import { importHistoryRepository } from '../../../test-support/server/history-repository';
import { HIDDEN_LOGIN, importPeopleRepositories, PEOPLE_TOKENS } from '../../../test-support/server/people-repository';
import { importLinkedRepository } from '../../../test-support/server/linked-repository';
import { importRichRepositories, RECORDED_REPO } from '../../../test-support/server/rich-repository';
import { importSearchRepositories } from '../../../test-support/server/search-repository';
import { auth, startTestService, TOKENS, type TestService } from '../../../test-support/server/test-service';

const ops = githubOperations(
  'issues/list-for-repo',
  'issues/get',
  'issues/list-comments',
  'issues/list-comments-for-repo',
  'issues/list-labels-for-repo',
  'repos/get',
  'users/get-authenticated',
  'rate-limit/get',
  'search/issues-and-pull-requests',
  'issues/list-events-for-timeline',
  'issues/list-events',
  'issues/list-events-for-repo',
  'issues/list-assignees',
  'issues/list-milestones',
  'issues/get-milestone',
  'users/get-by-username',
  'issues/list-sub-issues',
  'issues/get-parent',
  'repos/list-issue-types',
  'orgs/list-issue-types',
);

// The timeline's item schema is an `anyOf` that some near-empty shapes satisfy: each item is
// also held to the schema GitHub gives its kind of event. Compiled before the service starts:
// compiling takes seconds, and would stall a service in this process mid-test.
const SCHEMA_OF_EVENT: Record<string, string> = {
  commented: 'Timeline Comment Event',
  'cross-referenced': 'Timeline Cross Referenced Event',
  labeled: 'Labeled Issue Event',
  assigned: 'Timeline Assigned Issue Event',
  renamed: 'Renamed Issue Event',
  closed: 'State Change Issue Event',
  merged: 'State Change Issue Event',
};
let timelineShapes: Map<string, ReturnType<typeof githubItemShape>>;
/** issue 47's events, each held to the schema GitHub gives its kind */
const SCHEMA_OF_TYPE_EVENT: Record<string, string> = {
  issue_type_added: 'Issue Type Added Issue Event',
  issue_type_changed: 'Issue Type Changed Issue Event',
  issue_type_removed: 'Issue Type Removed Issue Event',
  sub_issue_added: 'Sub-issue Added Issue Event',
  sub_issue_removed: 'Sub-issue Removed Issue Event',
  parent_issue_added: 'Parent-issue Added Issue Event',
  parent_issue_removed: 'Parent-issue Removed Issue Event',
};
let typeEventShapes: Map<string, ReturnType<typeof githubItemShape>>;

let svc: TestService;
beforeAll(async () => {
  timelineShapes = new Map([...new Set(Object.values(SCHEMA_OF_EVENT))].map((title) => [title, githubItemShape('issues/list-events-for-timeline', title)]));
  typeEventShapes = new Map(Object.entries(SCHEMA_OF_TYPE_EVENT).map(([event, title]) => [event, githubItemShape('issues/list-events-for-timeline', title)]));
  // The history operations' schemas are as large: compiled now too (a check compiles on first use).
  for (const id of ['issues/list-events-for-timeline', 'issues/list-events', 'issues/list-events-for-repo'] as const) ops[id].check(200, []);
  svc = await startTestService({ limits: { unauthLimit: 10_000, searchUnauthLimit: 10_000 } });
  const store = await openCommandStorage(svc.dbFile);
  await importRichRepositories(store, Date.now());
  await importHistoryRepository(store, Date.now());
  await importLinkedRepository(store, Date.now());
  await importSearchRepositories(store, Date.now(), { bulk: false });
  await importPeopleRepositories(store, Date.now());
  await store.close();
}, 60_000);
afterAll(() => svc.close());

async function get(path: string, headers: Record<string, string> = {}): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${svc.api}${path}`, { headers, redirect: 'manual' });
  return { status: res.status, body: await res.json() };
}

/** Asserts an answer matches the operation's documented schema for its status, naming every violation. */
function expectConforms(op: GithubOperation, answer: { status: number; body: unknown }, label: string): void {
  expect(op.statuses, `${op.operationId} documents ${answer.status}`).toContain(String(answer.status));
  const { errors } = op.check(answer.status, answer.body);
  expect(errors, `${label} against ${op.operationId} ${answer.status} (GitHub's description ${githubDescriptionVersion()})`).toEqual([]);
}

const REPOS = ['octo/hello', 'octo/rich', 'octo/plans', `${RECORDED_REPO.owner}/${RECORDED_REPO.name}`];

describe("GET /repos/{owner}/{repo}/issues against GitHub's issues/list-for-repo", () => {
  it("answers a state=all page whose every entry, issue or pull request, is GitHub's issue schema", async () => {
    const issue = ops['issues/list-for-repo'];
    for (const repo of REPOS) {
      for (const headers of [{}, auth(TOKENS.bob)]) {
        const page = await get(`/repos/${repo}/issues?state=all&per_page=100`, headers);
        expect(page.status).toBe(200);
        const entries = page.body as Array<{ number: number; pull_request?: unknown }>;
        expect(entries.length).toBeGreaterThan(0);
        for (const entry of entries) expect(issue.checkItem(200, entry).errors, `${repo}#${entry.number}`).toEqual([]);
        expectConforms(issue, page, repo);
      }
    }
    const hello = (await get('/repos/octo/hello/issues?state=all&per_page=100')).body as Array<{ pull_request?: unknown }>;
    expect(hello.some((e) => e.pull_request) && hello.some((e) => !e.pull_request)).toBe(true);
  });

  it('answers a private repository listed with access in the same schema', async () => {
    expectConforms(ops['issues/list-for-repo'], await get('/repos/octo/secret/issues?state=all', auth(TOKENS.alice)), 'octo/secret');
  });

  it("answers a repository that is missing, or private to someone else, with GitHub's 404 Basic Error", async () => {
    for (const [path, headers] of [['/repos/octo/nope/issues', {}], ['/repos/octo/secret/issues', {}], ['/repos/octo/secret/issues', auth(TOKENS.bob)]] as const) {
      const answer = await get(path, headers);
      expect(answer.status).toBe(404);
      expectConforms(ops['issues/list-for-repo'], answer, path);
    }
  });

  it("answers an invalid since or labels with GitHub's 422 Validation Error", async () => {
    for (const q of ['since=yesterday', 'labels=bug,,ui', `labels=${'x'.repeat(51)}`]) {
      const answer = await get(`/repos/octo/hello/issues?${q}`);
      expect(answer.status, q).toBe(422);
      expectConforms(ops['issues/list-for-repo'], answer, q);
    }
  });

  it("answers the old name of a renamed repository with GitHub's 301 body", async () => {
    const answer = await get('/repos/octo/old-name/issues?state=all');
    expect(answer.status).toBe(301);
    expectConforms(ops['issues/list-for-repo'], answer, 'octo/old-name');
    expect(answer.body).toMatchObject({ message: 'Moved Permanently', url: expect.stringContaining('/repos/octo/new-name/issues') });
  });
});

describe('the other endpoints against their operations', () => {
  it("answers single issues and pull requests with GitHub's issues/get: 200, 404 and 301", async () => {
    const op = ops['issues/get'];
    for (const path of ['/repos/octo/story/issues/1', '/repos/octo/story/issues/2', '/repos/octo/hello/issues/1', '/repos/octo/hello/issues/5', '/repos/octo/rich/issues/1', '/repos/octo/rich/issues/2', '/repos/octo/rich/issues/3', '/repos/octo/rich/issues/4']) {
      const answer = await get(path);
      expect(answer.status, path).toBe(200);
      expectConforms(op, answer, path);
    }
    for (const path of ['/repos/octo/hello/issues/9999', '/repos/octo/hello/issues/abc', '/repos/octo/secret/issues/1']) {
      const answer = await get(path);
      expect(answer.status, path).toBe(404);
      expectConforms(op, answer, path);
    }
    const moved = await get('/repos/octo/old-name/issues/1');
    expect(moved.status).toBe(301);
    expectConforms(op, moved, 'moved issue');
  });

  it("answers an issue's comments with GitHub's issues/list-comments: 200 and 404", async () => {
    const op = ops['issues/list-comments'];
    for (const path of ['/repos/octo/hello/issues/1/comments', '/repos/octo/rich/issues/1/comments', '/repos/octo/rich/issues/2/comments']) {
      expectConforms(op, await get(path), path);
    }
    const missing = await get('/repos/octo/hello/issues/9999/comments');
    expect(missing.status).toBe(404);
    expectConforms(op, missing, 'comments of a missing issue');
  });

  it("answers a repository's comments with GitHub's issues/list-comments-for-repo: 200, 404 and 422", async () => {
    const op = ops['issues/list-comments-for-repo'];
    for (const q of ['', '?sort=updated&direction=desc', '?since=2024-01-02T12:00:00Z']) {
      const answer = await get(`/repos/octo/rich/issues/comments${q}`);
      expect(answer.status, q).toBe(200);
      expectConforms(op, answer, q);
    }
    const invalid = await get('/repos/octo/rich/issues/comments?since=soon');
    expect(invalid.status).toBe(422);
    expectConforms(op, invalid, 'bad since');
    const missing = await get('/repos/octo/nope/issues/comments');
    expect(missing.status).toBe(404);
    expectConforms(op, missing, 'missing repository');
  });

  it("answers an issue's timeline, its events and the repository's events in GitHub's schemas: 200 and 404", async () => {
    const seen = new Set<string>();
    for (const n of [1, 2, 3]) {
      const timeline = await get(`/repos/octo/story/issues/${n}/timeline`);
      expect((timeline.body as unknown[]).length, `#${n}`).toBeGreaterThan(0);
      expectConforms(ops['issues/list-events-for-timeline'], timeline, `timeline of #${n}`);
      for (const item of timeline.body as Array<{ event: string }>) {
        const name = SCHEMA_OF_EVENT[item.event] ?? '';
        const check = timelineShapes.get(name);
        expect(check, `a schema for ${item.event}`).toBeDefined();
        expect(check?.(item).errors, `${item.event} of #${n} against ${name}`).toEqual([]);
        seen.add(item.event);
      }
      expectConforms(ops['issues/list-events'], await get(`/repos/octo/story/issues/${n}/events`), `events of #${n}`);
    }
    expect([...seen].sort()).toEqual(Object.keys(SCHEMA_OF_EVENT).sort());
    expectConforms(ops['issues/list-events-for-timeline'], await get('/repos/octo/rich/issues/1/timeline'), 'timeline with comments alone');
    const events = await get('/repos/octo/story/issues/events');
    expect((events.body as unknown[]).length).toBe(6);
    expectConforms(ops['issues/list-events-for-repo'], events, "the repository's events");
    for (const path of ['/repos/octo/story/issues/99/timeline', '/repos/octo/secret/issues/1/timeline']) {
      const missing = await get(path);
      expect(missing.status, path).toBe(404);
      expectConforms(ops['issues/list-events-for-timeline'], missing, path);
    }
  });

  it("answers issue types, sub-issues and parents in GitHub's schemas: 200 and 404 (issue 47)", async () => {
    expectConforms(ops['repos/list-issue-types'], await get('/repos/octo/plans/issue-types'), 'issue types');
    expectConforms(ops['repos/list-issue-types'], await get('/repos/octo/secret/issue-types'), 'issue types of a private repository unseen');
    expectConforms(ops['orgs/list-issue-types'], await get('/orgs/octo/issue-types', auth(TOKENS.alice)), "an organization's issue types");
    expectConforms(ops['orgs/list-issue-types'], await get('/orgs/nobody/issue-types'), 'an organization unseen');
    for (const path of ['/repos/octo/plans/issues/1/sub_issues', '/repos/octo/plans/issues/1/sub_issues?per_page=2&page=2', '/repos/octo/plans/issues/6/sub_issues', '/repos/octo/plans/issues/99/sub_issues']) {
      expectConforms(ops['issues/list-sub-issues'], await get(path), path);
    }
    for (const path of ['/repos/octo/plans/issues/3/parent', '/repos/octo/plans/issues/7/parent', '/repos/octo/plans/issues/1/parent']) {
      expectConforms(ops['issues/get-parent'], await get(path), path);
    }
    const typed = await get('/repos/octo/plans/issues/1');
    expectConforms(ops['issues/get'], typed, 'an issue with a type and sub-issues');
    const seen = new Set<string>();
    for (const n of [7, 6, 3, 1]) {
      const timeline = await get(`/repos/octo/plans/issues/${n}/timeline`);
      expectConforms(ops['issues/list-events-for-timeline'], timeline, `type, sub-issue and parent events of #${n}`);
      for (const item of timeline.body as Array<{ event: string }>) {
        const check = typeEventShapes.get(item.event);
        expect(check?.(item).errors, `${item.event} of #${n}`).toEqual([]);
        seen.add(item.event);
      }
      expectConforms(ops['issues/list-events'], await get(`/repos/octo/plans/issues/${n}/events`), `events of #${n}`);
    }
    expect([...seen].sort()).toEqual(Object.keys(SCHEMA_OF_TYPE_EVENT).sort());
    expectConforms(ops['issues/list-events-for-repo'], await get('/repos/octo/plans/issues/events?per_page=100'), "the repository's events with sub-issue events");
  });

  it("answers labels, the repository, the token's user and the rate limit in GitHub's schemas", async () => {
    expectConforms(ops['issues/list-labels-for-repo'], await get('/repos/octo/rich/labels'), 'labels');
    expectConforms(ops['repos/get'], await get('/repos/octo/rich'), 'public repository');
    expectConforms(ops['repos/get'], await get('/repos/octo/secret', auth(TOKENS.alice)), 'private repository');
    expectConforms(ops['users/get-authenticated'], await get('/user', auth(TOKENS.alice)), '/user');
    expectConforms(ops['rate-limit/get'], await get('/rate_limit'), '/rate_limit');
  });
});

describe("the repository's people and milestones, and users, against their operations", () => {
  it("answers assignees with GitHub's issues/list-assignees: 200 and 404", async () => {
    const op = ops['issues/list-assignees'];
    for (const [path, headers] of [['/repos/mona/plans/assignees', {}], ['/repos/octo/rich/assignees', {}], ['/repos/mona/hush/assignees', auth(PEOPLE_TOKENS.mona)]] as const) {
      const answer = await get(path, headers);
      expect(answer.status, path).toBe(200);
      expect((answer.body as unknown[]).length, path).toBeGreaterThan(0);
      expectConforms(op, answer, path);
    }
    for (const path of ['/repos/mona/hush/assignees', '/repos/mona/nope/assignees']) {
      const missing = await get(path);
      expect(missing.status, path).toBe(404);
      expectConforms(op, missing, path);
    }
  });

  it("answers milestones with GitHub's issues/list-milestones and issues/get-milestone: 200 and 404", async () => {
    for (const path of ['/repos/mona/plans/milestones?state=all', '/repos/octo/rich/milestones?state=all&sort=completeness']) {
      const answer = await get(path);
      expect((answer.body as unknown[]).length, path).toBeGreaterThan(0);
      expectConforms(ops['issues/list-milestones'], answer, path);
    }
    // octo/rich's #2 carries a milestone imported without a creator or dates.
    for (const path of ['/repos/mona/plans/milestones/1', '/repos/mona/plans/milestones/4', '/repos/octo/rich/milestones/3']) {
      const answer = await get(path);
      expect(answer.status, path).toBe(200);
      expectConforms(ops['issues/get-milestone'], answer, path);
    }
    for (const path of ['/repos/mona/plans/milestones/99', '/repos/mona/hush/milestones/1']) {
      const missing = await get(path);
      expect(missing.status, path).toBe(404);
      expectConforms(ops['issues/get-milestone'], missing, path);
    }
    expectConforms(ops['issues/list-milestones'], await get('/repos/mona/hush/milestones'), 'hidden milestones');
  });

  it("answers users with GitHub's users/get-by-username: 200 and 404", async () => {
    const op = ops['users/get-by-username'];
    for (const [path, headers] of [['/users/mona', {}], ['/users/dependabot[bot]', {}], ['/users/zoe', {}], [`/users/${HIDDEN_LOGIN}`, auth(PEOPLE_TOKENS.mona)]] as const) {
      const answer = await get(path, headers);
      expect(answer.status, path).toBe(200);
      expectConforms(op, answer, path);
    }
    for (const path of ['/users/no-such-person', `/users/${HIDDEN_LOGIN}`]) {
      const missing = await get(path);
      expect(missing.status, path).toBe(404);
      expectConforms(op, missing, path);
    }
  });
});

describe("GET /search/issues against GitHub's search/issues-and-pull-requests", () => {
  const op = () => ops['search/issues-and-pull-requests'];
  const q = (query: string, extra = '') => `/search/issues?q=${encodeURIComponent(query)}${extra}`;

  /**
   * GitHub's description types a search item's `body` as a string, but api.github.com sends
   * `null` for an issue without one, in search as in lists (whose schema allows it), and so does
   * the service: that one known inaccuracy of the description is let through, nothing else.
   */
  function expectSearchConforms(answer: { status: number; body: unknown }, label: string): void {
    const items = (answer.body as { items: Array<{ body?: unknown }> }).items;
    const { errors } = op().check(answer.status, answer.body);
    const nullBody = (e: string) => {
      const m = /^\/items\/(\d+)\/body must be string$/.exec(e);
      return m !== null && items[Number(m[1])]?.body === null;
    };
    expect(errors.filter((e) => !nullBody(e)), `${label} against ${op().operationId} (GitHub's description ${githubDescriptionVersion()})`).toEqual([]);
  }

  it('answers searches whose every item, issue or pull request, from every kind of repository, is an issue-search-result-item', async () => {
    for (const [path, headers] of [
      [q('repo:octo/rich', '&per_page=100'), {}],
      [q(`repo:${RECORDED_REPO.owner}/${RECORDED_REPO.name}`, '&per_page=100'), {}],
      [q('repo:search/lab crash'), {}],
      [q('is:closed sort:updated-asc', '&per_page=100'), {}],
      [q('"secret plan"'), auth(TOKENS.alice)],
      [q('label:bug OR label:docs', '&advanced_search=true&sort=comments&order=asc'), auth(TOKENS.bob)],
      [q('repo:search/lab crash', '&search_type=semantic'), auth(TOKENS.bob)],
      [q('nothing-matches-this-word'), {}],
    ] as const) {
      const answer = await get(path, headers);
      expect(answer.status, path).toBe(200);
      expectSearchConforms(answer, path);
      if (!path.includes('nothing')) expect((answer.body as { items: unknown[] }).items.length, path).toBeGreaterThan(0);
    }
  });

  it("answers a missing q, a refused query, a hidden repository and a page past the cap with GitHub's 422 validation-error", async () => {
    for (const path of ['/search/issues', q('is:starred'), q('repo:octo/secret'), q('user:nobody'), q('language:go'), q('repo:octo/rich', '&page=11&per_page=100')]) {
      const answer = await get(path);
      expect(answer.status, path).toBe(422);
      expectConforms(op(), answer, path);
    }
  });

  it("answers a semantic search without a token with GitHub's documented 401", async () => {
    const answer = await get(q('crash', '&search_type=hybrid'));
    expect(answer.status).toBe(401);
    expectConforms(op(), answer, 'search_type=hybrid without a token');
  });

  it("answers the search rate limit's 403 with GitHub's basic-error", async () => {
    const tight = await startTestService({ limits: { searchUnauthLimit: 1 } });
    try {
      await fetch(`${tight.api}${q('crash')}`);
      const res = await fetch(`${tight.api}${q('crash')}`);
      const answer = { status: res.status, body: (await res.json()) as unknown };
      expect(answer.status).toBe(403);
      expectConforms(op(), answer, 'search rate limit');
    } finally {
      await tight.close();
    }
  });

  it('lists search in /rate_limit as GitHub describes it, with real numbers', async () => {
    const answer = await get('/rate_limit');
    expectConforms(ops['rate-limit/get'], answer, '/rate_limit');
    const { search } = (answer.body as { resources: { search: { limit: number; used: number } } }).resources;
    expect(search.limit).toBe(10_000);
    expect(search.used).toBeGreaterThan(0);
  });
});

describe('the reference itself', () => {
  it("rejects what GitHub's schema forbids, so a pass above means something", async () => {
    const [entry] = (await get('/repos/octo/rich/issues?state=all&per_page=1')).body as Array<Record<string, unknown>>;
    const op = ops['issues/list-for-repo'];
    expect(op.checkItem(200, entry).valid).toBe(true);
    const broken = [
      { ...entry, user: { ...(entry!.user as object), followers_url: undefined } },
      { ...entry, state: 42 },
      { ...entry, created_at: 'last Tuesday' },
      { ...entry, milestone: { ...(entry!.milestone as object), labels_url: undefined } },
    ].map((e) => JSON.parse(JSON.stringify(e)) as unknown);
    for (const e of broken) expect(op.checkItem(200, e).valid).toBe(false);
    expect(ops['issues/list-for-repo'].check(422, { message: 'Validation Failed', errors: [{ field: 'since' }] }).valid).toBe(false);
    const search = (await get('/search/issues?q=repo%3Asearch%2Flab')).body as { items: Array<Record<string, unknown>> };
    const searchOp = ops['search/issues-and-pull-requests'];
    expect(searchOp.check(200, search).valid).toBe(true);
    expect(searchOp.check(200, { ...search, search_type: undefined }).valid).toBe(false);
    expect(searchOp.check(200, { ...search, items: search.items.map((i) => ({ ...i, score: undefined })) }).valid).toBe(false);
  });
});
