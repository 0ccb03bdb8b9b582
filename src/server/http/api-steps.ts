/**
 * An API request's steps before its route, as one ordered list (`API_STEPS`)
 * that both paths answering it run through `runApiSteps`: the Hono chain
 * (http/api-steps-middleware.ts) and the cached-answer lane
 * (http/cached-answer-lane.ts). No framework here: each step reads the small
 * request shape (`ApiRequest`) and the rows its driver finds for it, notes
 * what it learned on the request, and says "go on" (null) or gives the plain
 * answer (http/api-answer.ts) that ends the request.
 *
 * A request meets, in this order:
 *   1. admit, given its token's row: who pays (the token's user, or the client
 *      address, spec 5), which resource's limit it spends (spec 8), and whether
 *      bad credentials or a version not served (spec 9) refuse it;
 *   2. the credit, from that resource's limiter (none on a free path, which
 *      only shows its limit); every answer from here on says where the limit stands;
 *   3. the verdict: bad credentials (401) whatever the limit says, then the
 *      limit's refusal (403/429), then the caller's other refusals (each has
 *      still cost its credit while there was one, as on GitHub);
 *   4. on a `/repos/{owner}/{repo}` path, the repository, given its row: it
 *      goes on with it, or a refusal when it is missing or not the caller's to
 *      see (the same 404, spec 4.1.8, 5.6, or a 301 to a new name);
 * then the route (or, in the lane, the cached answer).
 * Every answer carries the headers every API answer carries
 * (http/answer-headers.ts), then its own.
 *
 * A preflight (OPTIONS) is answered before these steps (http/cross-origin.ts).
 * The chain's rows are looked up in the store (through the rows remembered in
 * front of it); the lane's are those its look found remembered before it took
 * the request (the look changes nothing, and the lane takes a request only
 * when these same functions let it through to a cached answer).
 */
import { API_VERSION_HEADER } from '../../shared/api-constants';
import type { AnswerHeaders } from '../app-env';
import { judgeCredentials, presentedHash, type PresentedHash } from '../auth/credentials';
import { rateLimitHeaders, resourceOfPath, spentCredit, type RateLimiters, type SpentCredit } from '../limits/rate-limit';
import type { Caller, RateResource, RateSnapshot, TakeResult } from '../limits/rate-limiter';
import type { RepoRecord, TokenRecord } from '../store/records';
import type { Awaitable } from '../store/storage';
import { errorAnswer, type ApiAnswer } from './api-answer';
import { servesVersion, unservedVersion } from './api-version';
import { errors } from './error-bodies';
import { canSee, docForPath } from './repository-access';

/** What the steps read of a request. */
export interface ApiRequestView {
  readonly method: string;
  /** the path, `/api/…`, percent-decoded as Hono's `c.req.path` (the lane takes only paths that need no decoding) */
  readonly path: string;
  /** a header's value, by its lower-case name; repeats joined with ", " */
  header(name: string): string | undefined;
  /** the address of the socket's other end */
  readonly peerAddress: string | undefined;
}

export interface StepOptions {
  now: () => number;
  /** honour X-Forwarded-For for the client address (only behind your own proxy: clients can forge it) */
  trustProxy: boolean;
}

export interface RepositoryName {
  owner: string;
  name: string;
}

/** What a request names that the steps must look up. */
export interface Wanted {
  /** what its `Authorization` header presents: nothing, or a token's hash (null when it cannot be one) */
  presented: PresentedHash;
  /** the repository of a `/repos/{owner}/{repo}[/…]` path */
  repository: RepositoryName | null;
}

/** Why the steps after the credit refuse a request. */
export type Refusal =
  | { kind: 'bad-credentials' }
  | { kind: 'version'; asked: string }
  /** not found, or `hidden` from this caller: the same 404 either way, unless it was renamed */
  | { kind: 'repository'; named: RepositoryName; hidden: boolean };

export interface Admission {
  caller: Caller;
  /** the valid token presented, if any */
  token: TokenRecord | null;
  /** the resource whose limit the request spends or, on a free path, shows */
  resource: RateResource;
  /** checking your limit does not spend it (GitHub's `/rate_limit`) */
  free: boolean;
  /** bad credentials or a version not served */
  refusal: Refusal | null;
}

export type Verdict = { kind: 'limited'; taken: Extract<TakeResult, { allowed: false }> } | { kind: 'refused'; refusal: Refusal } | { kind: 'admitted' };

export type RepositoryVerdict = { kind: 'refused'; refusal: Refusal } | { kind: 'through'; repo: RepoRecord };

/** Paths that cost nothing (GitHub: checking your limit does not spend it). */
const FREE_PATHS = new Set(['/api/rate_limit']);

const REPOSITORY_PATH = /^\/api\/repos\/([^/]+)\/([^/]+)(?:\/|$)/;

function decodedSegment(segment: string): string {
  if (!segment.includes('%')) return segment;
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment; // as Hono's route parameters: a malformed escape stays as sent
  }
}

/** The client's address: the socket's, or behind a trusted proxy the one it vouches for. */
export function clientAddress(view: ApiRequestView, trustProxy: boolean): string {
  const forwardedFor = trustProxy ? view.header('x-forwarded-for') : undefined;
  if (forwardedFor) {
    // The proxy appends the address it saw: the right-most entry is the one it vouches for.
    const last = forwardedFor.split(',').map((s) => s.trim()).filter(Boolean).at(-1);
    if (last) return last;
  }
  return view.peerAddress ?? 'unknown';
}

export function wantedBy(view: ApiRequestView): Wanted {
  const path = REPOSITORY_PATH.exec(view.path);
  return {
    presented: presentedHash(view.header('authorization')),
    repository: path ? { owner: decodedSegment(path[1] as string), name: decodedSegment(path[2] as string) } : null,
  };
}

/** The admit step's decision: who pays, which limit, and what refuses the request after its credit; `tokenRow` is what `wanted.presented` found. */
export function admit(view: ApiRequestView, wanted: Wanted, tokenRow: TokenRecord | null, options: StepOptions): Admission {
  const credentials = judgeCredentials(wanted.presented, tokenRow, options.now);
  const token = credentials.kind === 'token' ? credentials.record : null;
  const caller: Caller = token ? { kind: 'user', login: token.login } : { kind: 'ip', address: clientAddress(view, options.trustProxy) };
  const asked = view.header(API_VERSION_HEADER.toLowerCase());
  let refusal: Refusal | null = null;
  if (credentials.kind === 'bad') refusal = { kind: 'bad-credentials' }; // spec 5.5: counted against the address, then refused
  else if (asked !== undefined && !servesVersion(asked)) refusal = { kind: 'version', asked };
  return { caller, token, resource: resourceOfPath(view.path), free: FREE_PATHS.has(view.path), refusal };
}

/**
 * The verdict step's decision: what answers the request once its credit is settled (`taken` is null on a free path).
 * Bad credentials are answered 401 whatever the address's limits say (spec 5.5, 7.2): a client
 * told 403 or 429 would wait and retry with the same bad token, and a settings page could not
 * tell a bad token from a busy address. Every other refusal comes after the limit's.
 */
export function verdictOf(admission: Admission, taken: TakeResult | null): Verdict {
  if (admission.refusal?.kind === 'bad-credentials') return { kind: 'refused', refusal: admission.refusal };
  if (taken && !taken.allowed) return { kind: 'limited', taken };
  if (admission.refusal) return { kind: 'refused', refusal: admission.refusal };
  return { kind: 'admitted' };
}

/**
 * The answer to a request its limit refuses (the verdict's `limited`): GitHub's
 * 403 naming the address or the user (`userIdOf` finds the user's id), or
 * the secondary limit's 429 with `Retry-After`, with the limit's headers.
 */
export async function limitedAnswer(
  verdict: Extract<Verdict, { kind: 'limited' }>,
  caller: Caller,
  userIdOf: (login: string) => Promise<number>,
): Promise<ApiAnswer> {
  const { taken } = verdict;
  const headers = rateLimitHeaders(taken.snapshot);
  if (taken.reason === 'secondary') return errorAnswer(errors.secondaryRateLimited(), { ...headers, 'Retry-After': String(taken.retryAfterSeconds) });
  const error = caller.kind === 'user' ? errors.rateLimitedUser(await userIdOf(caller.login)) : errors.rateLimited(caller.address);
  return errorAnswer(error, headers);
}

/** The repository step's decision: whether its row lets the admitted caller through (`row` is what `named` found). */
export function repositoryStep(admission: Admission, named: RepositoryName, row: RepoRecord | null): RepositoryVerdict {
  if (row && canSee(admission.token, row)) return { kind: 'through', repo: row };
  return { kind: 'refused', refusal: { kind: 'repository', named, hidden: row !== null } };
}

/**
 * Where a refused repository's answer points: its new name when it was renamed
 * and the caller may see it, otherwise nowhere (the 404). A stranger must not
 * learn that a private repository was renamed, nor a hidden one's new name.
 */
export function renamedTarget(refusal: Extract<Refusal, { kind: 'repository' }>, moved: RepoRecord | null, token: TokenRecord | null): RepoRecord | null {
  if (refusal.hidden || !moved || !canSee(token, moved)) return null;
  return moved;
}

/** Where the steps find the rows a request names; a driver answers at once what it has at hand. */
export interface StepRows {
  token(hash: string): Awaitable<TokenRecord | null>;
  repo(owner: string, name: string): Awaitable<RepoRecord | null>;
  /** where a renamed repository went */
  renamed(owner: string, name: string): Awaitable<RepoRecord | null>;
}

export interface ApiStepsDependencies extends StepOptions {
  limiters: RateLimiters;
  /** the id of a user, for the 403 that names them ("for user ID 123.") */
  userIdOf: (login: string) => Promise<number>;
}

/** The small request shape the steps run over, and what they learn of it on the way. */
export interface ApiRequest {
  readonly view: ApiRequestView;
  /** the full URL as sent (origin, path, query): a 301 points to the same place under the new name */
  readonly url: string;
  readonly wanted: Wanted;
  /** the headers every answer to it carries, gathered before its route (http/answer-headers.ts); the credit adds its own */
  readonly headers: AnswerHeaders;
  /** set by the admit step */
  admission: Admission | null;
  /** the credit taken (null on a free path), set by the credit step */
  taken: TakeResult | null;
  /** the credit spent, which a 304 gives back (limits/rate-limit.ts `spentCredit`) */
  credit: SpentCredit | null;
  /** the repository of a repository path, once the caller may see it */
  repo: RepoRecord | null;
}

export function newApiRequest(view: ApiRequestView, url: string, headers: AnswerHeaders, wanted: Wanted = wantedBy(view)): ApiRequest {
  return { view, url, wanted, headers, admission: null, taken: null, credit: null, repo: null };
}

/** What a step says: null to go on to the next, or the answer that ends the request. */
export type StepOutcome = ApiAnswer | null;

export type ApiStep = (request: ApiRequest, rows: StepRows, deps: ApiStepsDependencies) => Awaitable<StepOutcome>;

function admissionOf(request: ApiRequest): Admission {
  if (!request.admission) throw new Error('A request\'s steps after admit ran before it (http/api-steps.ts API_STEPS).');
  return request.admission;
}

function admitWith(request: ApiRequest, tokenRow: TokenRecord | null, options: StepOptions): null {
  request.admission = admit(request.view, request.wanted, tokenRow, options);
  return null;
}

/** Step 1: who pays, which limit, and what refuses the request after its credit. */
function admitStep(request: ApiRequest, rows: StepRows, deps: ApiStepsDependencies): Awaitable<StepOutcome> {
  const { presented } = request.wanted;
  const row = presented.present && presented.hash !== null ? rows.token(presented.hash) : null;
  return row instanceof Promise ? row.then((found) => admitWith(request, found, deps)) : admitWith(request, row, deps);
}

function showLimit(request: ApiRequest, snapshot: RateSnapshot): null {
  request.headers.byStatus.push(() => rateLimitHeaders(snapshot));
  return null;
}

function spend(request: ApiRequest, admission: Admission, taken: TakeResult, deps: ApiStepsDependencies): null {
  request.taken = taken;
  if (taken.allowed) {
    const credit = spentCredit(deps.limiters[admission.resource], admission.caller, taken.snapshot);
    request.credit = credit;
    request.headers.byStatus.push((status) => credit.headersFor(status));
  } else {
    // Refused by the limit, or bad credentials at an address with no credit left: the answer still says where the limit stands (spec 8.5).
    request.headers.byStatus.push(() => rateLimitHeaders(taken.snapshot));
  }
  return null;
}

/** Step 2: the credit, or on a free path (GitHub's `/rate_limit`) only a look at the limit. */
function creditStep(request: ApiRequest, _rows: StepRows, deps: ApiStepsDependencies): Awaitable<StepOutcome> {
  const admission = admissionOf(request);
  const limiter = deps.limiters[admission.resource];
  if (admission.free) {
    const snapshot = limiter.peek(admission.caller);
    return snapshot instanceof Promise ? snapshot.then((s) => showLimit(request, s)) : showLimit(request, snapshot);
  }
  const taken = limiter.take(admission.caller);
  return taken instanceof Promise ? taken.then((t) => spend(request, admission, t, deps)) : spend(request, admission, taken, deps);
}

/** Step 3: bad credentials, the limit's refusal, the caller's other refusals, in that order (`verdictOf`). */
function verdictStep(request: ApiRequest, rows: StepRows, deps: ApiStepsDependencies): Awaitable<StepOutcome> {
  const admission = admissionOf(request);
  const verdict = verdictOf(admission, request.taken);
  if (verdict.kind === 'limited') return limitedAnswer(verdict, admission.caller, deps.userIdOf);
  if (verdict.kind === 'refused') return refusalAnswer(request, verdict.refusal, rows);
  return null;
}

function reachWith(request: ApiRequest, named: RepositoryName, row: RepoRecord | null, rows: StepRows): Awaitable<StepOutcome> {
  const reached = repositoryStep(admissionOf(request), named, row);
  if (reached.kind === 'refused') return refusalAnswer(request, reached.refusal, rows);
  request.repo = reached.repo;
  return null;
}

/** Step 4: on a repository path, the repository, if the caller may see it. */
function repositoryAccessStep(request: ApiRequest, rows: StepRows): Awaitable<StepOutcome> {
  const named = request.wanted.repository;
  if (!named) return null;
  const row = rows.repo(named.owner, named.name);
  return row instanceof Promise ? row.then((found) => reachWith(request, named, found, rows)) : reachWith(request, named, row, rows);
}

/** The steps, in the order a request meets them; the one definition both drivers run. */
export const API_STEPS: readonly ApiStep[] = [admitStep, creditStep, verdictStep, repositoryAccessStep];

function runFrom(first: number, request: ApiRequest, rows: StepRows, deps: ApiStepsDependencies): Awaitable<StepOutcome> {
  for (let i = first; i < API_STEPS.length; i++) {
    const outcome = (API_STEPS[i] as ApiStep)(request, rows, deps);
    if (outcome instanceof Promise) return outcome.then((o) => o ?? runFrom(i + 1, request, rows, deps));
    if (outcome !== null) return outcome;
  }
  return null;
}

/**
 * Runs `API_STEPS` over the request: the answer of the first step that ends it,
 * or null when every step lets it through to its route. Synchronous while every
 * step is (rows at hand, this process's counters), so the lane can answer
 * without waiting a turn of the event loop; a promise from the first step that waits.
 */
export function runApiSteps(request: ApiRequest, rows: StepRows, deps: ApiStepsDependencies): Awaitable<StepOutcome> {
  return runFrom(0, request, rows, deps);
}

/** After the answer: a 304's credit given back (null when there is nothing to wait for). */
export function creditReturned(request: ApiRequest): Promise<void> | null {
  return request.credit?.returned() ?? null;
}

/** The answer to a refusal: 401, the version's 400, or a repository's 404 or 301 to its new name. */
function refusalAnswer(request: ApiRequest, refusal: Refusal, rows: StepRows): Awaitable<ApiAnswer> {
  if (refusal.kind === 'bad-credentials') return errorAnswer(errors.badCredentials());
  if (refusal.kind === 'version') return errorAnswer(unservedVersion(refusal.asked));
  const { owner, name } = refusal.named;
  // Looked up for a hidden repository too, though not used, so timing does not tell it from a missing one.
  const moved = rows.renamed(owner, name);
  return moved instanceof Promise ? moved.then((found) => repositoryRefusal(request, refusal, found)) : repositoryRefusal(request, refusal, moved);
}

function repositoryRefusal(request: ApiRequest, refusal: Extract<Refusal, { kind: 'repository' }>, found: RepoRecord | null): ApiAnswer {
  const moved = renamedTarget(refusal, found, admissionOf(request).token);
  if (!moved) return errorAnswer(errors.notFound(docForPath(request.view.path)));
  const url = new URL(request.url);
  const prefix = /^\/api\/repos\/[^/]+\/[^/]+/.exec(url.pathname)?.[0] ?? '';
  const target = `${url.origin}/api/repos/${moved.owner}/${moved.name}${url.pathname.slice(prefix.length)}${url.search}`;
  return errorAnswer(errors.moved(target), { Location: target });
}
