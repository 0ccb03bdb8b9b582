/**
 * Faults on purpose, for testing clients: wraps the service's fetch handler so
 * a share of `/api/*` requests is answered 503, 502 or 429, delayed, or
 * dropped without an answer (see parse-fault-spec.ts for the SPEC).
 *
 * It stands in front of the whole app, as a struggling edge or proxy would:
 * a faulted request never reaches the rate limiter, so it spends no credit,
 * and the app's static files are never faulted (a client test wants to see
 * its API calls fail, not the page that makes them). `/api/rate_limit` is
 * faulted like any other path: GitHub's can fail too, and a client must not
 * depend on it.
 */
import type { IncomingMessage } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { createPrng, type Prng } from '../../shared/prng';
import { isInForce, parseFaultSpec, type FaultKind, type FaultRule } from './parse-fault-spec';

type FetchHandler = (request: Request, env?: unknown) => Response | Promise<Response>;

export interface FaultRecord {
  /** Unix ms when the request arrived */
  at: number;
  method: string;
  /** path and query */
  path: string;
  /** the fault applied, or null when the request went through untouched */
  fault: FaultKind | null;
}

export interface FaultStats {
  /** `/api/*` requests seen since the last reset */
  requests: number;
  passed: number;
  faulted: Record<FaultKind, number>;
}

export interface FaultInjector {
  /** Replaces the rules at runtime; windows count from now. Throws FaultSpecError on a bad SPEC. */
  set(spec: string): void;
  /** No faults from now on. */
  clear(): void;
  /** The SPEC in force, as last set. */
  readonly spec: string;
  stats(): FaultStats;
  /** The latest requests seen (at most RECORD_LIMIT), oldest first. */
  records(): readonly FaultRecord[];
  resetStats(): void;
  /** The fetch handler with faults in front of it. */
  wrap(handler: FetchHandler): FetchHandler;
}

export interface FaultInjectorOptions {
  spec?: string;
  /** the same seed gives the same sequence of faults for the same sequence of requests */
  seed?: number | null;
  now?: () => number;
}

const API_PREFIX = '/api/';
const RATE_LIMIT_PATH = '/api/rate_limit';
const RECORD_LIMIT = 10_000;
const MS_PER_SECOND = 1000;
const SERVICE_UNAVAILABLE_DOCS = 'https://docs.github.com/rest';
/** What nginx sends; a client must not expect JSON from whatever stands in front of an API. */
const BAD_GATEWAY_HTML =
  '<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n';
/** Headers of the free `GET /rate_limit` answer that a fault answer must not borrow. */
const NOT_BORROWED = new Set(['content-type', 'content-length', 'etag', 'last-modified', 'cache-control', 'date']);

function emptyCounts(): Record<FaultKind, number> {
  return { '503': 0, '502': 0, '429': 0, delay: 0, drop: 0 };
}

export function createFaultInjector(options: FaultInjectorOptions = {}): FaultInjector {
  const now = options.now ?? Date.now;
  const prng: Prng = createPrng(`faults:${options.seed ?? Math.floor(Math.random() * 2 ** 32)}`);
  let spec = '';
  let rules: FaultRule[] = [];
  let epochMs = now();
  let stats: FaultStats = { requests: 0, passed: 0, faulted: emptyCounts() };
  let log: FaultRecord[] = [];

  function set(next: string): void {
    rules = parseFaultSpec(next);
    spec = next.trim();
    epochMs = now();
  }
  if (options.spec !== undefined) set(options.spec);

  /** One draw per request: the rules in force take consecutive slices of 100 %. */
  function pick(): FaultRule | null {
    if (rules.length === 0) return null;
    const elapsed = now() - epochMs;
    const draw = prng.next() * 100;
    let upTo = 0;
    for (const rule of rules) {
      if (!isInForce(rule, elapsed)) continue;
      upTo += rule.percent;
      if (draw < upTo) return rule;
    }
    return null;
  }

  function record(request: Request, url: URL, fault: FaultKind | null): void {
    stats.requests += 1;
    if (fault === null) stats.passed += 1;
    else stats.faulted[fault] += 1;
    log.push({ at: now(), method: request.method, path: url.pathname + url.search, fault });
    if (log.length > RECORD_LIMIT) log = log.slice(-RECORD_LIMIT);
  }

  /**
   * The caller's own rate-limit headers (and CORS, request id, GitHub's
   * security headers), read from the free `GET /rate_limit` with the same
   * credentials, so a fault answer looks like the service's and costs nothing.
   */
  async function serviceHeaders(handler: FetchHandler, request: Request, env: unknown): Promise<Headers> {
    const probe = new Request(new URL(RATE_LIMIT_PATH, request.url), { method: 'GET', headers: request.headers });
    const answer = await handler(probe, env);
    const headers = new Headers();
    answer.headers.forEach((value, name) => {
      if (!NOT_BORROWED.has(name.toLowerCase())) headers.append(name, value);
    });
    await answer.body?.cancel();
    return headers;
  }

  async function answerWith(rule: FaultRule, handler: FetchHandler, request: Request, env: unknown): Promise<Response> {
    switch (rule.kind) {
      case 'delay':
        await sleep(rule.paramMs ?? 0);
        return handler(request, env);
      case 'drop': {
        // No answer at all: the client sees the connection reset (ECONNRESET / "socket hang up").
        const incoming = (env as { incoming?: IncomingMessage } | undefined)?.incoming;
        if (incoming === undefined) throw new Error('drop needs a real socket (serve the handler with @hono/node-server)');
        incoming.socket.destroy();
        return new Response(null, { status: 500 });
      }
      case '502':
        return new Response(BAD_GATEWAY_HTML, {
          status: 502,
          headers: { 'Content-Type': 'text/html', 'Access-Control-Allow-Origin': '*' },
        });
      case '503':
      case '429': {
        const headers = await serviceHeaders(handler, request, env);
        headers.set('Content-Type', 'application/json; charset=utf-8');
        if (rule.paramMs !== null) headers.set('Retry-After', String(Math.ceil(rule.paramMs / MS_PER_SECOND)));
        const body =
          rule.kind === '503'
            ? { message: 'Service Unavailable', documentation_url: SERVICE_UNAVAILABLE_DOCS, status: '503' }
            : {
                // spec 8.7, the service's own secondary-limit answer
                message: 'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.',
                documentation_url: 'https://docs.github.com/rest/overview/rate-limits-for-the-rest-api#about-secondary-rate-limits',
                status: '429',
              };
        return new Response(JSON.stringify(body), { status: Number(rule.kind), headers });
      }
    }
  }

  return {
    set,
    clear: () => set(''),
    get spec() {
      return spec;
    },
    stats: () => ({ ...stats, faulted: { ...stats.faulted } }),
    records: () => log,
    resetStats() {
      stats = { requests: 0, passed: 0, faulted: emptyCounts() };
      log = [];
    },
    wrap(handler) {
      return (request, env) => {
        const url = new URL(request.url);
        if (!url.pathname.startsWith(API_PREFIX)) return handler(request, env);
        const rule = pick();
        record(request, url, rule?.kind ?? null);
        return rule === null ? handler(request, env) : answerWith(rule, handler, request, env);
      };
    },
  };
}
