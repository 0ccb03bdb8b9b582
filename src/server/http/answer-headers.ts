/**
 * The headers every API answer carries besides its own, defined here once for
 * both paths that answer API requests (the Hono chain and the cached-answer
 * lane): request id, GitHub's security headers, `Vary`, CORS, API version and
 * rate limit. A request gathers them before its route, as a plain object
 * (`answerHeadersOf`, then the credit's in http/api-steps.ts), and
 * `answerHeadersFor` puts them on its answer as the answer is made.
 *
 * Why not `c.res.headers.set()` after the route, as middleware usually does:
 * @hono/node-server hands a Response whose headers are a plain object straight
 * to `node:http`, but reading `res.headers` makes it build an undici Response
 * and a Headers object that validates every header, and Hono's `c.body()` does
 * the same for any answer with two headers or more, and under load that was a
 * large part of what a 304 cost (--cpu-prof). Answers made elsewhere (preflights,
 * injected faults, Hono's own 404) get the same headers after the route, by
 * `applyAnswerHeadersLate`.
 */
import type { Context } from 'hono';
import { API_VERSION_HEADER } from '../../shared/api-constants';
import type { AnswerHeaders, AppEnv } from '../app-env';
import type { ApiRequestView } from './api-steps';
import { servesVersion, VERSION_HEADERS } from './api-version';
import { API_CORS, simpleCorsHeaders } from './cross-origin';
import { GITHUB_RESPONSE_HEADERS, newRequestId } from './github-headers';
import { copyLowerCased } from './lower-cased-headers';

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

/**
 * A request's headers before its route: those every answer to it carries and
 * a new request id. The Hono chain keeps them in the context; the
 * cached-answer lane holds them itself.
 */
export function answerHeadersOf(view: ApiRequestView): AnswerHeaders {
  return { every: everyAnswerHeaders(view), requestId: newRequestId(), fixed: {}, byStatus: [], applied: false };
}

// Plain loops over `for...in` rather than Object.entries and spreads: these run for every
// answer, and the arrays and copies those make were a visible part of a 304's cost.

/** Adds headers every answer to this request carries (names in any case). */
export function addAnswerHeaders(c: Context<AppEnv>, headers: Readonly<Record<string, string>>): void {
  copyLowerCased(c.get('answerHeaders').fixed, headers);
}

/** Puts every gathered header on `target`, over any of the same name. */
function applyGathered(target: Record<string, string>, gathered: AnswerHeaders, status: number): void {
  gathered.applied = true;
  const { every, fixed } = gathered;
  for (const name in every) target[name] = every[name] as string;
  target['x-github-request-id'] = gathered.requestId;
  for (const name in fixed) target[name] = fixed[name] as string;
  for (const headersFor of gathered.byStatus) copyLowerCased(target, headersFor(status));
}

/** An answer's headers: its own, then every gathered one over them (lower-case names), in one plain object. */
export function answerHeadersFor(gathered: AnswerHeaders | undefined, status: number, own: Readonly<Record<string, string>>): Record<string, string> {
  const all: Record<string, string> = {};
  copyLowerCased(all, own);
  // Without the chain (a route mounted alone in a test), the answer is just its own.
  if (gathered) applyGathered(all, gathered, status);
  return all;
}

/** The answer, with its own headers and every gathered one. */
export function buildAnswer(c: Context<AppEnv>, body: string | Uint8Array | null, status: number, headers: Record<string, string>): Response {
  const all = answerHeadersFor(c.get('answerHeaders'), status, headers);
  // A string or a Uint8Array keeps node-server's direct path; the cast is only for TypeScript's BodyInit.
  return new Response(body as BodyInit | null, { status, headers: all });
}

/** For an answer `buildAnswer` did not make: the gathered headers, set on it after the route. */
export function applyAnswerHeadersLate(c: Context<AppEnv>): void {
  const gathered = c.get('answerHeaders');
  if (!gathered || gathered.applied) return;
  const all: Record<string, string> = {};
  applyGathered(all, gathered, c.res.status);
  for (const name in all) c.res.headers.set(name, all[name] as string);
}
