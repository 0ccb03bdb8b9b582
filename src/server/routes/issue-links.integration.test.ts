// Issue types and sub-issues over real HTTP (issue 47): the fields on every issue answer,
// `/issue-types`, `/issues/{n}/sub_issues`, `/issues/{n}/parent`, the search qualifiers and the
// timeline's type events. Run on SQLite and, in the `server-postgres` project, on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Issue, IssueEvent, IssueType } from '../../shared/wire-types';
import { openCommandStorage } from '../store/open-storage';
import { importLinkedRepository, LINKED_ISSUES } from '../../../test-support/server/linked-repository';
import { auth, startTestService, TOKENS, type TestService } from '../../../test-support/server/test-service';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService({ limits: { unauthLimit: 10_000, searchUnauthLimit: 10_000 } });
  const store = await openCommandStorage(svc.dbFile);
  await importLinkedRepository(store, Date.now());
  // The same tree in another repository: `parent-issue:` names one repository's issue.
  await store.importIssues({ owner: 'octo', name: 'plans-copy', makePrivate: false }, LINKED_ISSUES, [], Date.now());
  await store.close();
});
afterAll(() => svc.close());

async function get<T>(path: string, headers: Record<string, string> = {}): Promise<{ res: Response; body: T }> {
  const res = await fetch(`${svc.api}${path}`, { headers });
  return { res, body: (await res.json()) as T };
}
const numbers = (issues: Array<{ number: number }>): number[] => issues.map((i) => i.number);
const search = async (q: string, headers: Record<string, string> = {}): Promise<number[]> => {
  const { res, body } = await get<{ items: Issue[] }>(`/search/issues?q=${encodeURIComponent(q)}&per_page=100`, headers);
  expect(res.status, q).toBe(200);
  return numbers(body.items);
};

describe('the issue type and sub-issue fields on issue answers', () => {
  it("carries GitHub's issue type, null when the issue has none", async () => {
    const { body: launch } = await get<Issue>('/repos/octo/plans/issues/1');
    expect(launch.type).toEqual({
      id: 12, node_id: 'IT_feature', name: 'Feature', description: 'A request, idea, or new functionality', color: 'blue',
      created_at: '2025-03-01T00:00:00Z', updated_at: '2025-03-01T00:00:00Z', is_enabled: true,
    });
    expect((await get<Issue>('/repos/octo/plans/issues/6')).body.type).toBeNull();
    // A type imported without id or timestamps gets the import's word on them.
    expect((await get<Issue>('/repos/octo/plans/issues/7')).body.type).toMatchObject({ id: 14, name: 'Feature request', description: null, color: 'green', is_enabled: true });
  });

  it('counts a parent\'s sub-issues and the closed among them, and names a sub-issue\'s parent', async () => {
    const { body: launch } = await get<Issue>('/repos/octo/plans/issues/1');
    expect(launch.sub_issues_summary).toEqual({ total: 4, completed: 2, percent_completed: 50 });
    expect(launch.parent_issue_url).toBeNull();
    const { body: countdown } = await get<Issue>('/repos/octo/plans/issues/3');
    expect(countdown.sub_issues_summary).toEqual({ total: 1, completed: 0, percent_completed: 0 });
    expect(countdown.parent_issue_url).toBe(`${svc.api}/repos/octo/plans/issues/1`);
    expect((await get<Issue>('/repos/octo/plans/issues/6')).body.sub_issues_summary).toEqual({ total: 0, completed: 0, percent_completed: 0 });
  });

  it('has the same fields in lists and in search results', async () => {
    const { body: list } = await get<Issue[]>('/repos/octo/plans/issues?state=all');
    const listed = list.find((i) => i.number === 1);
    expect(listed).toMatchObject({ type: { name: 'Feature' }, sub_issues_summary: { total: 4, completed: 2 }, parent_issue_url: null });
    for (const entry of list) expect(entry).toHaveProperty('type');
    const { body: found } = await get<{ items: Issue[] }>(`/search/issues?q=${encodeURIComponent('repo:octo/plans Book the launch pad')}`);
    expect(found.items[0]).toMatchObject({ number: 2, type: { name: 'Task' }, parent_issue_url: `${svc.api}/repos/octo/plans/issues/1` });
  });
});

describe('GET /repos/{owner}/{repo}/issue-types', () => {
  it("lists the repository's issue types by name, in GitHub's shape", async () => {
    const { res, body } = await get<IssueType[]>('/repos/octo/plans/issue-types');
    expect(res.status).toBe(200);
    expect(body.map((t) => t.name)).toEqual(['Bug', 'Feature', 'Feature request', 'Task']);
    expect(body[0]).toEqual({
      id: 11, node_id: 'IT_bug', name: 'Bug', description: 'An unexpected problem or behavior', color: 'red',
      created_at: '2025-03-01T00:00:00Z', updated_at: '2025-03-01T00:00:00Z', is_enabled: true,
    });
    expect(res.headers.get('link')).toBeNull();
  });

  it('is [] for a repository without types, and 404 for a private one unseen', async () => {
    expect((await get<IssueType[]>('/repos/octo/hello/issue-types')).body).toEqual([]);
    expect((await get('/repos/octo/secret/issue-types')).res.status).toBe(404);
    expect((await get('/repos/octo/secret/issue-types', auth(TOKENS.bob))).res.status).toBe(404);
    expect((await get<IssueType[]>('/repos/octo/secret/issue-types', auth(TOKENS.alice))).body.map((t) => t.name)).toEqual(['Secret type']);
  });
});

describe('GET /orgs/{org}/issue-types', () => {
  it("lists the types of the account's repositories the caller may see, one per name", async () => {
    const anonymous = await get<IssueType[]>('/orgs/octo/issue-types');
    expect(anonymous.res.status).toBe(200);
    expect(anonymous.body.map((t) => t.name)).toEqual(['Bug', 'Feature', 'Feature request', 'Task']);
    expect(anonymous.body[1]).toMatchObject({ id: 12, name: 'Feature', color: 'blue' });
    expect((await get<IssueType[]>('/orgs/OCTO/issue-types', auth(TOKENS.bob))).body.map((t) => t.name)).toEqual(['Bug', 'Feature', 'Feature request', 'Task']);
    expect((await get<IssueType[]>('/orgs/octo/issue-types', auth(TOKENS.alice))).body.map((t) => t.name)).toEqual(['Bug', 'Feature', 'Feature request', 'Secret type', 'Task']);
  });

  it('is 404 for an account the caller sees no repository of, and a 304 costs nothing', async () => {
    for (const org of ['nobody', 'bad%20name']) {
      const { res, body } = await get<{ message: string }>(`/orgs/${org}/issue-types`);
      expect(res.status, org).toBe(404);
      expect(body.message).toBe('Not Found');
    }
    const first = await get<IssueType[]>('/orgs/octo/issue-types', auth(TOKENS.bob));
    const etag = first.res.headers.get('etag') ?? '';
    const remaining = Number(first.res.headers.get('x-ratelimit-remaining'));
    const again = await fetch(`${svc.api}/orgs/octo/issue-types`, { headers: { ...auth(TOKENS.bob), 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(Number(again.headers.get('x-ratelimit-remaining'))).toBe(remaining);
  });
});

describe('GET /repos/{owner}/{repo}/issues/{number}/sub_issues', () => {
  it("lists a parent's sub-issues in priority order, paged by Link", async () => {
    const all = await get<Issue[]>('/repos/octo/plans/issues/1/sub_issues');
    expect(all.res.status).toBe(200);
    expect(numbers(all.body)).toEqual([2, 3, 4, 5]);
    expect(all.body[1]).toMatchObject({ title: 'Build the countdown', state: 'open', sub_issues_summary: { total: 1 } });
    const first = await get<Issue[]>('/repos/octo/plans/issues/1/sub_issues?per_page=3');
    expect(numbers(first.body)).toEqual([2, 3, 4]);
    const link = first.res.headers.get('link') ?? '';
    expect(link).toContain(`<${svc.api}/repos/octo/plans/issues/1/sub_issues?per_page=3&page=2>; rel="next"`);
    expect(link).toContain('page=2>; rel="last"');
    expect(numbers((await get<Issue[]>('/repos/octo/plans/issues/1/sub_issues?per_page=3&page=2')).body)).toEqual([5]);
    expect((await get<Issue[]>('/repos/octo/plans/issues/1/sub_issues?per_page=3&page=9')).body).toEqual([]);
  });

  it('is [] for an issue without sub-issues, and 404 for an issue the repository lacks or cannot show', async () => {
    expect((await get<Issue[]>('/repos/octo/plans/issues/6/sub_issues')).body).toEqual([]);
    expect((await get('/repos/octo/plans/issues/99/sub_issues')).res.status).toBe(404);
    expect((await get('/repos/octo/secret/issues/1/sub_issues')).res.status).toBe(404);
    expect(numbers((await get<Issue[]>('/repos/octo/secret/issues/1/sub_issues', auth(TOKENS.alice))).body)).toEqual([2]);
  });

  it('revalidates with its ETag: a 304 costs no credit, a new answer one', async () => {
    const first = await get<Issue[]>('/repos/octo/plans/issues/1/sub_issues', auth(TOKENS.bob));
    const etag = first.res.headers.get('etag') ?? '';
    const remaining = Number(first.res.headers.get('x-ratelimit-remaining'));
    const again = await fetch(`${svc.api}/repos/octo/plans/issues/1/sub_issues`, { headers: { ...auth(TOKENS.bob), 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(Number(again.headers.get('x-ratelimit-remaining'))).toBe(remaining);
    const other = await get<Issue[]>('/repos/octo/plans/issues/3/sub_issues', auth(TOKENS.bob));
    expect(Number(other.res.headers.get('x-ratelimit-remaining'))).toBe(remaining - 1);
  });
});

describe('GET /repos/{owner}/{repo}/issues/{number}/parent', () => {
  it("answers a sub-issue's parent issue", async () => {
    const { res, body } = await get<Issue>('/repos/octo/plans/issues/7/parent');
    expect(res.status).toBe(200);
    expect(body).toMatchObject({ number: 3, title: 'Build the countdown', parent_issue_url: `${svc.api}/repos/octo/plans/issues/1` });
  });

  it('is 404 for an issue without a parent, one the repository lacks, and a private one unseen', async () => {
    for (const path of ['/repos/octo/plans/issues/1/parent', '/repos/octo/plans/issues/6/parent', '/repos/octo/plans/issues/99/parent', '/repos/octo/secret/issues/2/parent']) {
      const { res, body } = await get<{ message: string }>(path);
      expect(res.status, path).toBe(404);
      expect(body.message).toBe('Not Found');
    }
    expect((await get<Issue>('/repos/octo/secret/issues/2/parent', auth(TOKENS.alice))).body.number).toBe(1);
  });
});

describe('the search qualifiers of types and sub-issues', () => {
  it('finds issues by type, quoted names and several names too, without case', async () => {
    expect(await search('repo:octo/plans type:Task')).toEqual([5, 3, 2]);
    expect(await search('repo:octo/plans type:"Feature request"')).toEqual([7]);
    expect(await search('repo:octo/plans type:bug')).toEqual([4]);
    expect(await search('repo:octo/plans type:Bug,Feature')).toEqual([4, 1]);
    expect(await search('repo:octo/plans -type:Task')).toEqual([8, 7, 6, 4, 1]);
    expect(await search('repo:octo/plans type:issue -type:Task')).toEqual([7, 6, 4, 1]);
  });

  it('finds parents, sub-issues and the sub-issues of one parent', async () => {
    expect(await search('repo:octo/plans has:sub-issues')).toEqual([3, 1]);
    expect(await search('repo:octo/plans has:parent-issue')).toEqual([7, 5, 4, 3, 2]);
    expect(await search('repo:octo/plans no:parent-issue')).toEqual([8, 6, 1]);
    expect(await search('repo:octo/plans no:sub-issues is:open')).toEqual([8, 7, 6, 5]);
    expect(await search('parent-issue:octo/plans#1')).toEqual([5, 4, 3, 2]);
    expect(await search('parent-issue:octo/hello#1')).toEqual([]);
    expect(await search('parent-issue:OCTO/Plans#3')).toEqual([7]);
    expect(await search('parent-issue:octo/plans#1 is:closed')).toEqual([4, 2]);
  });

  it("never shows a private repository's issues to someone it is not granted to", async () => {
    expect(await search('type:"Secret type"')).toEqual([]);
    expect(await search('type:"Secret type"', auth(TOKENS.bob))).toEqual([]);
    expect(await search('parent-issue:octo/secret#1', auth(TOKENS.bob))).toEqual([]);
    expect(await search('type:"Secret type"', auth(TOKENS.alice))).toEqual([1]);
  });

  it('refuses a has: or parent-issue: it cannot read, saying why', async () => {
    const { res, body } = await get<{ message: string; errors: Array<{ message: string }> }>(`/search/issues?q=${encodeURIComponent('has:wings')}`);
    expect(res.status).toBe(422);
    expect(JSON.stringify(body)).toContain('has: takes sub-issues or parent-issue');
  });
});

describe('the type events on the timeline', () => {
  it('shows issue_type_added, _changed and _removed with the types they name', async () => {
    const { body } = await get<IssueEvent[]>('/repos/octo/plans/issues/7/timeline');
    expect(body.map((e) => e.event)).toEqual(['issue_type_added', 'issue_type_changed', 'parent_issue_added']);
    expect(body[0]).toMatchObject({ actor: { login: 'mona' }, issue_type: { id: 11, name: 'Bug', color: 'red' } });
    expect(body[1]).toMatchObject({ issue_type: { id: 14, name: 'Feature request', color: 'green' }, prev_issue_type: { id: 11, name: 'Bug', color: 'red' } });
    const { body: removed } = await get<IssueEvent[]>('/repos/octo/plans/issues/6/events');
    // GitHub's removal names the type that was removed as `prev_issue_type`.
    expect(removed[0]).toMatchObject({ event: 'issue_type_removed', prev_issue_type: { name: 'Task' } });
  });
});

describe('the sub-issue and parent events on the timeline', () => {
  it("shows parent_issue_added and sub_issue_added with the other issue as GitHub's issue reference", async () => {
    const { body: child } = await get<IssueEvent[]>('/repos/octo/plans/issues/7/timeline');
    expect(child.at(-1)).toEqual(expect.objectContaining({
      event: 'parent_issue_added', actor: expect.objectContaining({ login: 'mona' }), created_at: '2025-03-11T00:00:00Z',
      parent_issue: {
        number: 3, title: 'Build the countdown', state: 'open', state_reason: null, issue_type: null,
        repository: expect.objectContaining({
          id: 501, node_id: 'R_plans', name: 'plans', full_name: 'octo/plans', private: false, fork: false,
          owner: expect.objectContaining({ login: 'octo', id: 5 }),
          url: `${svc.api}/repos/octo/plans`, issues_url: `${svc.api}/repos/octo/plans/issues{/number}`,
        }),
      },
    }));
    const { body: parent } = await get<IssueEvent[]>('/repos/octo/plans/issues/3/timeline');
    expect(parent.map((e) => [e.event, e.sub_issue?.number])).toEqual([['sub_issue_added', 7]]);
    expect(parent[0]?.sub_issue?.issue_type).toMatchObject({ name: 'Feature request', color: 'green' });
  });

  it("names a public repository's issue, and no caller sees a private repository's, in order on the timeline and the event lists", async () => {
    for (const headers of [{}, auth(TOKENS.alice)]) {
      const { body } = await get<IssueEvent[]>('/repos/octo/plans/issues/1/timeline', headers);
      expect(body.map((e) => [e.event, e.sub_issue?.repository.full_name ?? null, e.sub_issue?.number ?? null])).toEqual([
        ['sub_issue_added', 'octo/posters', 4],
        ['sub_issue_added', null, null],
        ['sub_issue_removed', 'octo/posters', 4],
      ]);
      expect(body[1]).toHaveProperty('sub_issue', null);
      expect(JSON.stringify(body)).not.toContain('Secret plan');
      expect(body[0]?.sub_issue?.repository).toMatchObject({ private: false, description: 'Posters', url: `${svc.api}/repos/octo/posters` });
    }
    const { body: events } = await get<IssueEvent[]>('/repos/octo/plans/issues/1/events');
    expect(events.map((e) => [e.event, e.sub_issue?.number ?? null])).toEqual([['sub_issue_added', 4], ['sub_issue_added', null], ['sub_issue_removed', 4]]);
    const { body: all } = await get<IssueEvent[]>('/repos/octo/plans/issues/events?per_page=100');
    expect(all.filter((e) => e.event.includes('issue_')).length).toBeGreaterThanOrEqual(7);
    expect(JSON.stringify(all)).not.toContain('Secret plan');
  });

  it("hides another repository's issue whose visibility the JSON does not give, and shows a removed parent", async () => {
    const { body } = await get<IssueEvent[]>('/repos/octo/plans/issues/6/timeline');
    expect(body.map((e) => e.event)).toEqual(['issue_type_removed', 'parent_issue_added', 'parent_issue_removed']);
    expect(body[1]).toHaveProperty('parent_issue', null);
    expect(body[2]?.parent_issue).toMatchObject({ number: 1, title: 'Launch plan', repository: { full_name: 'octo/plans' }, issue_type: { id: 12, node_id: 'IT_feature', name: 'Feature', color: 'blue' } });
  });
});

describe('links imported again', () => {
  it('moves a sub-issue between parents, recounting both (the one it left though not imported again), and puts a new sub-issue last', async () => {
    const store = await openCommandStorage(svc.dbFile);
    const repo = { owner: 'octo', name: 'replans', makePrivate: false };
    await store.importIssues(repo, LINKED_ISSUES, [], Date.now());
    const byNumber = new Map(LINKED_ISSUES.map((i) => [i.number, i]));
    const again = (n: number, fields: object) => ({ ...byNumber.get(n), ...fields }) as (typeof LINKED_ISSUES)[number];
    const parentUrl = (n: number) => `https://api.github.com/repos/octo/plans/issues/${n}`;
    await store.importIssues(
      repo,
      [
        again(4, { parent_issue_url: null }),
        again(6, { parent_issue_url: parentUrl(1) }),
        again(7, { parent_issue_url: parentUrl(6) }),
        again(5, { state: 'closed', closed_at: '2025-03-21T00:00:00Z', updated_at: '2025-03-21T00:00:00Z' }),
      ],
      [],
      Date.now(),
    );
    await store.close();
    expect(numbers((await get<Issue[]>('/repos/octo/replans/issues/1/sub_issues')).body)).toEqual([2, 3, 5, 6]);
    expect((await get<Issue>('/repos/octo/replans/issues/1')).body.sub_issues_summary).toEqual({ total: 4, completed: 2, percent_completed: 50 });
    expect((await get<Issue>('/repos/octo/replans/issues/3')).body.sub_issues_summary).toEqual({ total: 0, completed: 0, percent_completed: 0 });
    expect((await get<Issue>('/repos/octo/replans/issues/6')).body.sub_issues_summary).toEqual({ total: 1, completed: 0, percent_completed: 0 });
    expect((await get('/repos/octo/replans/issues/4/parent')).res.status).toBe(404);
    expect((await get<Issue>('/repos/octo/replans/issues/4')).body.parent_issue_url).toBeNull();
    expect((await get<Issue>('/repos/octo/replans/issues/7/parent')).body.number).toBe(6);
  });

  it('keeps the counts of a parent imported again without its sub-issues', async () => {
    const store = await openCommandStorage(svc.dbFile);
    const launch = { ...LINKED_ISSUES.find((i) => i.number === 1), title: 'Launch plan, v2' } as (typeof LINKED_ISSUES)[number];
    await store.importIssues({ owner: 'octo', name: 'plans-copy', makePrivate: false }, [launch], [], Date.now());
    await store.close();
    const { body } = await get<Issue>('/repos/octo/plans-copy/issues/1');
    expect(body).toMatchObject({ title: 'Launch plan, v2', sub_issues_summary: { total: 4, completed: 2, percent_completed: 50 } });
  });

  it("takes a mirrored parent's priority order from the source's sub-issue list, in the page's transaction", async () => {
    const store = await openCommandStorage(svc.dbFile);
    const options = { owner: 'octo', name: 'reordered', makePrivate: false };
    const record = await store.openMirror(options, 'http://source.test/repos/octo/plans', Date.now());
    await store.saveMirrorPage(options, 'issues', record.walks.issues, { issues: LINKED_ISSUES, subIssueOrders: [{ parent: 1, children: [5, 2, 4, 3] }] }, Date.now());
    await store.close();
    expect(numbers((await get<Issue[]>('/repos/octo/reordered/issues/1/sub_issues')).body)).toEqual([5, 2, 4, 3]);
  });

  it('keeps no link to a parent in another repository that is not here (docs/api.md)', async () => {
    const store = await openCommandStorage(svc.dbFile);
    const elsewhere = { ...LINKED_ISSUES[2], number: 1, parent_issue_url: 'https://api.github.com/repos/octo/other/issues/5' } as (typeof LINKED_ISSUES)[number];
    await store.importIssues({ owner: 'octo', name: 'island', makePrivate: false }, [elsewhere], [], Date.now());
    await store.close();
    expect((await get<Issue>('/repos/octo/island/issues/1')).body.parent_issue_url).toBeNull();
    expect((await get('/repos/octo/island/issues/1/parent')).res.status).toBe(404);
  });
});
