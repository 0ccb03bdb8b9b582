// An issue's history over real HTTP: `/issues/{n}/timeline`, `/issues/{n}/events`, the
// repository's `/issues/events`, and `closed_by` on the single issue.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Issue, IssueEvent } from '../../shared/wire-types';
import { openCommandStorage } from '../store/open-storage';
import { importHistoryRepository } from '../../../test-support/server/history-repository';
import { auth, startTestService, TOKENS, type TestService } from '../../../test-support/server/test-service';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService({ limits: { unauthLimit: 10_000 } });
  const store = await openCommandStorage(svc.dbFile);
  await importHistoryRepository(store, Date.now());
  await store.close();
});
afterAll(() => svc.close());

async function get<T>(path: string, headers: Record<string, string> = {}): Promise<{ res: Response; body: T }> {
  const res = await fetch(`${svc.api}/repos/octo/story${path}`, { headers });
  return { res, body: (await res.json()) as T };
}

type TimelineItem = { event: string; created_at: string; actor?: { login: string } | null; source?: { type: string; issue: Issue }; body?: string; label?: { name: string } };

describe('GET /repos/{owner}/{repo}/issues/{number}/timeline', () => {
  it("tells the issue's story in time order: comments, events and other issues' references", async () => {
    const { res, body } = await get<TimelineItem[]>('/issues/1/timeline');
    expect(res.status).toBe(200);
    expect(body.map((i) => i.event)).toEqual(['labeled', 'assigned', 'commented', 'renamed', 'cross-referenced', 'cross-referenced', 'closed']);
    expect(body[2]).toMatchObject({ event: 'commented', actor: { login: 'bob' }, body: 'Same here :+1:', id: 501 });
    expect(body[1]).toMatchObject({ assignee: { login: 'carol' }, assigner: { login: 'mona' } });
    expect(body[3]).toMatchObject({ rename: { from: 'crash', to: 'Crash on start' } });
    const [fromBody, fromComment] = body.filter((i) => i.event === 'cross-referenced');
    expect(fromBody).toMatchObject({ actor: { login: 'bob' }, created_at: '2025-01-03T00:00:00Z', source: { type: 'issue', issue: { number: 2, title: 'Follow-up' } } });
    expect(fromComment).toMatchObject({ actor: { login: 'dave' }, created_at: '2025-01-04T06:00:00Z', source: { issue: { number: 2 } } });
    expect(fromBody?.source?.issue.url).toBe(`${svc.api}/repos/octo/story/issues/2`);
    expect(body[6]).toMatchObject({ event: 'closed', actor: { login: 'mona' }, commit_id: 'a1b2c3d4e5f6a7b8c9d0a1b2c3d4e5f6a7b8c9d0', state_reason: 'completed' });
  });

  it('pages with Link, and answers a page past the end with []', async () => {
    const first = await get<TimelineItem[]>('/issues/1/timeline?per_page=3');
    expect(first.body.map((i) => i.event)).toEqual(['labeled', 'assigned', 'commented']);
    const link = first.res.headers.get('link') ?? '';
    expect(link).toContain(`<${svc.api}/repos/octo/story/issues/1/timeline?per_page=3&page=2>; rel="next"`);
    expect(link).toContain('page=3>; rel="last"');
    const last = await get<TimelineItem[]>('/issues/1/timeline?per_page=3&page=3');
    expect(last.body.map((i) => i.event)).toEqual(['closed']);
    expect((await get<TimelineItem[]>('/issues/1/timeline?per_page=3&page=9')).body).toEqual([]);
  });

  it('revalidates with its ETag: a 304 costs no credit', async () => {
    const first = await get<TimelineItem[]>('/issues/1/timeline', auth(TOKENS.alice));
    const etag = first.res.headers.get('etag') ?? '';
    const remaining = Number(first.res.headers.get('x-ratelimit-remaining'));
    const again = await fetch(`${svc.api}/repos/octo/story/issues/1/timeline`, { headers: { ...auth(TOKENS.alice), 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(Number(again.headers.get('x-ratelimit-remaining'))).toBe(remaining);
  });

  it("is 404 for an issue the repository does not have, and for a private repository's issue unseen", async () => {
    expect((await get('/issues/99/timeline')).res.status).toBe(404);
    expect((await get('/issues/abc/timeline')).res.status).toBe(404);
    const hidden = await fetch(`${svc.api}/repos/octo/secret/issues/1/timeline`);
    expect(hidden.status).toBe(404);
  });
});

describe('issue events', () => {
  it('lists one issue\'s events oldest first, without comments or references', async () => {
    const { res, body } = await get<IssueEvent[]>('/issues/1/events');
    expect(res.status).toBe(200);
    expect(body.map((e) => e.id)).toEqual([9001, 9002, 9003, 9004]);
    expect(body[0]).toMatchObject({ event: 'labeled', label: { name: 'bug', color: 'd73a4a' }, url: `${svc.api}/repos/octo/story/issues/events/9001` });
    expect(body[0]?.issue).toBeUndefined();
  });

  it("lists the repository's events newest first, each with its issue", async () => {
    const { body } = await get<IssueEvent[]>('/issues/events?per_page=100');
    expect(body).toHaveLength(6);
    expect(body.map((e) => e.created_at)).toEqual([...body.map((e) => e.created_at)].sort().reverse());
    const merged = body.find((e) => e.event === 'merged');
    expect(merged?.issue).toMatchObject({ number: 3, pull_request: { merged_at: '2025-01-05T00:00:00Z' } });
  });
});

describe('closed_by on the single issue', () => {
  it('names the actor of the last closed event, and is null where there is none', async () => {
    expect((await get<Issue>('/issues/1')).body.closed_by).toMatchObject({ login: 'mona', id: 77 });
    expect((await get<Issue>('/issues/2')).body.closed_by).toBeNull();
  });

  it('is on list entries too, so a list can say who closed each', async () => {
    const { body } = await get<Issue[]>('/issues?state=all');
    expect(body.map((i) => [i.number, i.closed_by?.login ?? null])).toEqual([[3, 'mona'], [2, null], [1, 'mona']]);
  });
});
