// Sub-issues whose parent is in another repository of the same owner (issue 47), over real HTTP:
// the child's `parent_issue_url` and `…/parent`, the parent's `…/sub_issues` and
// `sub_issues_summary`, search, private = missing, and the ETags of both repositories. Run on
// SQLite and, in the `server-postgres` project, on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ImportedIssue } from '../store/import-schema';
import type { Issue } from '../../shared/wire-types';
import { openCommandStorage } from '../store/open-storage';
import { githubOperations } from '../../../test-support/server/github-openapi';
import { auth, startTestService, TOKENS, type TestService } from '../../../test-support/server/test-service';

const GITHUB = 'https://api.github.com/repos';

/** An issue as GitHub's REST API sends it: `repository_url`, and `parent_issue_url` naming any repository's issue. */
function issue(repo: string, number: number, title: string, fields: Partial<ImportedIssue> & { parent?: string } = {}): ImportedIssue {
  const { parent, ...rest } = fields;
  return {
    number,
    title,
    user: { login: 'alice' },
    labels: [],
    state: 'open',
    locked: false,
    comments: 0,
    created_at: '2025-04-01T00:00:00Z',
    updated_at: '2025-04-01T00:00:00Z',
    body: null,
    repository_url: `${GITHUB}/${repo}`,
    parent_issue_url: parent === undefined ? null : `${GITHUB}/${parent}`,
    ...rest,
  };
}
const closed = { state: 'closed' as const, state_reason: 'completed' as const, closed_at: '2025-04-05T00:00:00Z', updated_at: '2025-04-05T00:00:00Z' };

async function importInto(svc: TestService, repo: string, issues: ImportedIssue[], makePrivate = false): Promise<void> {
  const [owner = '', name = ''] = repo.split('/');
  const store = await openCommandStorage(svc.dbFile);
  try {
    await store.importIssues({ owner, name, makePrivate }, issues, [], Date.now());
  } finally {
    await store.close();
  }
}

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService({ limits: { unauthLimit: 10_000, searchUnauthLimit: 10_000 } });
  await importInto(svc, 'other/roadmap', [issue('other/roadmap', 1, 'Another owner’s plan')]);
  await importInto(svc, 'octo/roadmap', [
    issue('octo/roadmap', 1, 'Ship the rocket'),
    issue('octo/roadmap', 2, 'Plain roadmap item'),
    // Its parent is in the private octo/secret (test-service.ts).
    issue('octo/roadmap', 3, 'Wait for the secret plan', { parent: 'octo/secret/issues/1' }),
  ]);
  await importInto(svc, 'octo/engine', [
    issue('octo/engine', 1, 'Build the engine', { parent: 'octo/roadmap/issues/1' }),
    issue('octo/engine', 2, 'Test the engine', { parent: 'octo/roadmap/issues/1', ...closed }),
    issue('octo/engine', 3, 'Parent not here', { parent: 'octo/elsewhere/issues/1' }),
    issue('octo/engine', 4, 'Parent of another owner', { parent: 'other/roadmap/issues/1' }),
  ]);
  await importInto(svc, 'octo/secret', [issue('octo/secret', 6, 'Secret plan 6', { parent: 'octo/roadmap/issues/1' })], true);
});
afterAll(() => svc.close());

async function get<T>(path: string, headers: Record<string, string> = {}): Promise<{ res: Response; body: T }> {
  const res = await fetch(`${svc.api}${path}`, { headers });
  return { res, body: (await res.json()) as T };
}
const numbers = (issues: Array<{ number: number }>): number[] => issues.map((i) => i.number);
const search = async (q: string, headers: Record<string, string> = {}): Promise<string[]> => {
  const { res, body } = await get<{ items: Issue[] }>(`/search/issues?q=${encodeURIComponent(q)}&per_page=100`, headers);
  expect(res.status, q).toBe(200);
  return body.items.map((i) => `${i.repository_url.replace(`${svc.api}/repos/`, '')}#${i.number}`);
};
/**
 * A revalidation with `etag`, once the service has heard of the import before it: an import by
 * another process reaches a PostgreSQL-backed service by NOTIFY at commit (change-listener.ts),
 * SQLite's at its next request. A 304 that never turns into 200 fails the test.
 */
async function revalidated(path: string, etag: string | null): Promise<Response> {
  return vi.waitFor(
    async () => {
      const res = await fetch(`${svc.api}${path}`, { headers: { 'if-none-match': etag ?? '' } });
      expect(res.status).toBe(200);
      return res;
    },
    { timeout: 5000, interval: 50 },
  );
}
const everyone = [{}, auth(TOKENS.bob), auth(TOKENS.alice)];

describe('a sub-issue whose parent is in another public repository of the same owner', () => {
  it('names its parent by parent_issue_url and answers it from …/parent, with the parent repository\'s URLs', async () => {
    const { body: child } = await get<Issue>('/repos/octo/engine/issues/1');
    expect(child.parent_issue_url).toBe(`${svc.api}/repos/octo/roadmap/issues/1`);
    const { res, body: parent } = await get<Issue>('/repos/octo/engine/issues/1/parent');
    expect(res.status).toBe(200);
    expect(parent).toMatchObject({
      number: 1, title: 'Ship the rocket',
      url: `${svc.api}/repos/octo/roadmap/issues/1`, repository_url: `${svc.api}/repos/octo/roadmap`, html_url: `${svc.origin}/octo/roadmap/issues/1`,
    });
  });

  it("is listed by the parent's …/sub_issues with its own repository's URLs, paged by Link, and counted in sub_issues_summary", async () => {
    const { body: parent } = await get<Issue>('/repos/octo/roadmap/issues/1');
    expect(parent.sub_issues_summary).toEqual({ total: 2, completed: 1, percent_completed: 50 });
    const { body: all } = await get<Issue[]>('/repos/octo/roadmap/issues/1/sub_issues');
    expect(all.map((i) => [i.number, i.title, i.url, i.html_url])).toEqual([
      [1, 'Build the engine', `${svc.api}/repos/octo/engine/issues/1`, `${svc.origin}/octo/engine/issues/1`],
      [2, 'Test the engine', `${svc.api}/repos/octo/engine/issues/2`, `${svc.origin}/octo/engine/issues/2`],
    ]);
    const first = await get<Issue[]>('/repos/octo/roadmap/issues/1/sub_issues?per_page=1');
    expect(numbers(first.body)).toEqual([1]);
    expect(first.res.headers.get('link')).toContain(`<${svc.api}/repos/octo/roadmap/issues/1/sub_issues?per_page=1&page=2>; rel="next"`);
    const second = await get<Issue[]>('/repos/octo/roadmap/issues/1/sub_issues?per_page=1&page=2');
    expect(second.body.map((i) => i.title)).toEqual(['Test the engine']);
  });

  it('is found by parent-issue:, has:parent-issue and has:sub-issues', async () => {
    expect(await search('parent-issue:octo/roadmap#1')).toEqual(['octo/engine#2', 'octo/engine#1']);
    expect(await search('repo:octo/engine has:parent-issue')).toEqual(['octo/engine#2', 'octo/engine#1']);
    expect(await search('repo:octo/roadmap has:sub-issues')).toEqual(['octo/roadmap#1']);
    expect(await search('parent-issue:octo/engine#1')).toEqual([]);
  });
});

describe("GitHub's schemas", () => {
  it("holds the answers across repositories to GitHub's OpenAPI description", async () => {
    const ops = githubOperations('issues/list-sub-issues', 'issues/get-parent', 'issues/get');
    const cases = [
      [ops['issues/list-sub-issues'], '/repos/octo/roadmap/issues/1/sub_issues'],
      [ops['issues/get-parent'], '/repos/octo/engine/issues/1/parent'],
      [ops['issues/get-parent'], '/repos/octo/roadmap/issues/3/parent'],
      [ops['issues/get'], '/repos/octo/engine/issues/1'],
      [ops['issues/get'], '/repos/octo/roadmap/issues/1'],
    ] as const;
    for (const [op, path] of cases) {
      const { res, body } = await get(path);
      expect(op.check(res.status, body).errors, path).toEqual([]);
    }
  });
});

describe('a parent that is not linked', () => {
  it('is none when its repository is not here, or has another owner', async () => {
    for (const n of [3, 4]) {
      expect((await get<Issue>(`/repos/octo/engine/issues/${n}`)).body.parent_issue_url, `#${n}`).toBeNull();
      expect((await get(`/repos/octo/engine/issues/${n}/parent`)).res.status, `#${n}`).toBe(404);
    }
    expect((await get<Issue>('/repos/other/roadmap/issues/1')).body.sub_issues_summary?.total).toBe(0);
    expect(await search('parent-issue:other/roadmap#1')).toEqual([]);
  });
});

describe('private = missing across repositories', () => {
  it("neither lists nor counts a private repository's sub-issue, for any caller", async () => {
    for (const headers of everyone) {
      const { body: parent } = await get<Issue>('/repos/octo/roadmap/issues/1', headers);
      expect(parent.sub_issues_summary).toEqual({ total: 2, completed: 1, percent_completed: 50 });
      const { body } = await get<Issue[]>('/repos/octo/roadmap/issues/1/sub_issues', headers);
      expect(numbers(body)).toEqual([1, 2]);
      expect(JSON.stringify(body)).not.toContain('secret');
    }
    expect(await search('repo:octo/roadmap has:sub-issues', auth(TOKENS.alice))).toEqual(['octo/roadmap#1']);
  });

  it('names a public parent to whoever may read the private sub-issue', async () => {
    const { body } = await get<Issue>('/repos/octo/secret/issues/6', auth(TOKENS.alice));
    expect(body.parent_issue_url).toBe(`${svc.api}/repos/octo/roadmap/issues/1`);
    expect((await get<Issue>('/repos/octo/secret/issues/6/parent', auth(TOKENS.alice))).body.title).toBe('Ship the rocket');
    expect((await search('parent-issue:octo/roadmap#1', auth(TOKENS.alice))).sort()).toEqual(['octo/engine#1', 'octo/engine#2', 'octo/secret#6']);
    expect(await search('parent-issue:octo/roadmap#1', auth(TOKENS.bob))).toEqual(['octo/engine#2', 'octo/engine#1']);
  });

  it("never names or answers a private repository's parent", async () => {
    for (const headers of everyone) {
      const { body } = await get<Issue>('/repos/octo/roadmap/issues/3', headers);
      expect(body.parent_issue_url).toBeNull();
      const parent = await get<{ message: string }>('/repos/octo/roadmap/issues/3/parent', headers);
      expect(parent.res.status).toBe(404);
      expect(parent.body.message).toBe('Not Found');
      expect(await search('repo:octo/roadmap has:parent-issue', headers)).toEqual([]);
    }
    // Not even to a caller granted that repository: octo/roadmap's answers are the same for everyone.
    expect(await search('parent-issue:octo/secret#1', auth(TOKENS.alice))).toEqual([]);
  });
});

describe('the ETags of both repositories', () => {
  it("moves the parent's answers when a sub-issue in another repository closes: no 304 hides the new count", async () => {
    await importInto(svc, 'octo/mission', [issue('octo/mission', 1, 'Reach orbit')]);
    await importInto(svc, 'octo/stage', [issue('octo/stage', 1, 'Separate the stage', { parent: 'octo/mission/issues/1' })]);
    const before = await get<Issue>('/repos/octo/mission/issues/1');
    expect(before.body.sub_issues_summary).toEqual({ total: 1, completed: 0, percent_completed: 0 });
    const listed = await get<Issue[]>('/repos/octo/mission/issues/1/sub_issues');
    await importInto(svc, 'octo/stage', [issue('octo/stage', 1, 'Separate the stage', { parent: 'octo/mission/issues/1', ...closed })]);
    const after = await revalidated('/repos/octo/mission/issues/1', before.res.headers.get('etag'));
    expect(((await after.json()) as Issue).sub_issues_summary).toEqual({ total: 1, completed: 1, percent_completed: 100 });
    const relisted = await revalidated('/repos/octo/mission/issues/1/sub_issues', listed.res.headers.get('etag'));
    expect(((await relisted.json()) as Issue[])[0]?.state).toBe('closed');
  });

  it("stops counting and listing a sub-issue whose repository is made private, and moves the parent's ETag", async () => {
    await importInto(svc, 'octo/fleet', [issue('octo/fleet', 1, 'Launch the fleet')]);
    const probe = issue('octo/probe', 1, 'Send the probe', { parent: 'octo/fleet/issues/1' });
    await importInto(svc, 'octo/probe', [probe]);
    const before = await get<Issue>('/repos/octo/fleet/issues/1');
    expect(before.body.sub_issues_summary?.total).toBe(1);
    // An import that makes it private need not bring the sub-issue again.
    await importInto(svc, 'octo/probe', [issue('octo/probe', 2, 'Another probe')], true);
    const after = await revalidated('/repos/octo/fleet/issues/1', before.res.headers.get('etag'));
    expect(((await after.json()) as Issue).sub_issues_summary?.total).toBe(0);
    expect((await get<Issue[]>('/repos/octo/fleet/issues/1/sub_issues')).body).toEqual([]);
    expect(await search('repo:octo/fleet has:sub-issues')).toEqual([]);
  });

  it("stops naming a parent whose repository is made private, and moves the child's ETag", async () => {
    const orbit = issue('octo/orbit', 1, 'Hold the orbit');
    await importInto(svc, 'octo/orbit', [orbit]);
    await importInto(svc, 'octo/lander', [issue('octo/lander', 1, 'Land softly', { parent: 'octo/orbit/issues/1' })]);
    const before = await get<Issue>('/repos/octo/lander/issues/1');
    expect(before.body.parent_issue_url).toBe(`${svc.api}/repos/octo/orbit/issues/1`);
    await importInto(svc, 'octo/orbit', [orbit], true);
    const after = await revalidated('/repos/octo/lander/issues/1', before.res.headers.get('etag'));
    expect(((await after.json()) as Issue).parent_issue_url).toBeNull();
    expect((await get('/repos/octo/lander/issues/1/parent')).res.status).toBe(404);
    expect(await search('parent-issue:octo/orbit#1')).toEqual([]);
  });
});

describe('a parent repository renamed', () => {
  it("names the parent by its repository's new name, and moves the child's ETag", async () => {
    await importInto(svc, 'octo/station', [issue('octo/station', 1, 'Dock the module')]);
    await importInto(svc, 'octo/module', [issue('octo/module', 1, 'Build the module', { parent: 'octo/station/issues/1' })]);
    const before = await get<Issue>('/repos/octo/module/issues/1');
    expect(before.body.parent_issue_url).toBe(`${svc.api}/repos/octo/station/issues/1`);
    const store = await openCommandStorage(svc.dbFile);
    try {
      await store.renameRepo({ owner: 'octo', name: 'station' }, { owner: 'octo', name: 'base' }, Date.now());
    } finally {
      await store.close();
    }
    const after = await revalidated('/repos/octo/module/issues/1', before.res.headers.get('etag'));
    expect(((await after.json()) as Issue).parent_issue_url).toBe(`${svc.api}/repos/octo/base/issues/1`);
    expect((await get<Issue>('/repos/octo/module/issues/1/parent')).body.url).toBe(`${svc.api}/repos/octo/base/issues/1`);
  });
});

describe('mirror', () => {
  it("links a mirrored sub-issue to its parent in another repository here, from GitHub's parent_issue_url", async () => {
    const store = await openCommandStorage(svc.dbFile);
    try {
      const options = { owner: 'octo', name: 'booster', makePrivate: false };
      const record = await store.openMirror(options, 'http://source.test/repos/octo/booster', Date.now());
      await store.saveMirrorPage(options, 'issues', record.walks.issues, { issues: [issue('octo/booster', 1, 'Strap on the booster', { parent: 'octo/roadmap/issues/2' })] }, Date.now());
    } finally {
      await store.close();
    }
    expect((await get<Issue>('/repos/octo/booster/issues/1')).body.parent_issue_url).toBe(`${svc.api}/repos/octo/roadmap/issues/2`);
    expect((await get<Issue[]>('/repos/octo/roadmap/issues/2/sub_issues')).body.map((i) => i.url)).toEqual([`${svc.api}/repos/octo/booster/issues/1`]);
  });
});
