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
 * The lane runs the API request's steps (http/api-steps.ts) with the chain's
 * functions: `admit` (who pays, and whether the caller is refused), the
 * repository's step, the credit, `verdictOf`, and the headers every answer
 * carries (http/answer-headers.ts); it settles the credit with
 * limits/rate-limit.ts `spentCredit` and applies the validators as the issue
 * routes do (http/respond.ts). Everything before the credit is a look that
 * changes nothing and decides whether the lane takes the request at all: only
 * a GET of an issue path whose token and repository are already remembered,
 * that no step refuses before the credit, and whose answer is cached (gzipped
 * already if the client wants gzip); so looking at the repository before the
 * credit, where the chain looks after it, changes no answer. Anything else (another method or path, an unusual
 * URL or header, credentials or a repository not remembered, a refusal, a
 * cache miss) goes to Hono with nothing changed. The answer the look found is
 * the one sent, so a request the lane takes is answered by the lane whatever
 * the credit step says: the answer, the limit's 403 or 429
 * (api-steps.ts `limitedAnswer`), or a fault's 503 or 500
 * (http/fault-answer.ts), each as the chain would give it. So the lane never
 * makes an answer of its own: its answers are the chain's, in status, headers
 * and body, bar the request id (cached-answer-lane.integration.test.ts
 * compares them), and no credit passes between the two.
 * On the wire, Node writes the chain's `Content-Length` last and capitalised.
 *
 * With this process's counters (SQLite) the lane answers synchronously; with
 * counters shared in PostgreSQL it answers when `take_credits` returns, and
 * after a 304 when that 304's own refund is committed. An answer cached when
 * the request came is still a true answer to it when the credit comes back
 * (a write meanwhile is one the request raced), so it is not looked up again.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AnswerHeaders } from '../app-env';
import { spentCredit } from '../limits/rate-limit';
import type { Limiter, TakeResult } from '../limits/rate-limiter';
import type { LookupCache } from '../store/lookup-cache';
import type { RepoRecord } from '../store/records';
import type { AnswerCache, AnswerScope, RenderedAnswer } from './answer-cache';
import { answerHeadersFor, gatherAnswerHeaders } from './answer-headers';
import { admit, everyAnswerHeaders, limitedAnswer, repositoryStep, verdictOf, wantedBy, type Admission, type ApiRequestView } from './api-steps';
import type { ErrorAnswer } from './error-bodies';
import { faultAnswer, type FaultContext } from './fault-answer';
import { newRequestId } from './github-headers';
import { JSON_TYPE, readyCachedAnswer, revalidatedAnswer } from './respond';

export interface LaneDependencies extends FaultContext {
  /** the rows the chain has looked up (app.ts), of which the lane reads only what is remembered */
  lookups: LookupCache;
  /** core's limiter: this process's counters (the answer is sent at once) or the database's (sent when the credit is taken) */
  limiter: Limiter;
  now: () => number;
  trustProxy: boolean;
  /** the cache the issue routes fill (app.ts) */
  answers: AnswerCache;
  /** the id of a user, for the 403 that names them (app.ts `userIdFinder`, as the chain's) */
  userIdOf: (login: string) => Promise<number>;
}

/**
 * Answers `req` and returns true, or returns false having changed nothing (the
 * chain answers it). With a limiter that takes its credits in a database, a
 * promise of true, settled once the answer is sent; it never rejects.
 */
export type CachedAnswerLane = (req: IncomingMessage, res: ServerResponse) => boolean | Promise<true>;

/** All the lane needs, once the credit is taken, to send the answer. */
interface Prepared {
  admission: Admission;
  repo: RepoRecord;
  scope: AnswerScope;
  key: string;
  /** the cached answer, encoded for this client */
  answer: RenderedAnswer;
  gathered: AnswerHeaders;
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
  const { lookups, limiter, answers } = deps;

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
    const answer = readyCachedAnswer(answers, scope, key, req.headers['accept-encoding']);
    if (!answer) return null;
    return { admission, repo, scope, key, answer, gathered: gatherAnswerHeaders(everyAnswerHeaders(view), newRequestId()) };
  }

  /** Sends the answer the chain would give once the credit is `taken`. */
  function finish(res: ServerResponse, p: Prepared, taken: TakeResult): true | Promise<true> {
    const verdict = verdictOf(p.admission, taken);
    // Before the credit nothing refused the request, so after it only the limit can.
    if (verdict.kind === 'limited') {
      return limitedAnswer(verdict, p.admission.caller, deps.userIdOf).then(
        ({ error, headers }) => sendError(res, p, error, headers),
        (err: unknown) => sendFault(res, p, err),
      );
    }
    // As the routes' cache read: the entry is the most recently used now (it may have gone meanwhile).
    answers.get(p.scope, p.key);
    const h = res.req.headers;
    const { status, headers, body } = revalidatedAnswer(p.admission.token, p.repo, p.answer, { ifNoneMatch: h['if-none-match'], ifModifiedSince: h['if-modified-since'] });
    const credit = spentCredit(limiter, p.admission.caller, taken.snapshot);
    p.gathered.byStatus.push((s) => credit.headersFor(s));
    // The headers decide the credit (a 304 gives it back), so they come before the wait for it.
    const all = answerHeadersFor(p.gathered, status, headers);
    // A 304's credit is back before the client hears it, so its next request finds it.
    const returned = credit.returned();
    if (returned) return returned.then(() => send(res, status, all, body));
    return send(res, status, all, body);
  }

  function sendError(res: ServerResponse, p: Prepared, error: ErrorAnswer, headers: Record<string, string>): true {
    const body = Buffer.from(error.body, 'utf8');
    return send(res, error.status, answerHeadersFor(p.gathered, error.status, { ...headers, 'Content-Type': JSON_TYPE }), body);
  }

  /** A fault after the look (the database's take failed, say): the chain's answer to it (app.ts onError). */
  function sendFault(res: ServerResponse, p: Prepared, err: unknown): true {
    if (res.headersSent) {
      res.destroy(err instanceof Error ? err : undefined);
      return true;
    }
    const { error, headers } = faultAnswer(err, `${p.gathered.requestId} GET ${new URL(p.key).pathname}`, deps);
    return sendError(res, p, error, headers);
  }

  return function cachedAnswerLane(req, res) {
    let p: Prepared | null;
    try {
      p = prepare(req);
    } catch {
      return false; // the chain meets the same fault and answers it (a storage error, say)
    }
    if (!p) return false;
    const prepared = p;
    try {
      const taken = limiter.take(prepared.admission.caller);
      if (!(taken instanceof Promise)) return finish(res, prepared, taken);
      return taken.then(
        (t) => finish(res, prepared, t),
        (err: unknown) => sendFault(res, prepared, err),
      );
    } catch (err) {
      return sendFault(res, prepared, err);
    }
  };
}

function send(res: ServerResponse, status: number, headers: Record<string, string>, body: Uint8Array | null): true {
  if (body) headers['content-length'] = String(body.byteLength);
  res.writeHead(status, headers);
  res.end(body);
  return true;
}
