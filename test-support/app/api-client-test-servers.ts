/**
 * Test-only: real HTTP servers on loopback for the api-client tests. `main`
 * answers like GitHub's API (issue lists with Link and ETag, moves, every
 * status of spec 7.1); `other` is a second origin, for Links and redirects
 * that leave the service.
 */
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const NOW_MS = 1_800_000_000_000;
export const RESET_S = 1_800_000_900;
export const DOCS = 'https://docs.github.com/rest';

export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
}

export interface TestServer {
  origin: string;
  received: Received[];
  close(): Promise<void>;
}

type Route = (req: { path: string; headers: IncomingHttpHeaders }, res: ServerResponse, origin: string) => void;

export async function startServer(route: Route): Promise<TestServer> {
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

export function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...rateHeaders(), ...headers });
  res.end(JSON.stringify(body));
}

function errorBody(status: number, message: string): Record<string, string> {
  return { message, documentation_url: DOCS, status: String(status) };
}

export const issue = (number: number, repo = 'o/r', origin = ''): Record<string, unknown> => ({
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

/** What a test may change on `main` between requests; each test file resets it in its beforeEach. */
export interface MainServerState {
  /** the ETag the issue list answers with now */
  listEtag(): string;
  /** when true, /api/maybe-hang never answers */
  hangNext(): boolean;
}

const UNCHANGING: MainServerState = { listEtag: () => '"list-v1"', hangNext: () => false };

function mainRoute(state: MainServerState, other: TestServer): Route {
  return ({ path, headers }, res, origin) => {
    const url = new URL(path, origin);
    switch (url.pathname) {
      case '/api/repos/o/r/issues': {
        if (headers['if-none-match'] === state.listEtag()) {
          res.writeHead(304, { etag: state.listEtag(), ...rateHeaders() });
          res.end();
          return;
        }
        const link = [
          `<${origin}/api/repositories/123/issues?page=1>; rel="prev"`,
          `<${origin}/api/repositories/123/issues?page=3>; rel="next"`,
          `<${origin}/api/repositories/123/issues?page=5>; rel="last"`,
          `<${origin}/api/repositories/123/issues?page=1>; rel="first"`,
        ].join(', ');
        json(res, 200, [issue(1), issue(2)], { etag: state.listEtag(), link });
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
        if (state.hangNext()) return;
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
}

/** Starts `other`, then `main`, whose Links and redirects point at `other`. */
export async function startMainAndOther(state: Partial<MainServerState> = {}): Promise<{ main: TestServer; other: TestServer }> {
  const other = await startServer((_req, res) => json(res, 200, []));
  const main = await startServer(mainRoute({ ...UNCHANGING, ...state }, other));
  return { main, other };
}

export function lastRequest(server: TestServer): Received {
  const last = server.received.at(-1);
  if (!last) throw new Error('the server received no request');
  return last;
}

export async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the request to fail');
}
