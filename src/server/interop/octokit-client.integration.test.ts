// A real GitHub client, unchanged, against the service: @octokit/core with paginate-rest, throttling and retry.
// (It runs on Node 20 although its transitive `content-type@3` declares Node 22: this suite is the proof.)
import { Octokit } from '@octokit/core';
import { paginateRest } from '@octokit/plugin-paginate-rest';
import { retry } from '@octokit/plugin-retry';
import { throttling } from '@octokit/plugin-throttling';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RateLimitConfig } from '../limits/rate-limiter';
import { openCommandStorage } from '../store/open-storage';
import { BULK_COUNT, importSearchRepositories } from '../../../test-support/server/search-repository';
import { startTestService, TOKENS, type TestService } from '../../../test-support/server/test-service';

const GithubClient = Octokit.plugin(paginateRest, throttling, retry);
type Client = InstanceType<typeof GithubClient>;

interface Seen {
  status: number;
  url: string;
  headers: Headers;
}

interface LimitCall {
  kind: 'primary' | 'secondary';
  retryAfter: number;
  atMs: number;
}

const quiet = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };

/** An Octokit as a user would build it, with its fetch observed so tests can see what it received. */
function client(api: string, token: string | null, options: { retryOnLimit?: boolean } = {}): { octokit: Client; seen: Seen[]; limits: LimitCall[] } {
  const seen: Seen[] = [];
  const limits: LimitCall[] = [];
  const observe: typeof fetch = async (input, init) => {
    const res = await fetch(input, init);
    seen.push({ status: res.status, url: res.url, headers: res.headers });
    return res;
  };
  const octokit = new GithubClient({
    baseUrl: api,
    ...(token ? { auth: token } : {}),
    log: quiet,
    request: { fetch: observe },
    throttle: {
      onRateLimit: (retryAfter, _options, _octokit, retryCount) => {
        limits.push({ kind: 'primary', retryAfter, atMs: Date.now() });
        return options.retryOnLimit === true && retryCount === 0;
      },
      onSecondaryRateLimit: (retryAfter, _options, _octokit, retryCount) => {
        limits.push({ kind: 'secondary', retryAfter, atMs: Date.now() });
        return options.retryOnLimit === true && retryCount === 0;
      },
    },
  });
  return { octokit, seen, limits };
}

async function failure(promise: Promise<unknown>): Promise<{ name: string; status: number; message: string; data: unknown }> {
  try {
    await promise;
  } catch (err) {
    const e = err as Error & { status: number; response?: { data: unknown } };
    return { name: e.constructor.name, status: e.status, message: e.message, data: e.response?.data };
  }
  throw new Error('expected the request to fail');
}

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService({ limits: { unauthLimit: 10_000, searchAuthLimit: 10_000 } });
  const store = await openCommandStorage(svc.dbFile);
  await importSearchRepositories(store, Date.now());
  await store.close();
});
afterAll(() => svc.close());

const LIST = 'GET /repos/{owner}/{repo}/issues' as const;

describe('Octokit reads the service as it reads GitHub', () => {
  it('paginates every issue and pull request exactly once at several page sizes, with and without a token', async () => {
    for (const [token, sizes] of [[null, [7, 30, 100]], [TOKENS.bob, [1, 7, 30, 74, 100]]] as const) {
      const { octokit, seen } = client(svc.api, token);
      for (const perPage of sizes) {
        seen.length = 0;
        const issues = await octokit.paginate(LIST, { owner: 'octo', repo: 'hello', state: 'all', per_page: perPage });
        const numbers = issues.map((i) => i.number);
        expect(numbers, `per_page=${perPage}`).toHaveLength(75);
        expect(new Set(numbers).size).toBe(75);
        expect(issues.filter((i) => i.pull_request).length).toBe(15);
        expect(seen).toHaveLength(Math.ceil(75 / perPage));
      }
    }
  });

  it('lists a private repository with a token that may read it, and gets 404 without one', async () => {
    const alice = client(svc.api, TOKENS.alice).octokit;
    const secret = await alice.paginate(LIST, { owner: 'octo', repo: 'secret', state: 'all' });
    expect(secret.map((i) => i.title)).toContain('Secret plan 1');
    for (const token of [null, TOKENS.bob]) {
      const refused = await failure(client(svc.api, token).octokit.request(LIST, { owner: 'octo', repo: 'secret' }));
      expect(refused).toMatchObject({ name: 'RequestError', status: 404, data: { message: 'Not Found' } });
    }
  });

  it('answers a bad or expired token with a RequestError 401 "Bad credentials"', async () => {
    for (const token of ['isc_pat_nobody_knows_this_one_0000', TOKENS.expired]) {
      const refused = await failure(client(svc.api, token).octokit.request(LIST, { owner: 'octo', repo: 'hello' }));
      expect(refused.name).toBe('RequestError');
      expect(refused.status).toBe(401);
      expect(refused.message).toMatch(/^Bad credentials - https:\/\/docs\.github\.com\/rest$/);
      expect(refused.data).toMatchObject({ message: 'Bad credentials' });
    }
  });

  it('follows a renamed repository to its new name, the token going along for a private one', async () => {
    const { octokit, seen } = client(svc.api, null);
    const moved = await octokit.request(LIST, { owner: 'octo', repo: 'old-name', state: 'all' });
    expect(moved.status).toBe(200);
    expect(moved.url).toBe(`${svc.api}/repos/octo/new-name/issues?state=all`);
    expect(moved.data.map((i) => i.title)).toEqual(['Moved 3', 'Moved 2', 'Moved 1']);
    expect(seen.at(-1)?.url).toContain('/repos/octo/new-name/');

    const alice = client(svc.api, TOKENS.alice).octokit;
    const hidden = await alice.request('GET /repos/{owner}/{repo}/issues/{issue_number}', { owner: 'octo', repo: 'hidden-old', issue_number: 1 });
    expect(hidden.data.title).toBe('Hidden 1');
    expect(await failure(client(svc.api, null).octokit.request(LIST, { owner: 'octo', repo: 'hidden-old' }))).toMatchObject({ status: 404 });
  });

  it("revalidates with the page's ETag and gets GitHub's 304, which Octokit reports as status 304", async () => {
    const { octokit } = client(svc.api, TOKENS.bob);
    const first = await octokit.request(LIST, { owner: 'octo', repo: 'hello' });
    const again = await failure(octokit.request(LIST, { owner: 'octo', repo: 'hello', headers: { 'if-none-match': first.headers.etag } }));
    expect(again).toMatchObject({ status: 304 });
  });
});

/**
 * Octokit with only the paginate plugin: the throttling plugin spaces searches two seconds apart
 * (GitHub's advice for its search limit), which would make paging through a thousand results slow
 * without testing anything more; its view of the search limit is tested below.
 */
const SearchOctokit = Octokit.plugin(paginateRest);

function searchClient(token: string | null): { octokit: InstanceType<typeof SearchOctokit>; seen: Seen[] } {
  const seen: Seen[] = [];
  const observe: typeof fetch = async (input, init) => {
    const res = await fetch(input, init);
    seen.push({ status: res.status, url: res.url, headers: res.headers });
    return res;
  };
  return { octokit: new SearchOctokit({ baseUrl: svc.api, ...(token ? { auth: token } : {}), log: quiet, request: { fetch: observe } }), seen };
}

const SEARCH = 'GET /search/issues' as const;

describe('Octokit searches the service as it searches GitHub', () => {
  it('paginates GET /search/issues, collecting every item exactly once, at several page sizes', async () => {
    const { octokit, seen } = searchClient(TOKENS.bob);
    for (const perPage of [1, 4, 30]) {
      seen.length = 0;
      const items = await octokit.paginate(SEARCH, { q: 'repo:search/lab', per_page: perPage });
      expect(items.map((i) => i.number).sort((a, b) => a - b), `per_page=${perPage}`).toEqual([1, 2, 3, 4, 5, 6]);
      expect(items.every((i) => typeof i.score === 'number')).toBe(true);
      expect(seen).toHaveLength(Math.ceil(6 / perPage));
      expect(seen.every((r) => r.headers.get('x-ratelimit-resource') === 'search')).toBe(true);
    }
  });

  it('paginates up to the first 1000 results of a larger search, and no further', async () => {
    const { octokit, seen } = searchClient(TOKENS.bob);
    const items = await octokit.paginate(SEARCH, { q: 'repo:search/bulk', per_page: 100 });
    expect(items).toHaveLength(1000);
    expect(new Set(items.map((i) => i.number)).size).toBe(1000);
    expect(seen.map((r) => r.status)).toEqual(Array<number>(10).fill(200));
    const first = await octokit.request(SEARCH, { q: 'repo:search/bulk' });
    expect(first.data.total_count).toBe(BULK_COUNT);
    const past = await failure(octokit.request(SEARCH, { q: 'repo:search/bulk', per_page: 100, page: 11 }));
    expect(past).toMatchObject({ name: 'RequestError', status: 422, data: { message: 'Only the first 1000 search results are available' } });
  });

  it('hands a refused query to the caller as a RequestError 422 with the reasons', async () => {
    const { octokit } = searchClient(null);
    const refused = await failure(octokit.request(SEARCH, { q: 'repo:octo/secret crash' }));
    expect(refused).toMatchObject({ name: 'RequestError', status: 422, data: { message: 'Validation Failed', errors: [{ resource: 'Search', field: 'q', code: 'invalid' }] } });
  });
});

describe("Octokit's throttling plugin recognises our rate limits as GitHub's", () => {
  let limited: TestService | null = null;
  afterEach(async () => {
    await limited?.close();
    limited = null;
  });
  async function limitedService(limits: Partial<RateLimitConfig>): Promise<TestService> {
    limited = await startTestService({ limits });
    return limited;
  }

  it('sees the primary limit (403, x-ratelimit-remaining: 0), waits what x-ratelimit-reset says, and the retry succeeds', async () => {
    const s = await limitedService({ authLimit: 2, windowSeconds: 1 });
    const { octokit, seen, limits } = client(s.api, TOKENS.bob, { retryOnLimit: true });
    for (let i = 0; i < 2; i++) await octokit.request(LIST, { owner: 'octo', repo: 'hello' });
    const third = await octokit.request(LIST, { owner: 'octo', repo: 'hello' });

    expect(third.status).toBe(200);
    // one refusal, one retry by the throttling plugin (the retry plugin leaves a 403 alone)
    expect(seen.map((r) => r.status)).toEqual([200, 200, 403, 200]);
    const refusal = seen.find((r) => r.status === 403);
    expect(refusal?.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(limits).toHaveLength(1);
    const [call] = limits;
    expect(call?.kind).toBe('primary');
    // Octokit's own arithmetic: whole seconds until x-ratelimit-reset, plus one.
    const reset = Number(refusal?.headers.get('x-ratelimit-reset'));
    expect(Math.abs(call!.retryAfter - (Math.ceil((reset * 1000 - call!.atMs) / 1000) + 1))).toBeLessThanOrEqual(1);
    expect(call!.retryAfter).toBeGreaterThanOrEqual(1);
    expect(call!.retryAfter).toBeLessThanOrEqual(3);
    expect(Date.now()).toBeGreaterThanOrEqual(reset * 1000);
  }, 15_000);

  it('sees the secondary limit (429 naming a "secondary rate limit"), waits its Retry-After, and the retry succeeds', async () => {
    const s = await limitedService({ burstLimit: 2, burstWindowSeconds: 1 });
    const { octokit, seen, limits } = client(s.api, TOKENS.bob, { retryOnLimit: true });
    for (let i = 0; i < 2; i++) await octokit.request(LIST, { owner: 'octo', repo: 'hello' });
    const third = await octokit.request(LIST, { owner: 'octo', repo: 'hello' });

    expect(third.status).toBe(200);
    expect(seen.map((r) => r.status)).toEqual([200, 200, 429, 200]);
    const refusal = seen.find((r) => r.status === 429);
    expect(refusal).toBeDefined();
    expect(limits).toEqual([{ kind: 'secondary', retryAfter: Number(refusal!.headers.get('retry-after')), atMs: expect.any(Number) as number }]);
    expect(limits[0]!.retryAfter).toBe(1);
  }, 15_000);

  it('sees the search limit as a primary limit on the search resource', async () => {
    const s = await limitedService({ searchAuthLimit: 1 });
    const { octokit, seen, limits } = client(s.api, TOKENS.bob);
    await octokit.request(SEARCH, { q: 'crash' });
    const refused = await failure(octokit.request(SEARCH, { q: 'crash' }));
    expect(refused).toMatchObject({ name: 'RequestError', status: 403 });
    expect(refused.message).toMatch(/^API rate limit exceeded for user ID \d+\./);
    expect(limits.map((l) => l.kind)).toEqual(['primary']);
    expect(seen.at(-1)?.headers.get('x-ratelimit-resource')).toBe('search');
    // The core budget is untouched: a list request goes straight through.
    expect((await octokit.request(LIST, { owner: 'octo', repo: 'hello' })).status).toBe(200);
  }, 15_000);

  it('without a retry, hands the caller a RequestError 403 carrying GitHub\'s rate-limit message and headers', async () => {
    const s = await limitedService({ authLimit: 1, windowSeconds: 60 });
    const { octokit, limits } = client(s.api, TOKENS.bob);
    await octokit.request(LIST, { owner: 'octo', repo: 'hello' });
    const refused = await failure(octokit.request(LIST, { owner: 'octo', repo: 'hello' }));
    expect(refused).toMatchObject({ name: 'RequestError', status: 403 });
    expect(refused.message).toMatch(/^API rate limit exceeded for user ID \d+\./);
    expect(limits.map((l) => l.kind)).toEqual(['primary']);
  });
});
