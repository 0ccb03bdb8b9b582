// @vitest-environment node
/**
 * The client against real HTTP servers on loopback: headers, conditional
 * requests, moves and every status of spec 7.1, as a browser's fetch sees them.
 */
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient } from './api-client';
import {
  ApiError,
  BadCredentialsError,
  BadRequestError,
  ForbiddenError,
  NetworkError,
  NotFoundError,
  RateLimitedError,
  ServerError,
  ValidationError,
} from './api-errors';
import type { RateLimitSnapshot } from './api-types';
import { createMemoryEtagStore, type EtagStore } from './etag-store';

const NOW_MS = 1_800_000_000_000;
const RESET_S = 1_800_000_900;
const DOCS = 'https://docs.github.com/rest';

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
}

interface TestServer {
  origin: string;
  received: Received[];
  close(): Promise<void>;
}

type Route = (req: { path: string; headers: IncomingHttpHeaders }, res: ServerResponse, origin: string) => void;

async function startServer(route: Route): Promise<TestServer> {
  const received: Received[] = [];
  let origin = '';
  const server: Server = createServer((req, res) => {
    const path = req.url ?? '/';
    received.push({ path, headers: req.headers });
    route({ path, headers: req.headers }, res, origin);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function rateHeaders(remaining = 4999): Record<string, string> {
  return {
    'x-ratelimit-limit': '5000',
    'x-ratelimit-remaining': String(remaining),
    'x-ratelimit-reset': String(RESET_S),
    'x-ratelimit-used': String(5000 - remaining),
    'x-ratelimit-resource': 'core',
  };
}

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...rateHeaders(), ...headers });
  res.end(JSON.stringify(body));
}

function errorBody(status: number, message: string): Record<string, string> {
  return { message, documentation_url: DOCS, status: String(status) };
}

const issue = (number: number, repo = 'o/r', origin = ''): Record<string, unknown> => ({
  number,
  title: `Issue ${number}`,
  state: 'open',
  repository_url: `${origin}/api/repos/${repo}`,
});

/** The per-token pages of the private endpoint, each with its own ETag. */
const privatePages: Record<string, { etag: string; body: unknown }> = {
  'Bearer token-a': { etag: '"private-a"', body: [{ number: 1, title: 'A only' }] },
  'Bearer token-b': { etag: '"private-b"', body: [{ number: 2, title: 'B only' }] },
};

let listEtag = '"list-v1"';
let hangNext = false;
let other: TestServer;
let main: TestServer;

const mainRoute: Route = ({ path, headers }, res, origin) => {
  const url = new URL(path, origin);
  switch (url.pathname) {
    case '/api/repos/o/r/issues': {
      if (headers['if-none-match'] === listEtag) {
        res.writeHead(304, { etag: listEtag, ...rateHeaders() });
        res.end();
        return;
      }
      const link = [
        `<${origin}/api/repositories/123/issues?page=1>; rel="prev"`,
        `<${origin}/api/repositories/123/issues?page=3>; rel="next"`,
        `<${origin}/api/repositories/123/issues?page=5>; rel="last"`,
        `<${origin}/api/repositories/123/issues?page=1>; rel="first"`,
      ].join(', ');
      json(res, 200, [issue(1), issue(2)], { etag: listEtag, link });
      return;
    }
    case '/api/relative-links':
      json(res, 200, [], { link: '</api/repositories/123/issues?page=2>; rel="next"' });
      return;
    case '/api/last-modified': {
      const lastModified = 'Wed, 01 May 2024 12:00:00 GMT';
      if (headers['if-modified-since'] === lastModified) {
        res.writeHead(304, rateHeaders());
        res.end();
        return;
      }
      json(res, 200, [issue(7)], { 'last-modified': lastModified });
      return;
    }
    case '/api/private/issues': {
      const page = privatePages[headers.authorization ?? ''];
      if (!page) return json(res, 404, errorBody(404, 'Not Found'));
      // A careless server: any known ETag is "not modified", whoever asks.
      const known = Object.values(privatePages).some((p) => p.etag === headers['if-none-match']);
      if (known) {
        res.writeHead(304, rateHeaders());
        res.end();
        return;
      }
      json(res, 200, page.body, { etag: page.etag });
      return;
    }
    case '/api/link-elsewhere':
      json(res, 200, [], { link: `<${other.origin}/api/repos/o/r/issues?page=2>; rel="next"` });
      return;
    case '/api/redirect-elsewhere':
      res.writeHead(302, { location: `${other.origin}/api/landed` });
      res.end();
      return;
    case '/api/repos/old-owner/old-name/issues':
      res.writeHead(301, { location: `${origin}/api/repos/new-owner/new-name/issues${url.search}`, ...rateHeaders() });
      res.end(JSON.stringify({ ...errorBody(301, 'Moved Permanently'), url: `${origin}/api/repos/new-owner/new-name/issues` }));
      return;
    case '/api/repos/new-owner/new-name/issues':
      json(res, 200, [issue(3, 'new-owner/new-name', origin)], { etag: '"moved"' });
      return;
    case '/api/repos/renamed/repo/issues':
      // GitHub's own shape: the new location names the repository by id only.
      res.writeHead(301, { location: `${origin}/api/repositories/42/issues` });
      res.end();
      return;
    case '/api/repositories/42/issues':
      json(res, 200, [issue(4, 'fresh/name', origin)]);
      return;
    case '/api/html-page':
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<!doctype html><title>Issuescope</title>');
      return;
    case '/api/repositories/123/issues':
      return json(res, 200, []);
    case '/api/maybe-hang':
      // Once told to, never answers: the client must be able to give up.
      if (hangNext) return;
      return json(res, 200, [issue(5)], { etag: '"maybe"' });
    case '/api/status/400':
      return json(res, 400, errorBody(400, 'Problems parsing JSON'));
    case '/api/status/401':
      return json(res, 401, errorBody(401, 'Bad credentials'));
    case '/api/status/403-permission':
      return json(res, 403, errorBody(403, 'Resource not accessible by personal access token'));
    case '/api/status/403-primary':
      return json(res, 403, errorBody(403, 'API rate limit exceeded for user ID 1.'), rateHeaders(0));
    case '/api/status/403-secondary':
      return json(res, 403, errorBody(403, 'You have exceeded a secondary rate limit. Please wait a few minutes.'), {
        'retry-after': '30',
      });
    case '/api/status/403-secondary-no-retry-after':
      return json(res, 403, errorBody(403, 'You have exceeded a secondary rate limit.'));
    case '/api/status/404':
      return json(res, 404, errorBody(404, 'Not Found'));
    case '/api/status/422':
      return json(res, 422, {
        ...errorBody(422, 'Validation Failed'),
        errors: [{ resource: 'Issue', field: 'since', code: 'invalid', value: 'yesterday' }],
      });
    case '/api/status/429':
      return json(res, 429, errorBody(429, 'Too many requests'), { 'retry-after': '12' });
    case '/api/status/429-exhausted':
      return json(res, 429, errorBody(429, 'Too many requests'), rateHeaders(0));
    case '/api/status/429-bare':
      return json(res, 429, errorBody(429, 'Too many requests'));
    case '/api/status/500':
      return json(res, 500, errorBody(500, 'Something went wrong'));
    case '/api/status/502':
      return json(res, 502, errorBody(502, 'Server Error'));
    case '/api/status/502-html':
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end('<html><body><h1>502 Bad Gateway</h1><hr>nginx</body></html>');
      return;
    case '/api/status/503':
      return json(res, 503, errorBody(503, 'Service Unavailable'));
    case '/api/status/503-retry-after':
      return json(res, 503, errorBody(503, 'Service Unavailable'), { 'retry-after': '7' });
    case '/api/status/503-retry-after-date':
      return json(res, 503, errorBody(503, 'Service Unavailable'), { 'retry-after': new Date(NOW_MS + 90_000).toUTCString() });
    case '/api/status/418':
      return json(res, 418, errorBody(418, "I'm a teapot"));
    default:
      json(res, 404, errorBody(404, 'Not Found'));
  }
};

beforeAll(async () => {
  other = await startServer((_req, res) => json(res, 200, []));
  main = await startServer(mainRoute);
});

afterAll(async () => {
  await Promise.all([main.close(), other.close()]);
});

let store: EtagStore;
let snapshots: RateLimitSnapshot[];

beforeEach(() => {
  store = createMemoryEtagStore();
  snapshots = [];
  listEtag = '"list-v1"';
  hangNext = false;
  main.received.length = 0;
  other.received.length = 0;
});

function client(token: string | null = 'token-a', baseUrl = `${main.origin}/api`) {
  return createApiClient({ baseUrl, token, etagStore: store, now: () => NOW_MS, onRateLimit: (s) => snapshots.push(s) });
}

function lastRequest(server: TestServer): Received {
  const last = server.received.at(-1);
  if (!last) throw new Error('the server received no request');
  return last;
}

async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the request to fail');
}

describe('requests', () => {
  it('keeps the base URL path and sends the versioned media type, API version and bearer token', async () => {
    const response = await client().get('/repos/o/r/issues?state=open');
    const { path, headers } = lastRequest(main);
    expect(path).toBe('/api/repos/o/r/issues?state=open');
    expect(headers.accept).toBe('application/vnd.github+json');
    expect(headers['x-github-api-version']).toBe('2022-11-28');
    expect(headers.authorization).toBe('Bearer token-a');
    expect(response.status).toBe(200);
    expect(response.url).toBe(`${main.origin}/api/repos/o/r/issues?state=open`);
    expect(response.data).toEqual([issue(1), issue(2)]);
  });

  it('accepts a base URL with a trailing slash and a path without a leading one', async () => {
    await client('token-a', `${main.origin}/api/`).get('repos/o/r/issues');
    expect(lastRequest(main).path).toBe('/api/repos/o/r/issues');
  });

  it('sends no Authorization header without a token, and never puts a token in the URL', async () => {
    await client(null).get('/repos/o/r/issues');
    expect(lastRequest(main).headers.authorization).toBeUndefined();
    await client('token-a').get('/repos/o/r/issues');
    expect(main.received.every((r) => !r.path.includes('token'))).toBe(true);
  });

  it('reads Link rels in GitHub order, with /repositories/{id} URLs', async () => {
    const { links } = await client().get('/repos/o/r/issues');
    expect(links).toEqual({
      prev: `${main.origin}/api/repositories/123/issues?page=1`,
      next: `${main.origin}/api/repositories/123/issues?page=3`,
      last: `${main.origin}/api/repositories/123/issues?page=5`,
      first: `${main.origin}/api/repositories/123/issues?page=1`,
    });
  });

  it('resolves a relative Link against the response URL and follows it as is', async () => {
    const { links } = await client().get('/relative-links');
    expect(links.next).toBe(`${main.origin}/api/repositories/123/issues?page=2`);
    await client().get(links.next!);
    expect(lastRequest(main).path).toBe('/api/repositories/123/issues?page=2');
    expect(lastRequest(main).headers.authorization).toBe('Bearer token-a');
  });

  it('refuses a URL that is not http(s)', async () => {
    await expect(client().get('javascript:alert(1)')).rejects.toThrow(TypeError);
  });
});

describe('the token stays with its service', () => {
  it('is not sent when following a Link to another origin', async () => {
    const { links } = await client().get('/link-elsewhere');
    expect(links.next).toBe(`${other.origin}/api/repos/o/r/issues?page=2`);
    await client().get(links.next!);
    const { path, headers } = lastRequest(other);
    expect(path).toBe('/api/repos/o/r/issues?page=2');
    expect(headers.authorization).toBeUndefined();
    expect(headers.accept).toBe('application/vnd.github+json');
  });

  it('is not carried across a redirect to another origin', async () => {
    await client().get('/redirect-elsewhere');
    expect(lastRequest(main).headers.authorization).toBe('Bearer token-a');
    expect(lastRequest(other).path).toBe('/api/landed');
    expect(lastRequest(other).headers.authorization).toBeUndefined();
  });
});

describe('conditional requests', () => {
  it('a revisit sends If-None-Match and gets the stored body back with notModified', async () => {
    const first = await client().get('/repos/o/r/issues');
    expect(lastRequest(main).headers['if-none-match']).toBeUndefined();
    expect(first.notModified).toBe(false);

    const again = await client().get('/repos/o/r/issues');
    expect(lastRequest(main).headers['if-none-match']).toBe('"list-v1"');
    expect(again).toMatchObject({ status: 304, notModified: true, offline: false, data: first.data, links: first.links });
    expect(again.rateLimit).toMatchObject({ remaining: 4999 });
  });

  it('a changed resource answers 200 with the new body, which is stored in turn', async () => {
    await client().get('/repos/o/r/issues');
    listEtag = '"list-v2"';
    const changed = await client().get('/repos/o/r/issues');
    expect(changed.notModified).toBe(false);
    expect(changed.status).toBe(200);
    await client().get('/repos/o/r/issues');
    expect(lastRequest(main).headers['if-none-match']).toBe('"list-v2"');
  });

  it('uses If-Modified-Since when the service gave a Last-Modified but no ETag', async () => {
    await client().get('/last-modified');
    const again = await client().get('/last-modified');
    const { headers } = lastRequest(main);
    expect(headers['if-modified-since']).toBe('Wed, 01 May 2024 12:00:00 GMT');
    expect(headers['if-none-match']).toBeUndefined();
    expect(again).toMatchObject({ notModified: true, data: [issue(7)] });
  });

  it("a different token does not get the first identity's stored page", async () => {
    const a = await client('token-a').get('/private/issues');
    expect(a.data).toEqual([{ number: 1, title: 'A only' }]);

    const b = await client('token-b').get('/private/issues');
    expect(lastRequest(main).headers['if-none-match']).toBeUndefined();
    expect(b).toMatchObject({ notModified: false, data: [{ number: 2, title: 'B only' }] });

    const anonymous = await failure(client(null).get('/private/issues'));
    expect(lastRequest(main).headers['if-none-match']).toBeUndefined();
    expect(anonymous).toBeInstanceOf(NotFoundError);
  });

  it('asks fetch to bypass the browser cache, so the 304 and fresh rate-limit headers reach us', async () => {
    const inits: (RequestInit | undefined)[] = [];
    const recording = createApiClient({
      baseUrl: `${main.origin}/api`,
      token: null,
      etagStore: store,
      fetch: (input, init) => {
        inits.push(init);
        return fetch(input, init);
      },
    });
    await recording.get('/repos/o/r/issues');
    expect(inits[0]?.cache).toBe('no-store');
  });
});

describe('rate-limit headers', () => {
  it('reports the snapshot of every response, errors included, and puts it on the result', async () => {
    const ok = await client().get('/repos/o/r/issues');
    const expected = {
      limit: 5000,
      remaining: 4999,
      used: 1,
      resetAt: RESET_S * 1000,
      resource: 'core',
      observedAt: NOW_MS,
    };
    expect(ok.rateLimit).toEqual(expected);

    const error = await failure(client().get('/status/404'));
    expect((error as ApiError).rateLimit).toEqual(expected);
    expect(snapshots).toEqual([expected, expected]);
  });

  it('a listener that throws does not fail the request', async () => {
    const noisy = createApiClient({
      baseUrl: `${main.origin}/api`,
      token: null,
      etagStore: store,
      onRateLimit: () => {
        throw new Error('listener bug');
      },
    });
    const original = console.error;
    console.error = () => {};
    try {
      await expect(noisy.get('/repos/o/r/issues')).resolves.toMatchObject({ status: 200 });
    } finally {
      console.error = original;
    }
  });
});

describe('a moved repository', () => {
  it('follows the 301 and names the new owner/name in movedTo', async () => {
    const response = await client().get('/repos/old-owner/old-name/issues?state=all');
    expect(response.movedTo).toBe('new-owner/new-name');
    expect(response.url).toBe(`${main.origin}/api/repos/new-owner/new-name/issues?state=all`);
    expect(response.data).toEqual([issue(3, 'new-owner/new-name', main.origin)]);
  });

  it('reads the new name from the issues when the new location is /repositories/{id}', async () => {
    const response = await client().get('/repos/renamed/repo/issues');
    expect(response.movedTo).toBe('fresh/name');
  });

  it('a request that was not redirected has no movedTo', async () => {
    expect((await client().get('/repos/o/r/issues')).movedTo).toBeNull();
  });
});

describe('errors (spec 7.1)', () => {
  const cases: [string, new (...args: never[]) => ApiError, number, string][] = [
    ['/status/400', BadRequestError, 400, 'Problems parsing JSON'],
    ['/status/401', BadCredentialsError, 401, 'Bad credentials'],
    ['/status/403-permission', ForbiddenError, 403, 'Resource not accessible by personal access token'],
    ['/status/404', NotFoundError, 404, 'Not Found'],
    ['/status/422', ValidationError, 422, 'Validation Failed'],
    ['/status/500', ServerError, 500, 'Something went wrong'],
    ['/status/502', ServerError, 502, 'Server Error'],
    ['/status/503', ServerError, 503, 'Service Unavailable'],
    ['/status/418', ApiError, 418, "I'm a teapot"],
  ];

  it.each(cases.map(([path, type, status, message]) => [path, type.name, type, status, message] as const))(
    '%s is a %s carrying the body message and documentation URL',
    async (path, _name, type, status, message) => {
    const error = (await failure(client().get(path))) as ApiError;
    expect(error).toBeInstanceOf(type);
    expect(error.status).toBe(status);
    expect(error.message).toBe(message);
    expect(error.documentationUrl).toBe(DOCS);
    },
  );

  it('an unknown 4xx is a plain ApiError, not one of the specific kinds', async () => {
    const error = await failure(client().get('/status/418'));
    expect(error).not.toBeInstanceOf(BadRequestError);
    expect(error).not.toBeInstanceOf(ServerError);
  });

  it('422 names the invalid fields', async () => {
    const error = (await failure(client().get('/status/422'))) as ValidationError;
    expect(error.fields).toEqual(['since']);
    expect(error.errors[0]).toMatchObject({ field: 'since', code: 'invalid' });
  });

  it('403 with x-ratelimit-remaining 0 is the primary rate limit, retried at the reset', async () => {
    const error = (await failure(client().get('/status/403-primary'))) as RateLimitedError;
    expect(error).toBeInstanceOf(RateLimitedError);
    expect(error).toMatchObject({ status: 403, kind: 'primary', retryAt: RESET_S * 1000 });
    expect(error.message).toBe('API rate limit exceeded for user ID 1.');
    expect(error.rateLimit?.remaining).toBe(0);
  });

  it('403 about a secondary rate limit waits for Retry-After, else a minute', async () => {
    const withHeader = (await failure(client().get('/status/403-secondary'))) as RateLimitedError;
    expect(withHeader).toMatchObject({ status: 403, kind: 'secondary', retryAt: NOW_MS + 30_000 });
    const without = (await failure(client().get('/status/403-secondary-no-retry-after'))) as RateLimitedError;
    expect(without).toMatchObject({ kind: 'secondary', retryAt: NOW_MS + 60_000 });
  });

  it('429 is the secondary rate limit: Retry-After, else the reset when exhausted, else a minute', async () => {
    const retryAfter = (await failure(client().get('/status/429'))) as RateLimitedError;
    expect(retryAfter).toBeInstanceOf(RateLimitedError);
    expect(retryAfter).toMatchObject({ status: 429, kind: 'secondary', retryAt: NOW_MS + 12_000 });
    expect(retryAfter.message).toBe('Too many requests');
    const exhausted = (await failure(client().get('/status/429-exhausted'))) as RateLimitedError;
    expect(exhausted.retryAt).toBe(RESET_S * 1000);
    const bare = (await failure(client().get('/status/429-bare'))) as RateLimitedError;
    expect(bare.retryAt).toBe(NOW_MS + 60_000);
  });

  it('a 503 with Retry-After (seconds or an HTTP date) says when to come back; without one it does not', async () => {
    const seconds = (await failure(client().get('/status/503-retry-after'))) as ServerError;
    expect(seconds).toBeInstanceOf(ServerError);
    expect(seconds.retryAt).toBe(NOW_MS + 7_000);
    const date = (await failure(client().get('/status/503-retry-after-date'))) as ServerError;
    expect(date.retryAt).toBe(NOW_MS + 90_000);
    const bare = (await failure(client().get('/status/503'))) as ServerError;
    expect(bare.retryAt).toBeNull();
  });

  it("a proxy's HTML 502 page is a ServerError with a readable message", async () => {
    const error = (await failure(client().get('/status/502-html'))) as ServerError;
    expect(error).toBeInstanceOf(ServerError);
    expect(error.status).toBe(502);
    expect(error.message).toMatch(/502|gateway/i);
    expect(error.message).not.toContain('<html>');
    expect(error.documentationUrl).toBeNull();
  });

  it('a 200 that is not JSON (a base URL pointing at a web page) says to check the address', async () => {
    const error = (await failure(client().get('/html-page'))) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toMatch(/not JSON.*service address/);
  });

  it('an error is never stored as a page', async () => {
    await failure(client().get('/status/500'));
    await failure(client().get('/status/500'));
    expect(lastRequest(main).headers['if-none-match']).toBeUndefined();
  });
});

describe('offline and cancelled', () => {
  let flaky: TestServer;

  beforeEach(async () => {
    flaky = await startServer((_req, res) => json(res, 200, [issue(9)], { etag: '"flaky"', link: '<https://x.test/?page=2>; rel="next"' }));
  });

  afterEach(async () => {
    await flaky.close();
  });

  it('with a stored page, a network failure returns it with offline: true', async () => {
    const online = createApiClient({ baseUrl: flaky.origin, token: 't', etagStore: store, now: () => NOW_MS });
    await online.get('/repos/o/r/issues');
    await flaky.close();

    const offline = await online.get('/repos/o/r/issues');
    expect(offline).toMatchObject({ offline: true, notModified: false, data: [issue(9)], rateLimit: null });
    expect(offline.links.next).toBe('https://x.test/?page=2');
  });

  it('without a stored page, a network failure is a NetworkError that names the service', async () => {
    await flaky.close();
    const error = (await failure(client(null, flaky.origin).get('/repos/o/r/issues'))) as NetworkError;
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.status).toBe(0);
    expect(error.message).toContain(flaky.origin);
  });

  it('reports whether the service answered at all: any status is reachable, a refused connection is not', async () => {
    const seen: boolean[] = [];
    const watched = createApiClient({ baseUrl: flaky.origin, token: null, etagStore: store, now: () => NOW_MS, onReachability: (r) => seen.push(r) });
    await watched.get('/repos/o/r/issues');
    await flaky.close();
    await watched.get('/repos/o/r/issues');
    await failure(watched.get('/repos/o/r/never-seen'));
    expect(seen).toEqual([true, false, false]);
    const errors = createApiClient({ baseUrl: `${main.origin}/api`, token: null, etagStore: store, now: () => NOW_MS, onReachability: (r) => seen.push(r) });
    await failure(errors.get('/status/503'));
    expect(seen.at(-1)).toBe(true);
  });

  it('an abort is re-thrown as the AbortError, not a NetworkError, even with a stored page', async () => {
    await client().get('/maybe-hang');
    hangNext = true;
    const controller = new AbortController();
    const pending = client().get('/maybe-hang', { signal: controller.signal });
    await expect.poll(() => main.received.length).toBe(2);
    controller.abort();
    const error = await failure(pending);
    expect(error).not.toBeInstanceOf(NetworkError);
    expect((error as Error).name).toBe('AbortError');
  });

  it('an already aborted signal sends nothing', async () => {
    const controller = new AbortController();
    controller.abort();
    const error = await failure(client().get('/repos/o/r/issues', { signal: controller.signal }));
    expect((error as Error).name).toBe('AbortError');
    expect(main.received).toHaveLength(0);
  });
});

describe('a store that fails', () => {
  it('does not fail the request', async () => {
    const broken: EtagStore = {
      get: () => Promise.reject(new Error('quota')),
      set: () => Promise.reject(new Error('quota')),
      clear: () => Promise.reject(new Error('quota')),
    };
    const response = await createApiClient({ baseUrl: `${main.origin}/api`, token: null, etagStore: broken }).get(
      '/repos/o/r/issues',
    );
    expect(response.status).toBe(200);
  });
});
