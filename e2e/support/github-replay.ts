/**
 * Replays GitHub's recorded answers (`@octokit/fixtures`) from a real HTTP
 * server on 127.0.0.1, so the app's fetch client and the browser meet GitHub's
 * wire habits (header spellings, Link order, `/repositories/{id}` URLs, error
 * bodies) without the network. Node only: tests and e2e journeys start it.
 */
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { EXPOSED_HEADERS } from '../../src/shared/api-constants';
import { recordedScenario, type RecordedExchange } from '../../test-support/server/github-recordings';

export type { RecordedExchange };

const GITHUB_ORIGIN = 'https://api.github.com';

/**
 * Headers of the recording that described the recorded transfer, not the
 * answer: the body is stored decoded and is re-serialised here, and the CORS
 * headers are this server's own.
 */
const DROPPED_HEADERS = new Set(['content-length', 'content-encoding', 'transfer-encoding', 'connection', 'keep-alive']);

/**
 * GitHub's documented defaults of a list request. A request that spells them
 * out asks for the same page as one that leaves them off, so both match one
 * recording (the app always sends `state`, `sort`, `direction` and `page`).
 */
const DEFAULT_QUERY: Record<string, string> = { page: '1', per_page: '30' };
const ISSUE_LIST_DEFAULT_QUERY: Record<string, string> = { state: 'open', sort: 'created', direction: 'desc' };
const ISSUE_LIST_PATH = /\/issues$/;

export interface ReceivedRequest {
  method: string;
  /** path and query as requested */
  path: string;
  headers: IncomingHttpHeaders;
}

export interface GithubReplay {
  /** e.g. `http://127.0.0.1:41234`: the base URL to give the client, standing in for `https://api.github.com` */
  origin: string;
  /** every exchange the replay was loaded with, in recording order, as recorded (URLs not rewritten) */
  exchanges: readonly RecordedExchange[];
  /** every request received, preflights included, in order */
  received: ReceivedRequest[];
  close(): Promise<void>;
}

/** The key a request and a recording are matched by: method, path, and the query without defaults, in name order. */
function matchKey(method: string, pathAndQuery: string): string {
  const url = new URL(pathAndQuery, GITHUB_ORIGIN);
  const defaults = { ...DEFAULT_QUERY, ...(ISSUE_LIST_PATH.test(url.pathname) ? ISSUE_LIST_DEFAULT_QUERY : {}) };
  const params = [...url.searchParams].filter(([name, value]) => defaults[name] !== value).sort(([a], [b]) => a.localeCompare(b));
  return `${method.toUpperCase()} ${url.pathname}?${new URLSearchParams(params).toString()}`;
}

function rewrite(text: string, origin: string): string {
  return text.replaceAll(GITHUB_ORIGIN, origin);
}

function corsHeaders(): OutgoingHttpHeaders {
  return { 'access-control-allow-origin': '*', 'access-control-expose-headers': EXPOSED_HEADERS.join(', ') };
}

function recordedHeaders(exchange: RecordedExchange, origin: string): OutgoingHttpHeaders {
  const headers: Record<string, string | string[]> = {};
  for (const [rawName, value] of exchange.rawHeaders) {
    const name = rawName.toLowerCase();
    if (DROPPED_HEADERS.has(name) || name.startsWith('access-control-')) continue;
    const rewritten = rewrite(value, origin);
    const previous = headers[name];
    // Repeated lines (GitHub sends `Vary` twice) stay separate lines, as recorded.
    headers[name] = previous === undefined ? rewritten : [...(Array.isArray(previous) ? previous : [previous]), rewritten];
  }
  return { ...headers, ...corsHeaders() };
}

function recordedBody(exchange: RecordedExchange, origin: string): string {
  if (exchange.body === undefined || exchange.body === null || exchange.body === '') return '';
  const text = typeof exchange.body === 'string' ? exchange.body : JSON.stringify(exchange.body);
  return rewrite(text, origin);
}

function answerPreflight(req: IncomingMessage, res: ServerResponse): void {
  res.writeHead(204, {
    ...corsHeaders(),
    'access-control-allow-methods': 'GET, HEAD, POST, PATCH, PUT, DELETE',
    'access-control-allow-headers': req.headers['access-control-request-headers'] ?? 'Authorization, Accept, Content-Type',
    'access-control-max-age': '86400',
  });
  res.end();
}

function answerUnrecorded(res: ServerResponse): void {
  res.writeHead(404, { 'content-type': 'application/json; charset=utf-8', ...corsHeaders() });
  res.end(JSON.stringify({ message: 'Not Found', documentation_url: 'https://docs.github.com/rest' }));
}

/**
 * Starts a replay of the named scenarios (e.g. `paginate-issues`) and of any
 * exchanges given directly. Each request gets the recorded answer of the same
 * method and path+query; a pair recorded more than once is answered in
 * recording order, the last one repeating. Anything else is a JSON 404.
 */
export async function startGithubReplay(sources: ReadonlyArray<string | RecordedExchange>): Promise<GithubReplay> {
  const exchanges = sources.flatMap((source) => (typeof source === 'string' ? recordedScenario(source) : [source]));
  const queues = new Map<string, RecordedExchange[]>();
  for (const exchange of exchanges) {
    const key = matchKey(exchange.method, exchange.path);
    queues.set(key, [...(queues.get(key) ?? []), exchange]);
  }

  const received: ReceivedRequest[] = [];
  let origin = '';
  const server = createServer((req, res) => {
    const method = req.method ?? 'GET';
    const pathAndQuery = req.url ?? '/';
    received.push({ method, path: pathAndQuery, headers: req.headers });
    if (method === 'OPTIONS' && req.headers['access-control-request-method'] !== undefined) {
      answerPreflight(req, res);
      return;
    }
    const queue = queues.get(matchKey(method, pathAndQuery));
    const exchange = queue?.length === 1 ? queue[0] : queue?.shift();
    if (exchange === undefined) {
      answerUnrecorded(res);
      return;
    }
    res.writeHead(exchange.status, recordedHeaders(exchange, origin));
    res.end(method === 'HEAD' ? undefined : recordedBody(exchange, origin));
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    exchanges,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
