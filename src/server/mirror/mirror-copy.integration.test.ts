// `mirror`, instance to instance on loopback: one service is the source, a second database the copy.
// What the copy holds: every issue, comment and event once, incremental runs, a resumed run, and
// a source that changes while it is being copied.
import { describe, expect, it } from 'vitest';
import { openSqliteStorage } from '../store/sqlite/sqlite-storage';
import { HISTORY_EVENTS, importHistoryRepository } from '../../../test-support/server/history-repository';
import { importLinkedRepository, LINKED_ISSUES } from '../../../test-support/server/linked-repository';
import { auth, makeComments, makeIssues, serveDatabase, TOKENS, type TestService } from '../../../test-support/server/test-service';
import { HELLO_COUNT, mirror, mirrorFixture } from '../../../test-support/server/mirror-fixture';
import type { MirrorEvent } from './mirror-repository';

const { services, source, targetFile } = mirrorFixture();

/** Credits a token's user has spent at a service (GET /rate_limit itself is free). */
async function used(api: string, token: string): Promise<number> {
  const res = await fetch(`${api}/rate_limit`, { headers: auth(token) });
  return ((await res.json()) as { rate: { used: number } }).rate.used;
}

async function getAll(api: string, pathAndQuery: string): Promise<unknown[]> {
  const out: unknown[] = [];
  let url: string | null = `${api}${pathAndQuery}`;
  while (url) {
    const res: Response = await fetch(url);
    expect(res.status, url).toBe(200);
    out.push(...((await res.json()) as unknown[]));
    url = /<([^>]+)>; rel="next"/.exec(res.headers.get('link') ?? '')?.[1] ?? null;
  }
  return out;
}

/** What the two instances must agree on: every field, with each instance's own origin and local label ids set aside. */
function comparable(items: unknown[], origin: string): unknown {
  return JSON.parse(JSON.stringify(items).replaceAll(origin, 'ORIGIN'), (key, value: unknown) =>
    key === 'labels' && Array.isArray(value) ? value.map((l: { name: string; color: string; description: string | null }) => ({ name: l.name, color: l.color, description: l.description })) : value,
  ) as unknown;
}

async function expectSameAnswers(from: TestService, to: { api: string; origin: string }, repo = 'octo/hello', as = repo): Promise<void> {
  for (const q of ['/issues?state=all&per_page=100', '/issues?state=all&sort=updated&per_page=100', '/issues/comments?per_page=100', '/issues/1/comments', '/issues?mentioned=dave&state=all', '/issues?mentioned=erin&state=all']) {
    const a = await getAll(from.api, `/repos/${repo}${q}`);
    const b = await getAll(to.api, `/repos/${as}${q}`);
    expect(comparable(b, to.origin), q).toEqual(JSON.parse(JSON.stringify(comparable(a, from.origin)).replaceAll(`/${repo}/`, `/${as}/`)));
  }
}

/** Changes issues at the source the way a new import does: newer `updated_at`, new titles. */
function touchSource(svc: TestService, numbers: number[], stamp: string, comments: ReturnType<typeof makeComments> = []): void {
  const store = openSqliteStorage(svc.dbFile);
  const changed = makeIssues(HELLO_COUNT)
    .filter((i) => numbers.includes(i.number))
    .map((i) => ({ ...i, title: `${i.title} (edited ${stamp})`, updated_at: stamp }));
  store.importIssues({ owner: 'octo', name: 'hello', makePrivate: false }, changed, comments, Date.now());
  store.close();
}

function pagesOf(events: MirrorEvent[], walk: 'issues' | 'comments' | 'events'): number {
  return events.filter((e) => e.kind === 'page' && e.walk === walk).length;
}

describe('mirror: a copy from another instance', () => {
  it('copies every issue, pull request and comment once, and the copy answers exactly as the source does', async () => {
    const src = await source();
    const db = targetFile();
    const { result, events } = await mirror(db, { from: src.api });
    expect(result).toMatchObject({ issues: HELLO_COUNT, comments: 3, notModified: 0 });
    // the repository once, three pages of 100 issues, one page of comments, one (empty) of events
    expect(result.charged).toBe(1 + 3 + 1 + 1);
    expect(pagesOf(events, 'issues')).toBe(3);
    expect(pagesOf(events, 'events')).toBe(1);
    expect(events.filter((e) => e.kind === 'page').every((e) => e.kind === 'page' && e.remaining !== null)).toBe(true);

    const copy = await serveDatabase(db);
    services.push(copy);
    await expectSameAnswers(src, copy);
  });

  it('spends one credit per changed page on a second run, nothing when nothing changed, and ends equal to the source', async () => {
    const src = await source();
    const db = targetFile();
    await mirror(db, { from: src.api });

    // 3 issues edited and one comment added: one page of each list changed.
    const comment = { ...makeComments(3, 1)[0]!, id: 5000, issue_url: 'https://api.github.com/repos/octo/hello/issues/3', body: 'cc @erin', created_at: '2030-01-01T00:00:00Z', updated_at: '2030-01-01T00:00:00Z' };
    touchSource(src, [5, 77, 160], '2030-01-01T00:00:00Z', [comment]);
    const before = await used(src.api, TOKENS.bob);
    const second = await mirror(db, { from: src.api });
    expect(await used(src.api, TOKENS.bob)).toBe(before + 2);
    // The changed entries, and the newest of the last run again: `since` is inclusive, as GitHub's.
    expect(second.result).toMatchObject({ charged: 2, notModified: 1, issues: 3 + 1, comments: 1 + 1 });
    expect(pagesOf(second.events, 'issues')).toBe(1);

    const third = await mirror(db, { from: src.api });
    expect(third.result).toMatchObject({ charged: 0, notModified: 3, issues: 0, comments: 0 });
    expect(await used(src.api, TOKENS.bob)).toBe(before + 2);

    // Issue 3 changes later: the mention in its comment, copied a run earlier, still finds it.
    touchSource(src, [3], '2030-02-01T00:00:00Z');
    // One issue page (issue 3, and the three edited at the last high-water mark); the comments and events did not change: 304.
    expect((await mirror(db, { from: src.api })).result).toMatchObject({ charged: 1, notModified: 2, issues: 1 + 3, comments: 0 });
    const copy = await serveDatabase(db);
    services.push(copy);
    await expectSameAnswers(src, copy);
    const mentioning = (await getAll(copy.api, '/repos/octo/hello/issues?mentioned=erin&state=all')) as Array<{ number: number }>;
    expect(mentioning.map((i) => i.number)).toEqual([3]);
  });

  it('resumes an interrupted run from the page after the last one saved, without duplicates', async () => {
    const src = await source();
    const db = targetFile();
    const stop = new AbortController();
    const interrupted = mirror(db, { from: src.api }, { signal: stop.signal, onEvent: (e) => e.kind === 'page' && e.page === 2 && stop.abort(new Error('interrupted')) });
    await expect(interrupted).rejects.toThrow('interrupted');
    const partial = openSqliteStorage(db);
    expect(partial.listIssues(partial.findRepo('octo', 'hello')!.id, { page: 1, perPage: 1, state: 'all', sort: 'created', direction: 'desc', labels: [], since: null, creator: null, assignee: null, mentioned: null, milestone: null }).total).toBe(200);
    partial.close();

    // Meanwhile two issues already copied change, moving to the front of the walk.
    touchSource(src, [240, 250], '2031-01-01T00:00:00Z');
    const resumed = await mirror(db, { from: src.api });
    expect(resumed.events[0]).toEqual({ kind: 'start', resuming: ['issues'] });
    expect(pagesOf(resumed.events, 'issues')).toBe(1);
    // the last issue page, then the comments and the events, which the interrupted run never reached
    expect(resumed.result.charged).toBe(3);

    // The next run catches what changed during the interruption, and then the copy is the source.
    const caughtUp = await mirror(db, { from: src.api });
    expect(caughtUp.result.issues).toBeGreaterThanOrEqual(2);
    const copy = await serveDatabase(db);
    services.push(copy);
    await expectSameAnswers(src, copy);
    const store = openSqliteStorage(db);
    const repoId = store.findRepo('octo', 'hello')!.id;
    expect(store.listRepoComments(repoId, { page: 1, perPage: 100, since: null, sort: 'created', direction: 'asc' }).total).toBe(3);
    store.close();
  });
});

describe('mirror: search over what a run changed', () => {
  it('finds an issue the source locked and gave a type, and not one it unlocked, by is:locked and type: as soon as the run copied them', async () => {
    const src = await source();
    const db = targetFile();
    await mirror(db, { from: src.api });
    const copy = await serveDatabase(db, { limits: { searchUnauthLimit: 1_000 } });
    services.push(copy);
    const found = async (q: string): Promise<number[]> => {
      const res = await fetch(`${copy.api}/search/issues?q=${encodeURIComponent(`repo:octo/hello ${q}`)}`);
      expect(res.status).toBe(200);
      return ((await res.json()) as { items: Array<{ number: number }> }).items.map((i) => i.number);
    };
    const locked = (): Promise<number[]> => found('is:locked');
    expect(await locked()).toEqual([7]);
    expect(await found('type:Bug')).toEqual([]);

    // At the source, issue 4 is locked and a Bug (issue 47) and issue 7 unlocked, as a new import of them says.
    const store = openSqliteStorage(src.dbFile);
    const changed = makeIssues(HELLO_COUNT)
      .filter((i) => i.number === 4 || i.number === 7)
      .map((i) => ({ ...i, locked: i.number === 4, type: i.number === 4 ? { id: 11, name: 'Bug', color: 'red' as const } : null, updated_at: '2030-03-01T00:00:00Z' }));
    store.importIssues({ owner: 'octo', name: 'hello', makePrivate: false }, changed, [], Date.now());
    store.close();
    await mirror(db, { from: src.api });
    expect(await locked()).toEqual([4]);
    expect(await found('type:bug')).toEqual([4]);
  });
});

describe('mirror: the history', () => {
  it("copies the repository's events, then only the new ones, and the copy tells the same timelines", async () => {
    const src = await source();
    const seed = openSqliteStorage(src.dbFile);
    await importHistoryRepository(seed, Date.now());
    seed.close();
    const db = targetFile();
    const story = { source: { owner: 'octo', name: 'story' }, target: { owner: 'octo', name: 'story' } };
    const first = await mirror(db, { from: src.api, ...story });
    expect(first.result).toMatchObject({ issues: 3, comments: 2, events: HISTORY_EVENTS.length });

    const later = { ...HISTORY_EVENTS[0]!, id: 9100, event: 'unlabeled', created_at: '2030-01-01T00:00:00Z' };
    const store = openSqliteStorage(src.dbFile);
    store.importIssues({ owner: 'octo', name: 'story', makePrivate: false }, [], [], Date.now(), [later]);
    store.close();
    const second = await mirror(db, { from: src.api, ...story });
    // The new event, and the newest of the last run again (`since` is inclusive); nothing else changed.
    expect(second.result.events).toBeLessThanOrEqual(1 + 3);
    expect(second.result.events).toBeGreaterThanOrEqual(1);
    expect(pagesOf(second.events, 'events')).toBe(1);

    const copy = await serveDatabase(db);
    services.push(copy);
    for (const n of [1, 2, 3]) {
      const [a, b] = await Promise.all([getAll(src.api, `/repos/octo/story/issues/${n}/timeline`), getAll(copy.api, `/repos/octo/story/issues/${n}/timeline`)]);
      expect(comparable(b, copy.origin), `timeline of #${n}`).toEqual(comparable(a, src.origin));
    }
    expect(((await getAll(copy.api, '/repos/octo/story/issues/1/timeline')) as Array<{ event: string }>).at(-1)?.event).toBe('unlabeled');
  });

  it('copies issue types and sub-issue links, and the copy answers them as the source does (issue 47)', async () => {
    const src = await source();
    const seed = openSqliteStorage(src.dbFile);
    await importLinkedRepository(seed, Date.now());
    seed.close();
    const db = targetFile();
    await mirror(db, { from: src.api, source: { owner: 'octo', name: 'plans' }, target: { owner: 'acme', name: 'plans' } });
    const copy = await serveDatabase(db);
    services.push(copy);
    for (const q of ['/issues?state=all&per_page=100', '/issue-types', '/issues/1/sub_issues', '/issues/3/sub_issues', '/issues/7/timeline', '/issues/1/timeline', '/issues/6/timeline']) {
      const [a, b] = await Promise.all([getAll(src.api, `/repos/octo/plans${q}`), getAll(copy.api, `/repos/acme/plans${q}`)]);
      expect(comparable(b, copy.origin), q).toEqual(JSON.parse(JSON.stringify(comparable(a, src.origin)).replace(/\/octo\/plans\b/g, '/acme/plans')));
    }
    const launch = (await getAll(copy.api, '/repos/acme/plans/issues/1/sub_issues')) as Array<{ number: number }>;
    expect(launch.map((i) => i.number)).toEqual([2, 3, 4, 5]);
    const parent = (await (await fetch(`${copy.api}/repos/acme/plans/issues/7/parent`)).json()) as { number: number; sub_issues_summary: unknown };
    expect(parent).toMatchObject({ number: 3, sub_issues_summary: { total: 1, completed: 0, percent_completed: 0 } });
  });

  it("keeps the source's priority order of a parent's sub-issues, read from its sub-issue list (issue 47)", async () => {
    const src = await source();
    const seed = openSqliteStorage(src.dbFile);
    const plans = { owner: 'octo', name: 'plans', makePrivate: false };
    // #2 becomes a sub-issue of #1 after the others: last in the source's order, though first by number.
    seed.importIssues(plans, LINKED_ISSUES.map((i) => (i.number === 2 ? { ...i, parent_issue_url: null } : i)), [], Date.now());
    seed.importIssues(plans, LINKED_ISSUES.filter((i) => i.number === 2), [], Date.now());
    seed.close();
    const order = async (api: string, repo: string) => ((await getAll(api, `/repos/${repo}/issues/1/sub_issues`)) as Array<{ number: number }>).map((i) => i.number);
    expect(await order(src.api, 'octo/plans')).toEqual([3, 4, 5, 2]);

    const db = targetFile();
    await mirror(db, { from: src.api, source: { owner: 'octo', name: 'plans' }, target: { owner: 'acme', name: 'plans' } });
    const copy = await serveDatabase(db);
    services.push(copy);
    expect(await order(copy.api, 'acme/plans')).toEqual([3, 4, 5, 2]);
  });

  it('copies no history from a source without the events list (404), and says so', async () => {
    const src = await source();
    const withoutEvents: typeof fetch = (input, init) =>
      String(input instanceof Request ? input.url : input).includes('/issues/events')
        ? Promise.resolve(new Response(JSON.stringify({ message: 'Not Found' }), { status: 404, headers: { 'content-type': 'application/json' } }))
        : fetch(input, init);
    const { result, events } = await mirror(targetFile(), { from: src.api }, { fetch: withoutEvents });
    expect(result).toMatchObject({ issues: HELLO_COUNT, comments: 3, events: 0 });
    expect(events).toContainEqual({ kind: 'absent', walk: 'events' });
  });
});

describe('mirror: a source that changes during the run', () => {
  it('brings along an issue opened after the issue walk passed, when one of its comments turns up', async () => {
    const src = await source();
    const db = targetFile();
    const late = { ...makeIssues(301)[300]!, title: 'Opened during the mirror' };
    const { result } = await mirror(db, { from: src.api }, {
      onEvent: (e) => {
        if (e.kind !== 'page' || e.walk !== 'issues' || e.page !== 3) return;
        const store = openSqliteStorage(src.dbFile);
        const comment = { ...makeComments(301, 1)[0]!, id: 7000, issue_url: 'https://api.github.com/repos/octo/hello/issues/301' };
        store.importIssues({ owner: 'octo', name: 'hello', makePrivate: false }, [late], [comment], Date.now());
        store.close();
      },
    });
    // three issue pages, one comment page, the one issue fetched on its own and one events page (besides the repository)
    expect(result).toMatchObject({ issues: HELLO_COUNT + 1, comments: 4, charged: 1 + 3 + 1 + 1 + 1 });
    const copy = openSqliteStorage(db);
    const repoId = copy.findRepo('octo', 'hello')!.id;
    expect(JSON.parse(copy.getIssue(repoId, 301) ?? 'null')).toMatchObject({ title: 'Opened during the mirror' });
    expect(copy.listComments(repoId, 301, { page: 1, perPage: 10, since: null }).total).toBe(1);
    copy.close();
  });
});
