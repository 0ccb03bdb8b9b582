/**
 * An API request's steps before its route, defined once for the two paths that
 * answer it: the Hono chain (http/api-steps-middleware.ts) and the
 * cached-answer lane (http/cached-answer-lane.ts). No framework here: the
 * steps read a plain view of the request and the rows looked up for it.
 *
 * A request meets, in this order:
 *   1. `admit`, given its token's row: who pays (the token's user, or the
 *      client address, spec 5), which resource's limit it spends (spec 8),
 *      and whether bad credentials or a version not served (spec 9) refuse it;
 *   2. the credit, taken by the driver from that resource's limiter (none on a
 *      free path, which only shows its limit);
 *   3. `verdictOf`: bad credentials (401) whatever the limit says, then the
 *      limit's refusal (403/429), then the caller's other refusals (each has
 *      still cost its credit while there was one, as on GitHub), else admitted;
 *   4. on a `/repos/{owner}/{repo}` path, `repositoryStep`, given that
 *      repository's row: the repository, or a refusal when it is missing or
 *      not the caller's to see (the same 404, spec 4.1.8, 5.6, or a 301 to a
 *      new name);
 *   5. the route.
 * Every answer carries `everyAnswerHeaders` and a request id, then its own.
 *
 * A preflight (OPTIONS) is answered before these steps (http/cross-origin.ts).
 * The chain looks rows up in the store and answers every verdict; the lane
 * passes only rows already remembered and answers only a request every step
 * lets through to an answer it has cached, leaving every other request to the
 * chain. So it may look at the repository before the credit: it goes on only
 * when neither step refuses, and then the order changes nothing.
 */
import { API_VERSION_HEADER } from '../../shared/api-constants';
import { judgeCredentials, presentedHash, type PresentedHash } from '../auth/credentials';
import { rateLimitHeaders, resourceOfPath } from '../limits/rate-limit';
import type { Caller, RateResource, TakeResult } from '../limits/rate-limiter';
import { canSee } from './repository-access';
import type { RepoRecord, TokenRecord } from '../store/records';
import { servesVersion, VERSION_HEADERS } from './api-version';
import { API_CORS, simpleCorsHeaders } from './cross-origin';
import { errors, type ErrorAnswer } from './error-bodies';
import { GITHUB_RESPONSE_HEADERS } from './github-headers';
import { copyLowerCased } from './lower-cased-headers';

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

/** Step 1: who pays, which limit, and what refuses the request after its credit; `tokenRow` is what `wanted.presented` found. */
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
 * Step 3: what answers the request once its credit is settled (`taken` is null on a free path).
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
 * The answer to a request its limit refuses (step 3's `limited`): GitHub's
 * 403 naming the address or the user (`userIdOf` finds the user's id), or
 * the secondary limit's 429 with `Retry-After`, with the limit's headers.
 */
export async function limitedAnswer(
  verdict: Extract<Verdict, { kind: 'limited' }>,
  caller: Caller,
  userIdOf: (login: string) => Promise<number>,
): Promise<{ error: ErrorAnswer; headers: Record<string, string> }> {
  const { taken } = verdict;
  const headers = rateLimitHeaders(taken.snapshot);
  if (taken.reason === 'secondary') return { error: errors.secondaryRateLimited(), headers: { ...headers, 'Retry-After': String(taken.retryAfterSeconds) } };
  const error = caller.kind === 'user' ? errors.rateLimitedUser(await userIdOf(caller.login)) : errors.rateLimited(caller.address);
  return { error, headers };
}

/** Step 4, for a request admitted to a repository path: `row` is what `named` found. */
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

function lowerCased(...parts: ReadonlyArray<Readonly<Record<string, string>>>): Readonly<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const headers of parts) copyLowerCased(out, headers);
  return Object.freeze(out);
}

const PREFLIGHT_HEADERS = lowerCased(GITHUB_RESPONSE_HEADERS);
const UNSERVED_VERSION_HEADERS = lowerCased(GITHUB_RESPONSE_HEADERS, simpleCorsHeaders(API_CORS));
const SERVED_VERSION_HEADERS = lowerCased(GITHUB_RESPONSE_HEADERS, simpleCorsHeaders(API_CORS), VERSION_HEADERS);

/**
 * The headers every answer to this request carries besides its own, its rate
 * limit's and its request id (lower-case names): GitHub's security headers and
 * `Vary`; CORS (a preflight makes its own); the version, when it is served.
 */
export function everyAnswerHeaders(view: ApiRequestView): Readonly<Record<string, string>> {
  if (view.method === 'OPTIONS') return PREFLIGHT_HEADERS;
  const asked = view.header(API_VERSION_HEADER.toLowerCase());
  return asked === undefined || servesVersion(asked) ? SERVED_VERSION_HEADERS : UNSERVED_VERSION_HEADERS;
}
