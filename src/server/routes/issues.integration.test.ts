// Spec 2.1, 4.1 and the GitHub filters, over real HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Issue, IssueComment } from '../../shared/wire-types';
import { startTestService, type TestService } from '../../../test-support/server/test-service';

let svc: TestService;
beforeAll(async () => {
  // Many requests from one IP: the anonymous limit is not what these tests are about.
  svc = await startTestService({ limits: { unauthLimit: 10_000 } });
});
afterAll(() => svc.close());

async function list(query: string, headers: Record<string, string> = {}): Promise<{ res: Response; issues: Issue[] }> {
  const res = await fetch(`${svc.api}/repos/octo/hello/issues${query}`, { headers });
  return { res, issues: res.status === 200 ? ((await res.json()) as Issue[]) : [] };
}

describe('the issue list (spec 4.1)', () => {
  it('answers 200 with a JSON array of issues carrying every field of spec 2.1', async () => {
    const { res, issues } = await list('?per_page=5');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(issues).toHaveLength(5);
    for (const issue of issues) {
      for (const field of ['html_url', 'number', 'title', 'user', 'labels', 'state', 'locked', 'assignees', 'comments', 'created_at', 'updated_at', 'closed_at', 'body']) {
        expect(issue).toHaveProperty(field);
      }
      expect(typeof issue.user.login).toBe('string');
      expect(issue.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
      expect(issue.updated_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    }
  });

  it('carries the rest of GitHub issue shape with absolute URLs of this service', async () => {
    const { issues } = await list('?per_page=1&state=all&direction=asc');
    const issue = issues[0]!;
    expect(issue.number).toBe(1);
    expect(issue.url).toBe(`${svc.api}/repos/octo/hello/issues/1`);
    expect(issue.html_url).toBe(`${svc.origin}/octo/hello/issues/1`);
    expect(issue.repository_url).toBe(`${svc.api}/repos/octo/hello`);
    expect(issue.comments_url).toBe(`${svc.api}/repos/octo/hello/issues/1/comments`);
    expect(issue.user.avatar_url).toMatch(/^https?:\/\//);
    expect(typeof issue.id).toBe('number');
    expect(issue.node_id).toMatch(/^I_/);
    expect(issue.reactions?.total_count).toBe(0);
    expect(issue.author_association).toBe('NONE');
    expect(issue.labels[0]).toMatchObject({ name: 'enhancement', color: 'a2eeef', description: 'New feature or request' });
  });

  it('returns only open issues by default and with state=open (4.1.1)', async () => {
    for (const q of ['', '?state=open']) {
      const { issues } = await list(`${q}${q ? '&' : '?'}per_page=100`);
      expect(issues.length).toBe(50);
      expect(issues.every((i) => i.state === 'open' && i.closed_at === null)).toBe(true);
    }
  });

  it('returns only closed issues with state=closed, each with closed_at set', async () => {
    const { issues } = await list('?state=closed&per_page=100');
    expect(issues.length).toBe(25);
    expect(issues.every((i) => i.state === 'closed' && typeof i.closed_at === 'string')).toBe(true);
  });

  it('returns both with state=all, and falls back to open for an unknown state (4.1.6)', async () => {
    expect((await list('?state=all&per_page=100')).issues.length).toBe(75);
    expect((await list('?state=bogus&per_page=100')).issues.length).toBe(50);
  });

  it('lists pull requests with a pull_request object and plain issues without one (4.1.2)', async () => {
    const { issues } = await list('?state=all&per_page=100');
    const prs = issues.filter((i) => i.number % 5 === 0);
    expect(prs.length).toBe(15);
    expect(prs.every((i) => typeof i.pull_request === 'object' && i.pull_request !== null)).toBe(true);
    expect(issues.filter((i) => i.number % 5 !== 0).every((i) => !('pull_request' in i))).toBe(true);
    expect(prs.find((i) => i.number === 15)?.pull_request?.merged_at).toMatch(/Z$/);
  });

  it('limits the array to per_page, caps it at 100 and defaults to 30 (4.1.3, 4.1.10, 8.3)', async () => {
    expect((await list('?state=all&per_page=7')).issues).toHaveLength(7);
    expect((await list('?state=all')).issues).toHaveLength(30);
    // The cap only shows with more than 100 entries.
    const big = await startTestService({ helloCount: 130 });
    try {
      const res = await fetch(`${big.api}/repos/octo/hello/issues?state=all&per_page=500`);
      expect(((await res.json()) as Issue[]).length).toBe(100);
      expect(res.headers.get('link')).toContain('per_page=100&page=2>; rel="next"');
    } finally {
      await big.close();
    }
  });

  it('treats a non-numeric, zero or negative per_page as 30 with 200 (4.1.4)', async () => {
    for (const v of ['abc', '0', '-5', '1e2', '']) {
      const { res, issues } = await list(`?state=all&per_page=${v}`);
      expect(res.status).toBe(200);
      expect(issues).toHaveLength(30);
    }
  });

  it('answers a page past the end with 200 and [] (4.1.5)', async () => {
    const { res, issues } = await list('?state=all&page=99');
    expect(res.status).toBe(200);
    expect(issues).toEqual([]);
    const raw = await fetch(`${svc.api}/repos/octo/hello/issues?state=all&page=99`);
    expect(await raw.text()).toBe('[]');
  });

  it('answers filters that match nothing with 200 and []', async () => {
    const res = await fetch(`${svc.api}/repos/octo/hello/issues?labels=no-such-label`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([]);
  });

  it('falls back to page 1 for a page that is not a positive number (4.1.6)', async () => {
    const first = (await list('?state=all&direction=asc&per_page=3')).issues.map((i) => i.number);
    for (const v of ['x', '0', '-1', '2.5']) {
      expect((await list(`?state=all&direction=asc&per_page=3&page=${v}`)).issues.map((i) => i.number)).toEqual(first);
    }
  });

  it('sorts by created, updated or comments in either direction', async () => {
    const numbers = async (q: string) => (await list(`?state=all&per_page=100${q}`)).issues.map((i) => i.number);
    const desc = await numbers('');
    expect(desc[0]).toBe(75);
    expect(await numbers('&direction=asc')).toEqual([...desc].reverse());
    expect((await numbers('&sort=updated&direction=asc'))[0]).toBe(1);
    expect((await numbers('&sort=comments'))[0]).toBe(1);
    expect(await numbers('&sort=nonsense&direction=sideways')).toEqual(desc);
  });

  it('filters by since on updated_at, accepting the ISO 8601 forms GitHub accepts', async () => {
    // issue n is updated 2n days after 2024-01-01, so since day 100 keeps n ≥ 50
    for (const since of ['2024-04-10T00:00:00Z', '2024-04-10T00:00:00.000Z', '2024-04-10T02:00:00+02:00']) {
      const { res, issues } = await list(`?state=all&per_page=100&since=${encodeURIComponent(since)}`);
      expect(res.status).toBe(200);
      expect(issues.map((i) => i.number).sort((a, b) => a - b)[0]).toBe(50);
      expect(issues).toHaveLength(26);
    }
  });

  it('filters by labels: an issue must carry all of them, names compared without case', async () => {
    const bugs = (await list('?state=all&per_page=100&labels=BUG')).issues;
    expect(bugs.length).toBeGreaterThan(0);
    expect(bugs.every((i) => i.labels.some((l) => l.name === 'bug'))).toBe(true);
    const both = (await list('?state=all&per_page=100&labels=bug,enhancement')).issues;
    expect(both.length).toBeGreaterThan(0);
    expect(both.every((i) => ['bug', 'enhancement'].every((n) => i.labels.some((l) => l.name === n)))).toBe(true);
    expect(both.length).toBeLessThan(bugs.length);
    const spaced = (await list(`?state=all&per_page=100&labels=${encodeURIComponent('good first issue')}`)).issues;
    expect(spaced.every((i) => i.labels.some((l) => l.name === 'good first issue'))).toBe(true);
  });

  it('filters by creator, assignee (login, none, *) and mentioned', async () => {
    const byAlice = (await list('?state=all&per_page=100&creator=alice')).issues;
    expect(byAlice.length).toBe(37);
    expect(byAlice.every((i) => i.user.login === 'alice')).toBe(true);
    const carol = (await list('?state=all&per_page=100&assignee=carol')).issues;
    expect(carol.length).toBe(18);
    expect(carol.every((i) => i.assignees.some((a) => a.login === 'carol') && i.assignee?.login === 'carol')).toBe(true);
    expect((await list('?state=all&per_page=100&assignee=*')).issues.length).toBe(18);
    expect((await list('?state=all&per_page=100&assignee=none')).issues.length).toBe(57);
    expect((await list('?state=all&per_page=100&mentioned=dave')).issues.map((i) => i.number)).toEqual([2]);
  });

  it('rejects a since that is not ISO 8601 with 422 naming the field (7.1)', async () => {
    for (const since of ['yesterday', '2024-13-01T00:00:00Z', '2024-02-30T00:00:00Z', '2024-01-01', '1700000000']) {
      const res = await fetch(`${svc.api}/repos/octo/hello/issues?since=${encodeURIComponent(since)}`);
      expect(res.status).toBe(422);
      const body = (await res.json()) as { message: string; status: string; errors: Array<{ resource: string; field: string; code: string }> };
      expect(body).toMatchObject({ message: 'Validation Failed', status: '422' });
      expect(body.errors).toEqual([{ resource: 'Issue', field: 'since', code: 'invalid', value: since }]);
      expect(body).toHaveProperty('documentation_url');
    }
  });

  it('rejects malformed labels with 422 naming the field (7.1)', async () => {
    for (const labels of ['bug,,ui', 'bug,', ',', 'x'.repeat(51), 'a%09b']) {
      const res = await fetch(`${svc.api}/repos/octo/hello/issues?labels=${labels}`);
      expect(res.status, labels).toBe(422);
      const body = (await res.json()) as { errors: Array<{ field: string }> };
      expect(body.errors[0]?.field).toBe('labels');
    }
  });
});

describe('a single issue and its comments', () => {
  it('answers GET /issues/{number} with the issue', async () => {
    const res = await fetch(`${svc.api}/repos/octo/hello/issues/2`);
    expect(res.status).toBe(200);
    const issue = (await res.json()) as Issue;
    expect(issue).toMatchObject({ number: 2, title: 'Issue 2', body: 'Ping @dave about this' });
    expect(res.headers.get('etag')).toMatch(/^W\/"/);
  });

  it('answers 404 for an issue number that does not exist or is not a number', async () => {
    for (const n of ['999', 'abc', '0', '-1']) {
      const res = await fetch(`${svc.api}/repos/octo/hello/issues/${n}`);
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ message: 'Not Found', status: '404' });
    }
  });

  it('lists comments oldest first, paged with a Link header', async () => {
    const res = await fetch(`${svc.api}/repos/octo/hello/issues/1/comments?per_page=2`);
    expect(res.status).toBe(200);
    const comments = (await res.json()) as IssueComment[];
    expect(comments.map((c) => c.body)).toEqual(['Comment 1', 'Comment 2']);
    expect(comments[0]?.html_url).toBe(`${svc.origin}/octo/hello/issues/1#issuecomment-1000`);
    expect(res.headers.get('link')).toContain('rel="next"');
    const empty = await fetch(`${svc.api}/repos/octo/hello/issues/2/comments`);
    expect(await empty.json()).toEqual([]);
  });

  it('answers the repository and its labels as GitHub does', async () => {
    const repo = (await (await fetch(`${svc.api}/repos/octo/hello`)).json()) as { full_name: string; private: boolean; open_issues_count: number };
    expect(repo).toMatchObject({ full_name: 'octo/hello', private: false, open_issues_count: 50 });
    const labels = (await (await fetch(`${svc.api}/repos/octo/hello/labels`)).json()) as Array<{ name: string; color: string; description: string | null }>;
    expect(labels.map((l) => l.name)).toEqual(['bug', 'docs', 'enhancement', 'good first issue']);
    expect(labels.find((l) => l.name === 'good first issue')?.description).toBeNull();
  });
});
