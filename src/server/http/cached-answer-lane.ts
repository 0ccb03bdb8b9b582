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
 * The lane first looks, changing nothing, whether it can take the request:
 * only a GET of an issue path whose token and repository are already
 * remembered, that `admit` does not refuse, whose repository the caller may
 * see (`repositoryStep`), and whose answer is cached (gzipped already if the
 * client wants gzip). Anything else (another method or path, an unusual URL or
 * header, credentials or a repository not remembered, a refusal, a cache
 * miss) goes to Hono with nothing changed: no credit, no counter, no cache
 * entry's recency. A request it takes, it runs through the chain's own list of
 * steps (http/api-steps.ts `runApiSteps`: admit, credit, verdict, repository,
 * in that order), given the rows its look found, and sends what they decide:
 * the limit's 403 or 429, any other answer a step gives, a fault's 503 or 500
 * (http/fault-answer.ts), or, when every step lets it through, the cached
 * answer with the validators applied as the issue routes apply them
 * (http/respond.ts `revalidatedAnswer`). Every answer gets the headers every
 * API answer carries through the chain's function (http/answer-headers.ts
 * `answerHeadersFor`). So the lane never makes an answer of its own: its
 * answers are the chain's, in status, headers and body, bar the request id
 * (cached-answer-lane.integration.test.ts compares them), and no credit passes
 * between the two. The look's repository comes before the credit, where the
 * steps' comes after it, and changes no answer: the look changes nothing and
 * the steps get the very rows it found.
 * On the wire, Node writes the chain's `Content-Length` last and capitalised.
 *
 * With this process's counters (SQLite) the lane answers synchronously; with
 * counters shared in PostgreSQL it answers when `take_credits` returns, and
 * after a 304 when that 304's own refund is committed. An answer cached when
 * the request came is still a true answer to it when the credit comes back
 * (a write meanwhile is one the request raced), so it is not looked up again.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RateLimiters } from '../limits/rate-limit';
import type { LookupCache } from '../store/lookup-cache';
import type { RepoRecord, TokenRecord } from '../store/records';
import type { Awaitable, RepositoryReader } from '../store/storage';
import type { AnswerCache, AnswerScope, RenderedAnswer } from './answer-cache';
import { answerHeadersFor, answerHeadersOf } from './answer-headers';
import type { ApiAnswer } from './api-answer';
import { admit, creditReturned, newApiRequest, repositoryStep, runApiSteps, wantedBy, type ApiRequest, type ApiRequestView, type StepOutcome, type StepRows } from './api-steps';
import { faultAnswer, type FaultContext } from './fault-answer';
import { readyCachedAnswer, revalidatedAnswer } from './respond';

export interface LaneDependencies extends FaultContext {
  /** the rows the chain has looked up (app.ts), of which the lane's look reads only what is remembered */
  lookups: LookupCache;
  /** where a renamed repository went, for the steps' 404 or 301 (as the chain's) */
  renames: Pick<RepositoryReader, 'findRenamed'>;
  /** the chain's limiters: this process's counters (the answer is sent at once) or the database's (sent when the credit is taken) */
  limiters: RateLimiters;
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

/**
 * The rows the look found remembered, which the steps get again: the answer the
 * look found is a true answer for them, so nothing is looked up anew while the
 * credit is taken.
 */
class FoundRows implements StepRows {
  constructor(
    private readonly foundToken: TokenRecord | null,
    private readonly foundRepo: RepoRecord,
    private readonly renames: LaneDependencies['renames'],
  ) {}

  token(): TokenRecord | null {
    return this.foundToken;
  }

  repo(): RepoRecord {
    return this.foundRepo;
  }

  renamed(owner: string, name: string): Awaitable<RepoRecord | null> {
    return this.renames.findRenamed(owner, name);
  }
}

/** A request the lane takes, as its look found it. */
interface Taken {
  request: ApiRequest;
  rows: FoundRows;
  scope: AnswerScope;
  key: string;
  /** the cached answer, encoded for this client */
  answer: RenderedAnswer;
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
  const { lookups, answers } = deps;

  /**
   * The look: whether every step would let the request through to a cached
   * answer, with only what is remembered, changing nothing (no credit, no
   * counter, not even the cache entry's recency), so that a request it
   * declines reaches the chain untouched.
   */
  function look(req: IncomingMessage): Taken | null {
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
    return { request: newApiRequest(view, key, answerHeadersOf(view), wanted), rows: new FoundRows(token, repo, deps.renames), scope, key, answer };
  }

  /** Sends what the steps decided: the answer one of them gave, or the cached answer. */
  function answer(res: ServerResponse, t: Taken, outcome: StepOutcome): true | Promise<true> {
    if (outcome) return send(res, t, outcome);
    const { request } = t;
    if (!request.admission || !request.repo) throw new Error('The steps let a request through without admitting it to its repository (http/api-steps.ts API_STEPS).');
    // As the routes' cache read: the entry is the most recently used now (it may have gone meanwhile).
    answers.get(t.scope, t.key);
    const h = res.req.headers;
    const validators = { ifNoneMatch: h['if-none-match'], ifModifiedSince: h['if-modified-since'] };
    const cached = revalidatedAnswer(request.admission.token, request.repo, t.answer, validators);
    // The headers decide the credit (a 304 gives it back), so they come before the wait for it.
    const headers = answerHeadersFor(request.headers, cached.status, cached.headers);
    // A 304's credit is back before the client hears it, so its next request finds it.
    const returned = creditReturned(request);
    if (returned) return returned.then(() => write(res, cached.status, headers, cached.body), (err: unknown) => sendFault(res, t, err));
    return write(res, cached.status, headers, cached.body);
  }

  function send(res: ServerResponse, t: Taken, plain: ApiAnswer): true {
    const body = typeof plain.body === 'string' ? Buffer.from(plain.body, 'utf8') : plain.body;
    return write(res, plain.status, answerHeadersFor(t.request.headers, plain.status, plain.headers), body);
  }

  /** A fault after the look (the database's take failed, say): the chain's answer to it (app.ts onError). */
  function sendFault(res: ServerResponse, t: Taken, err: unknown): true {
    if (res.headersSent) {
      res.destroy(err instanceof Error ? err : undefined);
      return true;
    }
    return send(res, t, faultAnswer(err, `${t.request.headers.requestId} GET ${new URL(t.key).pathname}`, deps));
  }

  return function cachedAnswerLane(req, res) {
    let taken: Taken | null;
    try {
      taken = look(req);
    } catch {
      return false; // the chain meets the same fault and answers it (a storage error, say)
    }
    if (!taken) return false;
    const t = taken;
    try {
      // The same steps as the chain's, in the same order (http/api-steps.ts API_STEPS).
      const outcome = runApiSteps(t.request, t.rows, deps);
      if (!(outcome instanceof Promise)) return answer(res, t, outcome);
      return outcome.then((o) => answer(res, t, o)).then(undefined, (err: unknown) => sendFault(res, t, err));
    } catch (err) {
      return sendFault(res, t, err);
    }
  };
}

function write(res: ServerResponse, status: number, headers: Record<string, string>, body: Uint8Array | null): true {
  if (body) headers['content-length'] = String(body.byteLength);
  res.writeHead(status, headers);
  res.end(body);
  return true;
}
