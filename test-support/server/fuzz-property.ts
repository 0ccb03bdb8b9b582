/**
 * The property every answer to a fuzz case must hold, shared by the vitest
 * fuzz suite (a thousand-odd cases) and `npm run stress` (fifty thousand).
 *
 * The property (spec 7.1, 8.5, 2.2, 4.1.8):
 * - the status is one of 200, 301, 304, 400, 401, 403, 404, 422, 429 (never 5xx);
 * - every answer carries the five `x-ratelimit-*` headers;
 * - every answer but a 304 (and HEAD) is JSON with `Content-Type: application/json`;
 *   an error body has `message`, `documentation_url` and `status` (spec 2.2),
 *   a 422 its `errors`, a 301 its `url` and `Location`, a 429 `Retry-After`;
 * - no answer to anyone but the granted token holds a private issue's title;
 * - a stranger's answer for the private repository equals the answer for a
 *   repository that does not exist (status, headers, body; request ids and
 *   rate-limit values aside);
 * - an answer comes within the timeout (never a hang).
 * A request whose bytes are not HTTP (a raw space or a byte over 0x7e in the
 * target, a control character in a header) is refused by Node's parser
 * before the app: it must be a bare 400, and the service must keep serving.
 */
import { rawRequestOf, targetOf, type FuzzCase } from './fuzz-case';
import type { RawResponse } from './fuzz-wire';

/** Statuses spec 7.1 allows for these inputs: server faults are not among them. */
export const SPEC_STATUSES: ReadonlySet<number> = new Set([200, 301, 304, 400, 401, 403, 404, 422, 429]);
const RATE_LIMIT_HEADERS = ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset', 'x-ratelimit-used', 'x-ratelimit-resource'];
const JSON_TYPE = 'application/json; charset=utf-8';
/** What only a caller granted octo/secret (or octo/hidden-new) may ever read. */
const PRIVATE_MARKERS = ['Secret plan', 'Hidden 1', 'Hidden 2', 'secret-plan', 'hidden-new'];

export class FuzzViolation extends Error {}

export function failCase(c: FuzzCase, res: RawResponse | null, why: string): never {
  const shown = res ? `${res.status} ${res.body.toString('utf8').slice(0, 300)}` : 'no answer';
  throw new FuzzViolation(`${why}\n  request: ${c.method} ${JSON.stringify(targetOf(c).slice(0, 400))} headers=${JSON.stringify(rawRequestOf(c).headers).slice(0, 400)}\n  answer: ${shown}`);
}

/** Whether the target, once its dot segments are resolved, still names something under `/api/`. */
export function resolvesUnderApi(c: FuzzCase): boolean {
  return new URL(targetOf(c), 'http://x').pathname.startsWith('/api/');
}

/** Checks one answer against the property; returns nothing, throws a FuzzViolation. */
export function checkAnswer(c: FuzzCase, res: RawResponse): void {
  if (c.notHttp) {
    if (res.status !== 400) failCase(c, res, 'a request Node cannot parse must be a bare 400');
    return;
  }
  if (!SPEC_STATUSES.has(res.status)) failCase(c, res, `status ${res.status} is not one spec 7.1 allows for client input`);
  const text = res.raw.toString('latin1') + res.body.toString('utf8');
  if (c.caller !== 'granted') {
    for (const marker of PRIVATE_MARKERS) if (text.includes(marker)) failCase(c, res, `a private repository leaked (${marker}) to ${c.caller}`);
  }
  if (!resolvesUnderApi(c)) {
    // Dot segments (`..`, `%2e%2e`) are removed as every URL parser does (RFC 3986 5.2.4); a path
    // that climbs out of `/api` is the app's, not the API's: only the status and privacy apply.
    if (res.status !== 404 && res.status !== 200 && res.status !== 304) failCase(c, res, 'a path outside /api answered like the API');
    return;
  }
  for (const h of RATE_LIMIT_HEADERS) if (!res.headers.has(h)) failCase(c, res, `${h} missing (spec 8.5)`);
  if (res.status === 304 || c.method === 'HEAD') {
    if (res.body.length !== 0) failCase(c, res, 'a 304 or HEAD answer has a body');
    return;
  }
  if (res.headers.get('content-type') !== JSON_TYPE) failCase(c, res, `Content-Type ${res.headers.get('content-type')} is not JSON`);
  let body: unknown;
  try {
    body = JSON.parse(res.body.toString('utf8'));
  } catch {
    failCase(c, res, 'the body is not JSON');
  }
  if (res.status === 200) {
    if (typeof body !== 'object' || body === null) failCase(c, res, 'a 200 is neither an array nor an object');
    return;
  }
  const err = body as { message?: unknown; documentation_url?: unknown; status?: unknown; errors?: unknown; url?: unknown };
  if (typeof err.message !== 'string' || err.message === '') failCase(c, res, 'an error body without message (spec 2.2)');
  if (typeof err.documentation_url !== 'string' || !err.documentation_url.startsWith('https://docs.github.com/')) failCase(c, res, 'an error body without documentation_url (spec 2.2)');
  if (err.status !== String(res.status)) failCase(c, res, 'an error body whose status is not the answer status');
  if (res.status === 422 && !Array.isArray(err.errors)) failCase(c, res, 'a 422 without errors');
  if (res.status === 301 && (typeof err.url !== 'string' || res.headers.get('location') !== err.url)) failCase(c, res, 'a 301 without url and Location');
  if (res.status === 429 && !/^\d+$/.test(res.headers.get('retry-after') ?? '')) failCase(c, res, 'a 429 without Retry-After');
}

/** Status, body and the headers a client could tell apart by (not request ids or rate-limit values). */
export function fingerprint(res: RawResponse): string {
  const headers = [...res.headers].filter(([k]) => !/^x-ratelimit-|^x-github-request-id$|^date$/.test(k)).sort(([a], [b]) => a.localeCompare(b));
  return JSON.stringify({ status: res.status, headers, body: res.body.toString('latin1') });
}
