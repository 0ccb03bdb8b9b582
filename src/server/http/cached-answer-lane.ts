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
 * The lane runs the API request's steps (http/api-steps.ts), which the chain
 * runs too: `admit` (who pays, and whether the caller is refused), the
 * repository's step, the credit, `verdictOf`, and the headers every answer
 * carries; it settles the credit with limits/rate-limit.ts `spentCredit` and
 * applies the validators as the issue routes do (http/respond.ts). Until it
 * takes the credit it only looks at what is already remembered (the token,
 * the repository, the cached answer), so a request it does not take (another
 * method or path, an unusual URL or header, credentials or a repository not
 * remembered, a request a step would refuse, a cache miss) goes to Hono with
 * nothing changed. Once it has asked for the credit, a request it cannot
 * finish (refused, a database fault, an entry evicted while a shared limiter
 * answered) goes to Hono with that take (limits/credit-handover.ts), which the
 * chain's credit step uses instead of its own: one credit and one round trip
 * per request, whichever path answers. So the lane never makes an answer of
 * its own: its answers are the chain's, in status, headers and body, bar the
 * request id (cached-answer-lane.integration.test.ts compares them).
 * On the wire, Node writes the chain's `Content-Length` last and capitalised.
 *
 * With this process's counters (SQLite) the lane answers synchronously; with
 * counters shared in PostgreSQL it answers when `take_credits` returns, and
 * after a 304 when that 304's own refund is committed.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { CreditHandover } from '../limits/credit-handover';
import { spentCredit } from '../limits/rate-limit';
import type { Limiter, TakeResult } from '../limits/rate-limiter';
import type { LookupCache } from '../store/lookup-cache';
import type { RepoRecord } from '../store/records';
import type { AnswerCache } from './answer-cache';
import { admit, everyAnswerHeaders, repositoryStep, verdictOf, wantedBy, type Admission, type ApiRequestView } from './api-steps';
import { newRequestId } from './github-headers';
import { copyLowerCased } from './lower-cased-headers';
import { cachedAnswerFor, cachedAnswerReady, revalidatedAnswer } from './respond';

export interface LaneDependencies {
  /** the rows the chain has looked up (app.ts), of which the lane reads only what is remembered */
  lookups: LookupCache;
  /** core's limiter: this process's counters (the answer is sent at once) or the database's (sent when the credit is taken) */
  limiter: Limiter;
  now: () => number;
  trustProxy: boolean;
  /** the cache the issue routes fill (app.ts) */
  answers: AnswerCache;
  /** where a take goes when the lane leaves its request to the chain after all (the chain's credit step claims it, http/api-steps-middleware.ts) */
  handover: CreditHandover;
}

/**
 * Answers `req` and returns true, or returns false having changed nothing but a
 * credit it took, which it left in the handover for the chain. With a limiter
 * that takes its credits in a database, a promise of the same; it never rejects.
 */
export type CachedAnswerLane = (req: IncomingMessage, res: ServerResponse) => boolean | Promise<boolean>;

/** All the lane needs, once the credit is taken, to send the answer. */
interface Prepared {
  view: ApiRequestView;
  admission: Admission;
  repo: RepoRecord;
  scope: { repoId: number; dataVersion: number };
  key: string;
  acceptEncoding: string | undefined;
}

// The request URL is the cache key, so the lane takes only a Host and target that
// @hono/node-server (src/url.ts) uses exactly as sent: then `http://${host}${url}` is the
// very string the routes were keyed by. Anything it would normalise goes to Hono.
const PLAIN_HOST = /^[a-z0-9._-]+(?::(?:[1-5]\d{3,4}|[6-9]\d{3}))?$/;
const PLAIN_TARGET = /^\/[!#$&-;=?-[\]_a-z~]*$/;
const DOT_SEGMENT = /\/\.\.?(?:[/?#]|$)/;
/**
 * The cached routes (routes/issues.ts), with names that need no percent-decoding
 * (the target has no `%`).
 * Only these: the lane spends core credit, so a path of another resource
 * (`/api/search/…`, limits/rate-limit.ts `resourceOfPath`) must never match.
 */
const ISSUES_PATH = /^\/api\/repos\/[A-Za-z0-9._-]+\/[A-Za-z0-9._-]+\/issues(?:[/?]|$)/;

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

/** The steps' view of a request the lane may take (its target needs no decoding). */
function viewOf(req: IncomingMessage, url: string): ApiRequestView {
  const end = url.search(/[?#]/);
  return {
    method: 'GET',
    path: end === -1 ? url : url.slice(0, end),
    header: (name) => textOf(req.headers[name]),
    peerAddress: req.socket.remoteAddress,
  };
}

export function createCachedAnswerLane(deps: LaneDependencies): CachedAnswerLane {
  const { lookups, limiter, answers, handover } = deps;

  /**
   * Whether every step before the credit would let the request through to a cached
   * answer, looking only at what is remembered, so nothing changes when it would not.
   */
  function prepare(req: IncomingMessage): Prepared | null {
    if (req.method !== 'GET') return null;
    const url = req.url ?? '';
    const host = req.headers.host;
    if (host === undefined || !PLAIN_HOST.test(host) || !PLAIN_TARGET.test(url) || DOT_SEGMENT.test(url)) return null;
    if (!ISSUES_PATH.test(url) || repeatsSingleHeader(req.rawHeaders)) return null;
    const view = viewOf(req, url);
    const wanted = wantedBy(view);
    const { presented, repository } = wanted;
    // Rows not remembered (or bad credentials, which nothing remembers) are the chain's to look up and answer.
    const token = presented.present && presented.hash !== null ? lookups.rememberedToken(presented.hash) : null;
    if (presented.present && token === null) return null;
    const admission = admit(view, wanted, token, deps);
    if (admission.refusal || admission.free || !repository) return null; // the chain answers a refusal, after the same credit
    const reached = repositoryStep(admission, repository, lookups.rememberedRepo(repository.owner, repository.name));
    if (reached.kind === 'refused') return null; // or not remembered
    const { repo } = reached;
    const scope = { repoId: repo.id, dataVersion: repo.dataVersion };
    const key = `http://${host}${url}`;
    const acceptEncoding = req.headers['accept-encoding'];
    if (!cachedAnswerReady(answers, scope, key, acceptEncoding)) return null;
    return { view, admission, repo, scope, key, acceptEncoding };
  }

  /** Sends the answer the chain would, or leaves the request and its take to the chain. */
  function finish(req: IncomingMessage, res: ServerResponse, p: Prepared, taken: TakeResult): boolean | Promise<boolean> {
    if (verdictOf(p.admission, taken).kind !== 'admitted') return leave(req, p, taken); // the chain answers the 403 or 429 with this take
    try {
      // Looked up again: with a credit taken in a database, the entry may have gone meanwhile.
      const answer = cachedAnswerFor(answers, p.scope, p.key, p.acceptEncoding);
      if (!answer) return leave(req, p, taken);
      const h = req.headers;
      const { status, headers, body } = revalidatedAnswer(p.admission.token, p.repo, answer, { ifNoneMatch: h['if-none-match'], ifModifiedSince: h['if-modified-since'] });
      const all: Record<string, string> = {};
      copyLowerCased(all, headers);
      const every = everyAnswerHeaders(p.view);
      for (const name in every) all[name] = every[name] as string;
      all['x-github-request-id'] = newRequestId();
      const credit = spentCredit(limiter, p.admission.caller, taken.snapshot);
      const rate = credit.headersFor(status);
      for (const name in rate) all[name] = rate[name] as string;
      if (body) all['content-length'] = String(body.byteLength);
      // A 304's credit is back before the client hears it, so its next request finds it.
      const returned = credit.returned();
      if (returned) return returned.then(() => send(res, status, all, body));
      return send(res, status, all, body);
    } catch (err) {
      // The chain meets the same fault and answers it as it always has, with this credit.
      if (res.headersSent) {
        res.destroy(err instanceof Error ? err : undefined);
        return true;
      }
      return leave(req, p, taken);
    }
  }

  function leave(req: IncomingMessage, p: Prepared, taken: TakeResult | Promise<TakeResult>): false {
    handover.hand(req, limiter, p.admission.caller, taken);
    return false;
  }

  return function cachedAnswerLane(req, res) {
    let p: Prepared | null;
    try {
      p = prepare(req);
    } catch {
      return false; // the chain meets the same fault and answers it (a storage error, say)
    }
    if (!p) return false;
    const taken = limiter.take(p.admission.caller);
    if (!(taken instanceof Promise)) return finish(req, res, p, taken);
    // A fault in the database goes to the chain with the failed take, which answers it (app.ts onError).
    const prepared = p;
    return taken.then(
      (t) => finish(req, res, prepared, t),
      () => leave(req, prepared, taken),
    );
  };
}

function send(res: ServerResponse, status: number, headers: Record<string, string>, body: Uint8Array | null): true {
  res.writeHead(status, headers);
  res.end(body);
  return true;
}
