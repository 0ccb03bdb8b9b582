// The cached-answer lane must give exactly the answers of the full Hono chain. Two servers over
// one database, one with the lane and one without, get the same requests in the same order with
// the same Host and clock; every answer must match in status, headers and bytes (bar the request
// id and Date), the lane must have taken exactly the requests it is meant to take, a request it
// leaves to the chain must cost no extra store lookups, and both must leave the cache alike.
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, userIdFinder } from '../app';
import { DEFAULT_RATE_LIMITS, limitsOf, RateLimiter, type Limiter } from '../limits/rate-limiter';
import { StorageError } from '../store/store-error';
import { serviceRequestListener } from '../main';
import type { SqliteStorage } from '../store/sqlite/sqlite-storage';
import { LookupCache } from '../store/lookup-cache';
import { openSqliteStorage } from '../store/sqlite/sqlite-storage';
import { startTestService, TOKENS, type TestService } from '../../../test-support/server/test-service';
import { AnswerCache } from './answer-cache';
import { createCachedAnswerLane } from './cached-answer-lane';

const HOST = 'issues.test:8080';
const LIMITS = { ...DEFAULT_RATE_LIMITS, unauthLimit: 30, authLimit: 5000 };

interface Served {
  port: number;
  /** how many answers the lane has given */
  laneAnswers: () => number;
  /** how many times the store was asked to find something (a token, a repository, a user, ...) */
  lookups: () => number;
  cache: AnswerCache;
  close: () => Promise<void>;
}

/** The store, counting calls of its `find…` methods (the lookups that may read rows). */
function countingLookups(store: SqliteStorage): { store: SqliteStorage; lookups: () => number } {
  let lookups = 0;
  const counted = new Proxy(store, {
    get(target, name, receiver) {
      const value: unknown = Reflect.get(target, name, receiver);
      if (typeof name !== 'string' || !name.startsWith('find') || typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        lookups += 1;
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return { store: counted, lookups: () => lookups };
}

let seeded: TestService;
const stores: SqliteStorage[] = [];

/** While set, every credit's take fails as a database that cannot be reached fails (both servers). */
let takesFail = false;
const unreachable = () => new StorageError('The database at test cannot be reached.', 'unreachable', 'ECONNREFUSED');

/**
 * While set, a 304's credit comes back a while after it is asked for, as a
 * database's UPDATE does, and `refundsBack` counts the credits that are back.
 */
let refundsLag = false;
let refundsBack = 0;
const REFUND_LAG_MS = 30;

/** This process's counters, whose takes fail as a database's would while `takesFail` is set, and whose refunds lag while `refundsLag` is. */
function failableLimiter(now: () => number): Limiter {
  const counters = new RateLimiter(LIMITS, now, []);
  return {
    resource: counters.resource,
    peek: (caller) => counters.peek(caller),
    take: (caller) => (takesFail ? Promise.reject(unreachable()) : counters.take(caller)),
    refund(caller, taken) {
      const refund = counters.refund(caller, taken);
      if (!refundsLag) return refund;
      const returned = new Promise<void>((resolve) => setTimeout(resolve, REFUND_LAG_MS)).then(() => {
        refundsBack += 1;
      });
      return { snapshot: refund.snapshot, returned };
    },
  };
}

async function serve(withLane: boolean, now: () => number): Promise<Served> {
  const opened = openSqliteStorage(seeded.dbFile);
  stores.push(opened);
  const { store, lookups } = countingLookups(opened);
  const limiter = failableLimiter(now);
  const describeStorageFault = (err: unknown) => (err instanceof StorageError ? err : null);
  const answers = new AnswerCache();
  const rows = new LookupCache(store);
  const limiters = { core: limiter, search: new RateLimiter(limitsOf(DEFAULT_RATE_LIMITS, 'search'), now, [], 'search') };
  const app = createApp({ store, lookups: rows, limiter, searchLimiter: limiters.search, now, answers, describeStorageFault, log: () => {} });
  let count = 0;
  const lane = createCachedAnswerLane({ lookups: rows, renames: store, limiters, now, trustProxy: false, answers, userIdOf: userIdFinder(store), describeStorageFault, log: () => {} });
  const counted = withLane
    ? (req: Parameters<typeof lane>[0], res: Parameters<typeof lane>[1]) => {
        const taken = lane(req, res);
        if (taken !== false) count += 1;
        return taken;
      }
    : null;
  const server: Server = createServer(serviceRequestListener(app.fetch, counted, '127.0.0.1'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    laneAnswers: () => count,
    lookups,
    cache: answers,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

function send(port: number, method: string, path: string, headers: Record<string, string | string[]>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path, headers: { host: HOST, ...headers }, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** What must be equal: everything but the request id and the clock's Date. */
function comparable(a: Answer) {
  const { 'x-github-request-id': id, date, ...headers } = a.headers;
  expect(id).toMatch(/^[0-9A-F]{16}$/);
  expect(date).toBeDefined();
  return { status: a.status, headers, body: a.body.toString('base64') };
}

let lane: Served;
let chain: Served;
beforeAll(async () => {
  seeded = await startTestService();
  const fixed = Date.now();
  const now = () => fixed;
  lane = await serve(true, now);
  chain = await serve(false, now);
});
afterAll(async () => {
  await lane?.close();
  await chain?.close();
  for (const store of stores) store.close();
  await seeded?.close();
});

const bob = { authorization: `Bearer ${TOKENS.bob}` };
const alice = { authorization: `Bearer ${TOKENS.alice}` };
const page1 = '/api/repos/octo/hello/issues?state=all&per_page=10';

/** Sends one request to both servers; says whether the lane answered it, and checks the answers match. */
async function both(method: string, path: string, headers: Record<string, string | string[]> = {}): Promise<{ answer: Answer; viaLane: boolean }> {
  const what = `${method} ${path} ${JSON.stringify(headers)}`;
  const before = { answers: lane.laneAnswers(), laneLookups: lane.lookups(), chainLookups: chain.lookups() };
  const viaLaneServer = await send(lane.port, method, path, headers);
  const viaChain = await send(chain.port, method, path, headers);
  expect(comparable(viaLaneServer), what).toEqual(comparable(viaChain));
  expect({ bytes: lane.cache.bytes, entries: lane.cache.size }, what).toEqual({ bytes: chain.cache.bytes, entries: chain.cache.size });
  const viaLane = lane.laneAnswers() > before.answers;
  if (!viaLane) expect(lane.lookups() - before.laneLookups, what).toBe(chain.lookups() - before.chainLookups);
  return { answer: viaLaneServer, viaLane };
}

describe('the cached-answer lane', () => {
  it('answers a cached page, its 304s and its misses exactly as the full chain does', async () => {
    expect((await both('GET', page1, bob)).viaLane).toBe(false); // first sight: rendered by the route
    const again = await both('GET', page1, bob);
    expect(again.viaLane).toBe(true);
    expect(again.answer.status).toBe(200);
    const etag = again.answer.headers.etag as string;

    const revalidated = await both('GET', page1, { ...bob, 'if-none-match': etag });
    expect(revalidated).toMatchObject({ viaLane: true, answer: { status: 304 } });
    expect(revalidated.answer.body.byteLength).toBe(0);
    expect(revalidated.answer.headers['x-ratelimit-used']).toBe(again.answer.headers['x-ratelimit-used']); // the 304 was free

    expect((await both('GET', page1, { ...bob, 'if-none-match': '"stale", ' + etag })).answer.status).toBe(304);
    expect((await both('GET', page1, { ...bob, 'if-none-match': 'W/"stale"' })).answer.status).toBe(200);
    expect((await both('GET', page1, { ...bob, 'if-modified-since': 'Fri, 01 Jan 2100 00:00:00 GMT' })).answer.status).toBe(304);
    expect((await both('GET', page1, { ...bob, 'if-modified-since': 'Mon, 01 Jan 2001 00:00:00 GMT' })).answer.status).toBe(200);
    expect((await both('GET', page1, { ...bob, 'x-github-api-version': '2022-11-28' })).viaLane).toBe(true);
    // Names are case-blind: another spelling is another URL, cached on its own.
    await both('GET', page1.replace('octo/hello', 'OCTO/Hello'), bob);
    expect((await both('GET', page1.replace('octo/hello', 'OCTO/Hello'), bob)).viaLane).toBe(true);
  });

  it('sends a 304 only once its credit is back where the next take looks, as the chain does (spec 8.2)', async () => {
    const path = '/api/repos/octo/hello/issues?state=all&per_page=3';
    await both('GET', path, bob);
    const etag = (await both('GET', path, bob)).answer.headers.etag as string;
    refundsLag = true;
    try {
      for (const server of [lane, chain]) {
        const [before, back] = [server.laneAnswers(), refundsBack];
        const answer = await send(server.port, 'GET', path, { ...bob, 'if-none-match': etag });
        expect(answer.status).toBe(304);
        // Heard only after its credit came back, so the client's next request finds it there.
        expect(refundsBack - back, server === lane ? 'the lane' : 'the chain').toBe(1);
        expect(server.laneAnswers() - before).toBe(server === lane ? 1 : 0);
      }
    } finally {
      refundsLag = false;
    }
  });

  it('serves gzip to a client that accepts it, once the chain has made it', async () => {
    const gzip = { ...bob, 'accept-encoding': 'gzip, deflate, br' };
    expect(await both('GET', page1, gzip)).toMatchObject({ viaLane: false, answer: { headers: { 'content-encoding': 'gzip' } } });
    expect(await both('GET', page1, gzip)).toMatchObject({ viaLane: true, answer: { headers: { 'content-encoding': 'gzip' } } });
    const identity = await both('GET', page1, { ...bob, 'accept-encoding': 'identity' });
    expect(identity.answer.headers['content-encoding']).toBeUndefined();
  });

  it('takes single issues, their comments and the repository comments, for anonymous callers too', async () => {
    for (const path of ['/api/repos/octo/hello/issues/1', '/api/repos/octo/hello/issues/1/comments', '/api/repos/octo/hello/issues/comments?per_page=2']) {
      await both('GET', path);
      const cached = await both('GET', path);
      expect(cached).toMatchObject({ viaLane: true, answer: { status: 200, headers: { 'cache-control': 'public, max-age=60, s-maxage=60' } } });
    }
  });

  it('serves a private repository only to a token granted it, and leaves every other caller to the chain', async () => {
    const secret = '/api/repos/octo/secret/issues';
    await both('GET', secret, alice);
    expect(await both('GET', secret, alice)).toMatchObject({ viaLane: true, answer: { status: 200 } });
    expect(await both('GET', secret, bob)).toMatchObject({ viaLane: false, answer: { status: 404 } });
    expect(await both('GET', secret)).toMatchObject({ viaLane: false, answer: { status: 404 } });
    expect(await both('GET', secret, { authorization: `Bearer ${TOKENS.expired}` })).toMatchObject({ viaLane: false, answer: { status: 401 } });
  });

  it('leaves to the chain what it does not take: other methods, versions, credentials, names and URLs', async () => {
    const cases: Array<[string, string, Record<string, string | string[]>, number]> = [
      ['HEAD', page1, bob, 200],
      ['POST', page1, bob, 403],
      ['GET', page1, { ...bob, 'x-github-api-version': '2021-01-01' }, 400],
      ['GET', page1, { authorization: 'Bearer isc_pat_not_a_token' }, 401],
      ['GET', page1, { authorization: [`Bearer ${TOKENS.bob}`, `Bearer ${TOKENS.alice}`] }, 401],
      ['GET', page1.replace('hello', 'hell%6f'), bob, 200],
      ['GET', page1.replace('/issues', '/x/../issues'), bob, 200],
      ['GET', '/api/repos/octo/old-name/issues', bob, 301],
      ['GET', '/api/repos/octo/hello/issues?since=yesterday', bob, 422],
      ['GET', '/api/repos/octo/hello', bob, 200],
    ];
    for (const [method, path, headers, status] of cases) {
      await both(method, path, headers); // warm, where there is anything to keep
      expect(await both(method, path, headers), `${method} ${path}`).toMatchObject({ viaLane: false, answer: { status } });
    }
  });

  it('costs a request it leaves to the chain no extra lookups: a missing name, a stranger, an unknown token', async () => {
    for (const [path, headers, status] of [
      ['/api/repos/octo/nothing-here/issues', bob, 404],
      ['/api/repos/octo/secret/issues/1', bob, 404],
      [page1, { authorization: 'Bearer isc_pat_never_issued_00000000000' }, 401],
    ] as const) {
      expect(await both('GET', path, headers)).toMatchObject({ viaLane: false, answer: { status } }); // both() compares the lookups
    }
  });

  it('refuses an exhausted caller as the chain does, and leaves the cache alone', async () => {
    const path = '/api/repos/octo/hello/issues?per_page=100';
    let last: Awaited<ReturnType<typeof both>> | undefined;
    for (let i = 0; i < LIMITS.unauthLimit + 2; i++) last = await both('GET', path);
    // The lane took the request (its answer was cached) and answers the limit's 403 itself, as the chain would.
    expect(last).toMatchObject({ viaLane: true, answer: { status: 403, headers: { 'x-ratelimit-remaining': '0' } } });
    // A cached page a refused caller asks gzipped is not compressed for it (both() compares the caches): the chain refuses it.
    expect(await both('GET', path, { 'accept-encoding': 'gzip' })).toMatchObject({ viaLane: false, answer: { status: 403 } });
  });

  it('answers a cached page whose credit cannot be taken (the database is gone) as the chain does: 503 with Retry-After', async () => {
    const path = '/api/repos/octo/hello/issues?state=open&per_page=7';
    // A token's caller: the address's credits were spent above.
    expect(await both('GET', path, bob)).toMatchObject({ viaLane: false, answer: { status: 200 } });
    takesFail = true;
    try {
      expect(await both('GET', path, bob)).toMatchObject({ viaLane: true, answer: { status: 503, headers: { 'retry-after': '5' } } });
    } finally {
      takesFail = false;
    }
    expect(await both('GET', path, bob)).toMatchObject({ viaLane: true, answer: { status: 200 } });
  });
});
