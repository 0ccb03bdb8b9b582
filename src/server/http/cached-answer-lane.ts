/**
 * The cached-answer lane: answers the commonest API request, an issue page or
 * issue already in the answer cache (a client revalidating with
 * `If-None-Match`, or fetching it again), straight from `node:http`.
 *
 * Why: such an answer is bytes already made, yet going through Hono cost
 * more than the bytes: a Request and a Context object, seven async
 * middlewares and the header plumbing between them. A 304 through the chain
 * cost several times the CPU that bare `node:http` needs to send the same
 * headers (docs/performance-log.md, "The cached-answer lane").
 *
 * The lane runs the same steps as the chain in app.ts, with the same
 * functions: the version check, the credentials, the rate limit, the
 * repository and who may see it, the cache, the validators and the headers.
 * It takes a request only when every step would let it through to a cached
 * answer, and until it takes the credit it only looks at what is already
 * remembered (the token, the repository, the cached answer). Anything else
 * (another method or path, an unusual URL or header, credentials or a
 * repository not remembered, bad credentials, a repository it cannot see, a
 * cache miss, an exhausted limit, an error) returns false with nothing
 * changed, and the request goes to Hono as before. So the lane never makes an
 * answer of its own: its answers are the chain's, in status, headers and body,
 * bar the request id (cached-answer-lane.integration.test.ts compares them).
 * On the wire, Node writes the chain's `Content-Length` last and capitalised.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { clientAddress, judgeCredentials, presentedHash } from '../auth/identify-caller';
import { settledRateHeaders } from '../limits/rate-limit';
import type { Caller, RateLimiter } from '../limits/rate-limiter';
import { canSee } from '../routes/repository-access';
import type { LookupCache } from '../store/lookup-cache';
import type { AnswerCache } from './answer-cache';
import { servesVersion, VERSION_HEADERS } from './api-version';
import { API_CORS, simpleCorsHeaders } from './cross-origin';
import { GITHUB_RESPONSE_HEADERS, newRequestId } from './github-headers';
import { cachedAnswerFor, cachedAnswerReady, revalidatedAnswer } from './respond';

export interface LaneDependencies {
  /** the rows the chain has looked up (app.ts), of which the lane reads only what is remembered */
  lookups: LookupCache;
  limiter: RateLimiter;
  now: () => number;
  trustProxy: boolean;
  /** the cache the issue routes fill (app.ts) */
  answers: AnswerCache;
}

/** Answers `req` and returns true, or returns false having changed nothing. */
export type CachedAnswerLane = (req: IncomingMessage, res: ServerResponse) => boolean;

// The request URL is the cache key, so the lane takes only a Host and target that
// @hono/node-server (src/url.ts) uses exactly as sent: then `http://${host}${url}` is the
// very string the routes were keyed by. Anything it would normalise goes to Hono.
const PLAIN_HOST = /^[a-z0-9._-]+(?::(?:[1-5]\d{3,4}|[6-9]\d{3}))?$/;
const PLAIN_TARGET = /^\/[!#$&-;=?-[\]_a-z~]*$/;
const DOT_SEGMENT = /\/\.\.?(?:[/?#]|$)/;
/**
 * The cached routes (routes/issues.ts), with names that need no percent-decoding.
 * Only these: the lane spends core credit, so a path of another resource
 * (`/api/search/…`, limits/rate-limit.ts `resourceOfPath`) must never match.
 */
const ISSUES_PATH = /^\/api\/repos\/([A-Za-z0-9._-]+)\/([A-Za-z0-9._-]+)\/issues(?:[/?]|$)/;

/**
 * Node keeps the first of these when a request repeats them, where Hono's
 * request joins them: the lane leaves such a request to Hono.
 */
const SINGLE_HEADERS = new Set(['host', 'authorization', 'if-modified-since']);

function repeatsSingleHeader(raw: readonly string[]): boolean {
  const seen = new Set<string>();
  for (let i = 0; i < raw.length; i += 2) {
    const name = (raw[i] as string).toLowerCase();
    if (!SINGLE_HEADERS.has(name)) continue;
    if (seen.has(name)) return true;
    seen.add(name);
  }
  return false;
}

/** A header as one string; node:http joins repeats into one for all but `set-cookie`. */
function textOf(value: string | string[] | undefined): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function lowerCased(headers: Readonly<Record<string, string>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name in headers) out[name.toLowerCase()] = headers[name] as string;
  return out;
}

export function createCachedAnswerLane(deps: LaneDependencies): CachedAnswerLane {
  const { lookups, limiter, now, trustProxy, answers } = deps;
  // What the request-id, CORS and version middlewares gather for every answer, in their order.
  const everyAnswer = lowerCased({ ...GITHUB_RESPONSE_HEADERS, 'X-GitHub-Request-Id': '', ...simpleCorsHeaders(API_CORS), ...VERSION_HEADERS });

  return function cachedAnswerLane(req, res) {
    if (req.method !== 'GET') return false;
    const url = req.url ?? '';
    const h = req.headers;
    const host = h.host;
    if (host === undefined || !PLAIN_HOST.test(host) || !PLAIN_TARGET.test(url) || DOT_SEGMENT.test(url)) return false;
    const path = ISSUES_PATH.exec(url);
    if (!path || repeatsSingleHeader(req.rawHeaders) || !servesVersion(textOf(h['x-github-api-version']))) return false;

    let caller: Caller | null = null;
    /** a credit taken and not yet given back (a 304 gives it back as its headers are made) */
    let creditHeld = false;
    try {
      // Up to `take`, every look is at what is remembered, and nothing changes: a request
      // left to the chain costs it no extra reads, and leaves counters and cache as they were.
      const presented = presentedHash(h.authorization);
      const record = presented.present && presented.hash !== null ? lookups.rememberedToken(presented.hash) : null;
      const credentials = judgeCredentials(presented, record, now);
      if (credentials.kind === 'bad') return false; // or not remembered: the chain decides
      const token = credentials.kind === 'token' ? credentials.record : null;
      caller = token ? { kind: 'user', login: token.login } : { kind: 'ip', address: clientAddress({ incoming: req }, textOf(h['x-forwarded-for']), trustProxy) };
      if (!limiter.wouldAllow(caller)) return false; // the chain answers the 403 or 429
      const repo = lookups.rememberedRepo(path[1] as string, path[2] as string);
      if (!repo || !canSee(token, repo)) return false;
      const scope = { repoId: repo.id, dataVersion: repo.dataVersion };
      const key = `http://${host}${url}`;
      const acceptEncoding = h['accept-encoding'];
      if (!cachedAnswerReady(answers, scope, key, acceptEncoding)) return false;

      const taken = limiter.take(caller);
      if (!taken.allowed) return false;
      creditHeld = true;
      const answer = cachedAnswerFor(answers, scope, key, acceptEncoding);
      if (!answer) throw new Error('a cached answer vanished between two synchronous reads');

      const { status, headers, body } = revalidatedAnswer(token, repo, answer, { ifNoneMatch: h['if-none-match'], ifModifiedSince: h['if-modified-since'] });
      const all = lowerCased(headers);
      for (const name in everyAnswer) all[name] = everyAnswer[name] as string;
      all['x-github-request-id'] = newRequestId();
      const rate = settledRateHeaders(limiter, caller, taken.snapshot, status);
      if (status === 304) creditHeld = false;
      for (const name in rate) all[name] = rate[name] as string;
      if (body) all['content-length'] = String(body.byteLength);
      res.writeHead(status, all);
      res.end(body);
      return true;
    } catch (err) {
      // The chain meets the same fault and answers it (a storage error, say) as it always has;
      // a fault that has passed by then is simply not seen.
      if (res.headersSent) {
        res.destroy(err instanceof Error ? err : undefined);
        return true;
      }
      if (creditHeld && caller) limiter.refund(caller);
      return false;
    }
  };
}
