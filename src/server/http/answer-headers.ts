/**
 * The headers every API answer carries besides its own: request id, GitHub's
 * security headers, `Vary`, CORS, API version and rate limit. The middlewares
 * gather them before the route, as a plain object, and `buildAnswer` puts them
 * on the answer as it is made.
 *
 * Why not `c.res.headers.set()` after the route, as middleware usually does:
 * @hono/node-server hands a Response whose headers are a plain object straight
 * to `node:http`, but reading `res.headers` makes it build an undici Response
 * and a Headers object that validates every header, and Hono's `c.body()` does
 * the same for any answer with two headers or more. That was about a third of
 * what a 304 cost under load (--cpu-prof). Answers made elsewhere (preflights,
 * injected faults, Hono's own 404) get the same headers after the route, by
 * `applyAnswerHeadersLate`.
 */
import type { Context } from 'hono';
import type { AppEnv } from '../app-env';

export interface AnswerHeaders {
  /** header name (lower case) → value */
  fixed: Record<string, string>;
  /** headers that depend on the answer's status (a 304 gives its rate-limit credit back) */
  byStatus: Array<(status: number) => Record<string, string>>;
  /** whether an answer has been built with them */
  applied: boolean;
}

export function startAnswerHeaders(c: Context<AppEnv>): AnswerHeaders {
  const gathered: AnswerHeaders = { fixed: {}, byStatus: [], applied: false };
  c.set('answerHeaders', gathered);
  return gathered;
}

/** Adds headers every answer to this request carries (names in any case). */
export function addAnswerHeaders(c: Context<AppEnv>, headers: Record<string, string>): void {
  const gathered = c.get('answerHeaders');
  for (const [name, value] of Object.entries(headers)) gathered.fixed[name.toLowerCase()] = value;
}

/** Adds headers that are known only with the answer's status. */
export function addStatusHeaders(c: Context<AppEnv>, headersFor: (status: number) => Record<string, string>): void {
  c.get('answerHeaders').byStatus.push(headersFor);
}

function gatheredFor(gathered: AnswerHeaders, status: number): Record<string, string> {
  gathered.applied = true;
  const all = { ...gathered.fixed };
  for (const headersFor of gathered.byStatus) {
    for (const [name, value] of Object.entries(headersFor(status))) all[name.toLowerCase()] = value;
  }
  return all;
}

/** The answer, with its own headers and every gathered one, in one plain object. */
export function buildAnswer(c: Context<AppEnv>, body: string | Uint8Array | null, status: number, headers: Record<string, string>): Response {
  const gathered = c.get('answerHeaders');
  const all: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) all[name.toLowerCase()] = value;
  // Without the chain (a route mounted alone in a test), the answer is just its own.
  if (gathered) Object.assign(all, gatheredFor(gathered, status));
  // A string or a Uint8Array keeps node-server's direct path; the cast is only for TypeScript's BodyInit.
  return new Response(body as BodyInit | null, { status, headers: all });
}

/** For an answer `buildAnswer` did not make: the gathered headers, set on it after the route. */
export function applyAnswerHeadersLate(c: Context<AppEnv>): void {
  const gathered = c.get('answerHeaders');
  if (!gathered || gathered.applied) return;
  for (const [name, value] of Object.entries(gatheredFor(gathered, c.res.status))) c.res.headers.set(name, value);
}
