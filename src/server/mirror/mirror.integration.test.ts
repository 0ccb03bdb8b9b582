// `mirror`, instance to instance on loopback: one service is the source, a second database the copy.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openSqliteStore } from '../store/sqlite/sqlite-store';
import { HISTORY_EVENTS, importHistoryRepository } from '../../../test-support/server/history-repository';
import { auth, makeComments, makeIssues, serveDatabase, startTestService, TOKENS, type TestService } from '../../../test-support/server/test-service';
import { mirrorRepository, type MirrorEvent, type MirrorOptions, type MirrorResult } from './mirror-repository';
import { MirrorError } from './source-client';

const HELLO_COUNT = 250;

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'issuescope-mirror-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let services: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(services.map((s) => s.close()));
  services = [];
});

async function source(options: Parameters<typeof startTestService>[0] = {}): Promise<TestService> {
  const svc = await startTestService({ helloCount: HELLO_COUNT, limits: { unauthLimit: 10_000 }, ...options });
  services.push(svc);
  return svc;
}

let targets = 0;
function targetFile(): string {
  return path.join(dir, `target-${++targets}.db`);
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const t = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(t);
      reject(signal.reason as Error);
    });
  });

async function mirror(
  dbFile: string,
  options: Partial<MirrorOptions> & { from: string },
  extra: { onEvent?: (e: MirrorEvent) => void; signal?: AbortSignal; fetch?: typeof fetch } = {},
): Promise<{ result: MirrorResult; events: MirrorEvent[] }> {
  const store = openSqliteStore(dbFile);
  const events: MirrorEvent[] = [];
  try {
    const result = await mirrorRepository(
      store,
      { token: TOKENS.bob, source: { owner: 'octo', name: 'hello' }, target: { owner: 'octo', name: 'hello' }, ...options },
      {
        fetch: extra.fetch ?? fetch,
        now: Date.now,
        sleep,
        signal: extra.signal,
        retryBaseMs: 10,
        onEvent: (e) => {
          events.push(e);
          extra.onEvent?.(e);
        },
      },
    );
    return { result, events };
  } finally {
    store.close();
  }
}

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
  const store = openSqliteStore(svc.dbFile);
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
    const partial = openSqliteStore(db);
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
    const store = openSqliteStore(db);
    const repoId = store.findRepo('octo', 'hello')!.id;
    expect(store.listRepoComments(repoId, { page: 1, perPage: 100, since: null, sort: 'created', direction: 'asc' }).total).toBe(3);
    store.close();
  });
});

describe('mirror: the history', () => {
  it("copies the repository's events, then only the new ones, and the copy tells the same timelines", async () => {
    const src = await source();
    const seed = openSqliteStore(src.dbFile);
    await importHistoryRepository(seed, Date.now());
    seed.close();
    const db = targetFile();
    const story = { source: { owner: 'octo', name: 'story' }, target: { owner: 'octo', name: 'story' } };
    const first = await mirror(db, { from: src.api, ...story });
    expect(first.result).toMatchObject({ issues: 3, comments: 2, events: HISTORY_EVENTS.length });

    const later = { ...HISTORY_EVENTS[0]!, id: 9100, event: 'unlabeled', created_at: '2030-01-01T00:00:00Z' };
    const store = openSqliteStore(src.dbFile);
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
        const store = openSqliteStore(src.dbFile);
        const comment = { ...makeComments(301, 1)[0]!, id: 7000, issue_url: 'https://api.github.com/repos/octo/hello/issues/301' };
        store.importIssues({ owner: 'octo', name: 'hello', makePrivate: false }, [late], [comment], Date.now());
        store.close();
      },
    });
    // three issue pages, one comment page, the one issue fetched on its own and one events page (besides the repository)
    expect(result).toMatchObject({ issues: HELLO_COUNT + 1, comments: 4, charged: 1 + 3 + 1 + 1 + 1 });
    const copy = openSqliteStore(db);
    const repoId = copy.findRepo('octo', 'hello')!.id;
    expect(JSON.parse(copy.getIssue(repoId, 301) ?? 'null')).toMatchObject({ title: 'Opened during the mirror' });
    expect(copy.listComments(repoId, 301, { page: 1, perPage: 10, since: null }).total).toBe(1);
    copy.close();
  });
});

describe('mirror: access', () => {
  it('copies a private repository with a token that may read it, and keeps the copy private', async () => {
    const src = await source();
    const db = targetFile();
    const { result, events } = await mirror(db, { from: src.api, token: TOKENS.alice, source: { owner: 'octo', name: 'secret' }, target: { owner: 'copy', name: 'secret' } });
    expect(result.issues).toBe(5);
    expect(events).toContainEqual({ kind: 'repository', isPrivate: true, fullName: 'octo/secret' });
    const store = openSqliteStore(db);
    expect(store.findRepo('copy', 'secret')?.isPrivate).toBe(true);
    store.close();
    const copy = await serveDatabase(db);
    services.push(copy);
    expect((await fetch(`${copy.api}/repos/copy/secret/issues`)).status).toBe(404);

    const forced = targetFile();
    await mirror(forced, { from: src.api, makePrivate: true });
    const forcedStore = openSqliteStore(forced);
    expect(forcedStore.findRepo('octo', 'hello')?.isPrivate).toBe(true);
    forcedStore.close();
  });

  it('says the repository was not found without access, and names the refusal of a bad token without repeating it', async () => {
    const src = await source();
    const db = targetFile();
    await expect(mirror(db, { from: src.api, token: null, source: { owner: 'octo', name: 'secret' } })).rejects.toThrow(
      /octo\/secret was not found at .* \(or the token cannot see it\)/,
    );
    const untouched = openSqliteStore(db);
    expect(untouched.findRepo('octo', 'hello')).toBeNull();
    untouched.close();
    const failure = await mirror(targetFile(), { from: src.api, token: 'isc_pat_not_a_real_token_123' }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(MirrorError);
    expect((failure as Error).message).toMatch(/refused the token: 401 Bad credentials/);
    expect((failure as Error).message).not.toContain('isc_pat_not_a_real_token_123');
  });

  it('follows a renamed repository, and asks under the new name from then on', async () => {
    const src = await source();
    const db = targetFile();
    const first = await mirror(db, { from: src.api, source: { owner: 'octo', name: 'old-name' }, target: { owner: 'octo', name: 'moved' } });
    expect(first.result.issues).toBe(3);
    expect(first.events.some((e) => e.kind === 'moved' && e.to.includes('/repos/octo/new-name/'))).toBe(true);
    const second = await mirror(db, { from: src.api, source: { owner: 'octo', name: 'old-name' }, target: { owner: 'octo', name: 'moved' } });
    expect(second.events.some((e) => e.kind === 'moved')).toBe(false);
    expect(second.result).toMatchObject({ charged: 0, notModified: 3 });
  });
});

describe('mirror: the token stays with the source', () => {
  /** A fake source whose answers point elsewhere, and an elsewhere that records who knocked. */
  type FakeAnswer = { status: number; headers?: Record<string, string>; body?: unknown };
  async function listen(handler: (url: string, headers: IncomingHttpHeaders) => FakeAnswer): Promise<{ origin: string; server: Server }> {
    const server = createServer((req, res) => {
      const answer = handler(req.url ?? '', req.headers);
      res.writeHead(answer.status, { 'Content-Type': 'application/json; charset=utf-8', ...answer.headers });
      res.end(answer.body === undefined ? '' : JSON.stringify(answer.body));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    services.push({ close: () => new Promise<void>((resolve) => server.close(() => resolve())) });
    return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
  }

  it('refuses a Link or a redirect to another origin without sending it anything', async () => {
    const knocks: IncomingHttpHeaders[] = [];
    const elsewhere = await listen((_url, headers) => {
      knocks.push(headers);
      return { status: 200, body: [] };
    });
    for (const trap of ['link', 'redirect'] as const) {
      const fake = await listen((url): FakeAnswer => {
        if (url === '/api/repos/octo/hello') return { status: 200, body: { private: false, full_name: 'octo/hello' } };
        if (trap === 'redirect') return { status: 301, headers: { Location: `${elsewhere.origin}/api/repos/octo/hello/issues` }, body: { message: 'Moved Permanently' } };
        return { status: 200, headers: { Link: `<${elsewhere.origin}/api/repos/octo/hello/issues?page=2>; rel="next"` }, body: makeIssues(1) };
      });
      await expect(mirror(targetFile(), { from: `${fake.origin}/api` }), trap).rejects.toThrow(`the mirror only talks to ${fake.origin}`);
    }
    expect(knocks).toEqual([]);
  });
});

describe('mirror: rate limits', () => {
  it('pauses until x-ratelimit-reset when the budget is spent, then finishes', async () => {
    const src = await source({ helloCount: 75, limits: { authLimit: 4, windowSeconds: 1 } });
    // Spend bob's whole budget first, so the mirror's first request meets a 403 with x-ratelimit-remaining: 0.
    let limited: Response | null = null;
    for (let i = 0; i < 5; i++) limited = await fetch(`${src.api}/repos/octo/hello/issues?per_page=1`, { headers: auth(TOKENS.bob) });
    expect(limited!.status).toBe(403);
    expect(limited!.headers.get('x-ratelimit-remaining')).toBe('0');
    const reset = Number(limited!.headers.get('x-ratelimit-reset'));

    const { result, events } = await mirror(targetFile(), { from: src.api });
    const waits = events.filter((e): e is Extract<MirrorEvent, { kind: 'waiting' }> => e.kind === 'waiting');
    // One pause, until the reset the 403 named plus the second GitHub advises; then the four requests fit the new window.
    expect(waits).toHaveLength(1);
    expect(waits[0]!.reason).toBe('primary rate limit');
    expect(Math.abs(waits[0]!.untilMs - (reset * 1000 + 1000))).toBeLessThan(100);
    expect(Date.now()).toBeGreaterThanOrEqual(reset * 1000);
    expect(result).toMatchObject({ issues: 75, comments: 3 });
  }, 20_000);

  it('obeys Retry-After on a secondary rate limit (429), then finishes', async () => {
    const src = await source({ limits: { burstLimit: 2, burstWindowSeconds: 1 } });
    const { result, events } = await mirror(targetFile(), { from: src.api });
    const waits = events.filter((e): e is Extract<MirrorEvent, { kind: 'waiting' }> => e.kind === 'waiting');
    expect(waits.length).toBeGreaterThanOrEqual(1);
    expect(waits.every((w) => w.reason === 'secondary rate limit' && w.seconds === 1)).toBe(true);
    expect(result).toMatchObject({ issues: HELLO_COUNT, comments: 3 });
  }, 20_000);
});
