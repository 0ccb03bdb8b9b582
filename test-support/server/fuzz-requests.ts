/**
 * Property-based fuzzing of the issue endpoints over real HTTP: the
 * arbitraries (query strings, header values, path segments, callers) and the
 * property every answer must hold, shared by the vitest suite (a thousand-odd
 * cases) and `npm run stress` (fifty thousand).
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
import fc from 'fast-check';
import { sendRaw, type RawRequest, type RawResponse } from './fuzz-wire';
import { TOKENS } from './test-service';

/** Statuses spec 7.1 allows for these inputs: server faults are not among them. */
export const SPEC_STATUSES: ReadonlySet<number> = new Set([200, 301, 304, 400, 401, 403, 404, 422, 429]);
const RATE_LIMIT_HEADERS = ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset', 'x-ratelimit-used', 'x-ratelimit-resource'];
const JSON_TYPE = 'application/json; charset=utf-8';
/** What only a caller granted octo/secret (or octo/hidden-new) may ever read. */
const PRIVATE_MARKERS = ['Secret plan', 'Hidden 1', 'Hidden 2', 'secret-plan', 'hidden-new'];
/** Node's parser limit is 16 KiB for the whole head (main.ts); longer heads are another test's business. */
const MAX_HEAD_BYTES = 12_000;
export const FUZZ_TIMEOUT_MS = 10_000;

export type CallerKind = 'anonymous' | 'granted' | 'granted-second' | 'stranger' | 'expired' | 'bad-token' | 'bad-scheme';
export type RepoKind = 'public' | 'private' | 'missing' | 'renamed' | 'hidden-renamed' | 'odd';

export interface FuzzCase {
  method: 'GET' | 'HEAD' | 'POST' | 'DELETE';
  repoKind: RepoKind;
  /** the `{owner}/{repo}` part as sent */
  repoPath: string;
  /** what follows it: `/issues`, `/issues/7/comments`, … (raw) */
  suffix: string;
  /** the raw query string after `?`, or null for none */
  query: string | null;
  caller: CallerKind;
  authorization: string | null;
  headers: Array<[string, string]>;
  /** true when the case holds bytes Node's HTTP parser refuses */
  notHttp: boolean;
}

// ---------------------------------------------------------------------------
// Pieces of text

const enc = (s: string) => encodeURIComponent(s);

/** Byte strings that are not valid percent-encoded UTF-8, or decode to something odd. */
const GARBLED = ['%zz', '%', '%2', '%C0%AF', '%E0%80%AF', '%ED%A0%80', '%FF', '%C3', '%F4%90%80%80', '%00', '%0A', '%25', '%2525', '%E2%80%AE'];

const unicodeText = fc.string({ unit: 'grapheme', maxLength: 12 });
const asciiText = fc.string({ unit: 'grapheme-ascii', maxLength: 12 });

/** Text as it may appear on the wire in a query: encoded, with `+`, garbled, huge. */
const wireText: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: asciiText.map(enc) },
  { weight: 3, arbitrary: unicodeText.map(enc) },
  { weight: 1, arbitrary: unicodeText.map((s) => enc(s).replace(/%20/g, '+')) },
  { weight: 2, arbitrary: fc.tuple(asciiText.map(enc), fc.constantFrom(...GARBLED), asciiText.map(enc)).map((p) => p.join('')) },
  { weight: 1, arbitrary: fc.constantFrom('', '+', '++', '=', '%3D', '%26', '&', '[]', '%5B%5D', ',', ',,', '*', 'none', 'null', 'undefined') },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom('a', 'é', '%E9', '9', ','), fc.integer({ min: 100, max: 6000 })).map(([s, n]) => (s === 'é' ? enc('é') : s).repeat(Math.ceil(n / Math.max(1, s.length)))) },
);

const numberText: fc.Arbitrary<string> = fc.oneof(
  fc.integer({ min: -5, max: 120 }).map(String),
  fc.constantFrom('0', '-0', '00', '007', '1.5', '-1', '1e2', '1E2', '1e400', '-1e400', '0x10', '0b1', '1_000', ' 1', '1 ', '+1', '%2B1', 'NaN', 'Infinity', '-Infinity', '', '١', '１'),
  fc.bigInt({ min: -(2n ** 80n), max: 2n ** 80n }).map(String),
  fc.double({ noNaN: false }).map(String),
  fc.constantFrom('9007199254740993', '2147483648', '4294967296', '18446744073709551616', '1'.repeat(400)),
);

const dateText: fc.Arbitrary<string> = fc.oneof(
  fc.date({ min: new Date('0001-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z'), noInvalidDate: true }).map((d) => d.toISOString()),
  fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().replace('.000Z', 'Z')),
  fc.constantFrom(
    '2024-02-30T00:00:00Z', '2024-13-01T00:00:00Z', '2024-01-01T24:00:00Z', '2024-01-01T23:59:60Z', '2024-01-01', '2024-01-01T00:00:00',
    '2024-01-01T00:00:00+02:00', '2024-01-01T00:00:00.123456789Z', '+275760-09-13T00:00:00Z', '-000001-01-01T00:00:00Z', '0000-00-00T00:00:00Z',
    'yesterday', '1700000000', 'Mon, 01 Jan 2024 00:00:00 GMT', 'T', 'Z', '',
  ),
  wireText,
);

/** `since` and `labels` twice: they are the ones with 422s behind them. */
const KNOWN_PARAMS = ['state', 'page', 'per_page', 'since', 'since', 'labels', 'labels', 'sort', 'direction', 'creator', 'assignee', 'mentioned', 'milestone'];

function valueFor(name: string): fc.Arbitrary<string> {
  switch (name) {
    case 'page':
    case 'per_page':
    case 'milestone':
      // Mostly encoded as a client would; sometimes `+` raw, which a form decoder reads as a space.
      return fc.oneof(
        { weight: 3, arbitrary: numberText.map(enc) },
        { weight: 1, arbitrary: numberText.map((s) => s.replace(/ /g, '+')).filter((s) => /^[\x21-\x7e]*$/.test(s)) },
        { weight: 1, arbitrary: wireText },
      );
    case 'since':
      // Mostly well-formed, so the 200s and 422s are both well fed.
      return fc.oneof({ weight: 2, arbitrary: fc.date({ min: new Date('2023-06-01T00:00:00Z'), max: new Date('2025-01-01T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().replace('.000Z', 'Z')) }, dateText).map((s) => (s === '' || /^[\w:.+-]*$/.test(s) ? s.replace(/\+/g, '%2B') : enc(s)));
    case 'state':
      return fc.oneof({ weight: 4, arbitrary: fc.constantFrom('open', 'closed', 'all', 'OPEN', 'Open', 'opened', 'all,open') }, wireText);
    case 'sort':
      return fc.oneof({ weight: 4, arbitrary: fc.constantFrom('created', 'updated', 'comments', 'Created', 'popularity') }, wireText);
    case 'direction':
      return fc.oneof({ weight: 4, arbitrary: fc.constantFrom('asc', 'desc', 'ASC', 'up') }, wireText);
    case 'labels':
      return fc.oneof(
        { weight: 3, arbitrary: fc.array(fc.constantFrom('bug', 'docs', 'good first issue', 'enhancement'), { minLength: 1, maxLength: 3 }).map((ls) => ls.map(enc).join(',')) },
        {
          weight: 1,
          arbitrary: fc
            .array(fc.oneof(fc.constantFrom('bug', 'docs', 'good first issue', 'enhancement', ''), unicodeText, fc.constant('x'.repeat(51))), { maxLength: 25 })
            .map((ls) => ls.map(enc).join(',')),
        },
        { weight: 1, arbitrary: wireText },
      );
    default:
      return fc.oneof({ weight: 4, arbitrary: fc.constantFrom('alice', 'bob', 'carol', 'none', '*', '@me', '', '1', '2') }, wireText);
  }
}

/** One `name=value` pair in one of the shapes clients (and attackers) send. */
const queryPair: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...KNOWN_PARAMS).chain((name) => valueFor(name).map((v) => `${name}=${v}`)) },
  { weight: 1, arbitrary: fc.constantFrom(...KNOWN_PARAMS).map((name) => name) },
  { weight: 1, arbitrary: fc.constantFrom('labels[]', 'labels%5B%5D', 'page[]', 'state[0]', 'PER_PAGE', 'per%5Fpage', '', '%', '%zz').chain((name) => wireText.map((v) => `${name}=${v}`)) },
  { weight: 1, arbitrary: fc.tuple(wireText, wireText).map(([k, v]) => `${k}=${v}`) },
  { weight: 1, arbitrary: fc.constantFrom('=', '==', '&', '=&=', 'a=b=c', '?', '??x=1', 'page=2', 'per_page=100', 'per_page=5&page=3') },
  // Values that are sure to be a 422 (spec 7.1). Random ones reach a 422 only about five times in
  // 850 cases, since most cases stop earlier (404, 401, 400), so a run now and then saw none.
  { weight: 1, arbitrary: fc.constantFrom('since=yesterday', 'since=2024-13-01T00%3A00%3A00Z', 'labels=bug%2C%2Cdocs', 'labels=%2Cbug') },
);

const queryString: fc.Arbitrary<string | null> = fc.option(
  fc.tuple(fc.array(queryPair, { maxLength: 6 }), fc.constantFrom('&', '&', '&', '&&', '&amp;', ';')).map(([pairs, sep]) => pairs.join(sep)),
  { nil: null, freq: 5 },
);

// ---------------------------------------------------------------------------
// Paths

const REPOS: Record<Exclude<RepoKind, 'odd'>, string> = {
  public: 'octo/hello',
  private: 'octo/secret',
  missing: 'octo/nope',
  renamed: 'octo/old-name',
  'hidden-renamed': 'octo/hidden-old',
};

const oddSegment: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('.', '..', '%2e', '%2e%2e', '.%2e', '%2F', 'a%2Fb', 'octo%2Fhello', '%252F', '%25', '%', '%zz', '%C0%AE', '%C0%AF', '~', '-', '_', 'HELLO', 'Hello', 'hello.git', 'hello%00', 'hello;x=1'),
  unicodeText.filter((s) => s.length > 0).map(enc),
  fc.integer({ min: 256, max: 3000 }).map((n) => 'a'.repeat(n)),
);

const known = (kind: Exclude<RepoKind, 'odd'>) => fc.constant({ repoKind: kind, repoPath: REPOS[kind] });

const repoPart: fc.Arbitrary<{ repoKind: RepoKind; repoPath: string }> = fc.oneof(
  { weight: 6, arbitrary: known('public') },
  { weight: 3, arbitrary: known('private') },
  { weight: 1, arbitrary: known('missing') },
  { weight: 1, arbitrary: known('renamed') },
  { weight: 1, arbitrary: known('hidden-renamed') },
  { weight: 2, arbitrary: fc.tuple(fc.oneof(fc.constant('octo'), oddSegment), oddSegment).map(([o, r]) => ({ repoKind: 'odd' as const, repoPath: `${o}/${r}` })) },
);

const issueNumber: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 1, max: 80 }).map(String) },
  { weight: 2, arbitrary: numberText.map((s) => enc(s)) },
  { weight: 1, arbitrary: oddSegment },
);

const suffix: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constant('/issues') },
  { weight: 3, arbitrary: issueNumber.map((n) => `/issues/${n}`) },
  { weight: 3, arbitrary: issueNumber.map((n) => `/issues/${n}/comments`) },
  { weight: 3, arbitrary: fc.constant('/issues/comments') },
  { weight: 1, arbitrary: fc.constantFrom('', '/', '/issues/', '/issues//comments', '/issues/1/comments/', '/issues/../labels', '/issues/%2e%2e/%2e%2e', '/./issues', '/issues/1/../2', '/ISSUES', '/issues%2F1') },
);

// ---------------------------------------------------------------------------
// Headers

/** Header text Node accepts: visible ASCII, inner spaces and tabs, obs-text bytes (latin1). */
const headerText = fc.string({ unit: fc.oneof({ weight: 8, arbitrary: fc.integer({ min: 0x21, max: 0x7e }) }, { weight: 1, arbitrary: fc.constantFrom(0x20, 0x09) }, { weight: 1, arbitrary: fc.integer({ min: 0x80, max: 0xff }) }).map((c) => String.fromCharCode(c)), maxLength: 40 });

/** Token-like text that is no valid token: near misses of real ones, junk, overlong. */
const tokenText = fc.oneof(
  fc.constantFrom(...Object.values(TOKENS)).map((t) => t.slice(0, -1)),
  fc.constantFrom(...Object.values(TOKENS)).map((t) => `${t}x`),
  fc.constantFrom(...Object.values(TOKENS)).map((t) => t.toUpperCase()),
  fc.constant('isc_pat_'),
  headerText,
  fc.integer({ min: 250, max: 2000 }).map((n) => 'A'.repeat(n)),
);

const authorization: fc.Arbitrary<{ caller: CallerKind; authorization: string | null }> = fc.oneof(
  { weight: 5, arbitrary: fc.constant({ caller: 'anonymous' as const, authorization: null }) },
  { weight: 3, arbitrary: fc.constantFrom('Bearer ', 'bearer ', 'token ', 'TOKEN ', 'Bearer  ', 'Bearer\t').map((s) => ({ caller: 'granted' as const, authorization: `${s}${TOKENS.alice}` })) },
  { weight: 1, arbitrary: fc.constant({ caller: 'granted-second' as const, authorization: `Bearer ${TOKENS.aliceSecond}` }) },
  { weight: 2, arbitrary: fc.constantFrom('Bearer ', 'token ').map((s) => ({ caller: 'stranger' as const, authorization: `${s}${TOKENS.bob}` })) },
  { weight: 1, arbitrary: fc.constant({ caller: 'expired' as const, authorization: `Bearer ${TOKENS.expired}` }) },
  { weight: 1, arbitrary: tokenText.map((t) => ({ caller: 'bad-token' as const, authorization: `Bearer ${t}` })) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom('Basic', 'Digest', 'Bearer', 'Token', 'Bearer:', 'Negotiate', 'bearertoken', '', 'Bearer Bearer'), fc.oneof(tokenText, fc.constantFrom(...Object.values(TOKENS))))
      .map(([scheme, t]) => ({ caller: 'bad-scheme' as const, authorization: `${scheme}${scheme === '' ? '' : ' '}${t} ${t}` })),
  },
);

const ifNoneMatch = fc.oneof(
  fc.constantFrom('*', ' * ', 'W/"abc"', '"abc"', 'W/""', '""', 'W/', '"', 'W/"a", "b", *', ',', ',,,', 'W/"0000000000000000000000000000000000000000"'),
  fc.array(fc.tuple(fc.boolean(), fc.string({ maxLength: 40 })), { maxLength: 4 }).map((tags) => tags.map(([weak, t]) => `${weak ? 'W/' : ''}"${t.replace(/[^\x21-\x7e]/g, '')}"`).join(', ')),
  headerText,
);

const ifModifiedSince = fc.oneof(
  fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2200-01-01T00:00:00Z'), noInvalidDate: true }).map((d) => d.toUTCString()),
  fc.constantFrom('Thu, 01 Jan 1970 00:00:00 GMT', 'Fri, 31 Dec 9999 23:59:59 GMT', 'Tue, 13 Sep 275760 00:00:00 GMT', 'Sun, 06 Nov 1994 08:49:37 GMT', 'Sunday, 06-Nov-94 08:49:37 GMT', 'Sun Nov  6 08:49:37 1994', '0', '-1', '1e999', 'now', ''),
  headerText,
);

const apiVersionValue = fc.oneof(fc.constantFrom('2022-11-28', ' 2022-11-28 ', '2022-11-28, 2022-11-28', '2026-03-10', '2022-11-29', '2022-11-28x', 'latest', '', '1'.repeat(200)), headerText);
const acceptValue = fc.oneof(
  fc.constantFrom('application/vnd.github+json', 'application/vnd.github.v3+json', 'application/json', '*/*', 'text/html', 'application/vnd.github.raw+json', 'application/xml;q=0.9, */*;q=0.1', ''),
  headerText,
);

/** Mostly absent, as on most real requests; otherwise anything. */
const sometimes = (value: fc.Arbitrary<string>) => fc.oneof({ weight: 3, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: value });

const extraHeaders: fc.Arbitrary<Array<[string, string]>> = fc
  .record({
    'If-None-Match': sometimes(ifNoneMatch),
    'If-Modified-Since': sometimes(ifModifiedSince),
    'X-GitHub-Api-Version': fc.oneof({ weight: 4, arbitrary: fc.constantFrom(null, '2022-11-28') }, { weight: 1, arbitrary: apiVersionValue }),
    Accept: sometimes(acceptValue),
  })
  .map((h) => Object.entries(h).filter((e): e is [string, string] => typeof e[1] === 'string'));

const isVisibleAscii = (ch: string) => ch.charCodeAt(0) > 0x20 && ch.charCodeAt(0) < 0x7f;
/** Control characters but the tab: refused in a header value (RFC 9110 5.5). */
const isControl = (ch: string) => (ch.charCodeAt(0) < 0x20 && ch !== '\t') || ch.charCodeAt(0) === 0x7f;

/** Bytes Node's parser refuses, spliced into a target or header to make the request not HTTP. */
const notHttpByte = fc.constantFrom(' ', '\x7f', '\x80', '\xe9', '\xff', '\x00', '\x01', '"', '<', '`', '{', '\\', '^', '|');

// ---------------------------------------------------------------------------
// Cases

export const fuzzCase: fc.Arbitrary<FuzzCase> = fc
  .record({
    method: fc.oneof({ weight: 12, arbitrary: fc.constant('GET' as const) }, { weight: 1, arbitrary: fc.constantFrom<FuzzCase['method']>('HEAD', 'POST', 'DELETE') }),
    repo: repoPart,
    suffix,
    query: queryString,
    auth: authorization,
    headers: extraHeaders,
    breakIt: fc.oneof({ weight: 12, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.tuple(notHttpByte, fc.constantFrom('target', 'header')) }),
  })
  .map(({ method, repo, suffix: sfx, query, auth, headers, breakIt }): FuzzCase => {
    let q = query;
    let hs = headers;
    let notHttp = false;
    if (breakIt) {
      const [byte, where] = breakIt;
      // RFC 9112: a target is visible ASCII; a header value may also hold spaces, tabs and obs-text.
      // Printable ASCII outside RFC 3986 (`"`, `<`, `|`, …) is taken by Node and must reach the app.
      if (where === 'target') {
        q = `${q ?? ''}${byte}x`;
        notHttp = !isVisibleAscii(byte);
      } else {
        hs = [...hs, ['X-Fuzz', `a${byte}b`]];
        notHttp = isControl(byte);
      }
    }
    return { method, repoKind: repo.repoKind, repoPath: repo.repoPath, suffix: sfx, query: q, caller: auth.caller, authorization: auth.authorization, headers: hs, notHttp };
  })
  .filter((c) => targetOf(c).length + c.headers.reduce((n, [k, v]) => n + k.length + v.length + 4, 0) + (c.authorization?.length ?? 0) < MAX_HEAD_BYTES);

export function targetOf(c: FuzzCase, repoPath: string = c.repoPath): string {
  return `/api/repos/${repoPath}${c.suffix}${c.query === null ? '' : `?${c.query}`}`;
}

export function rawRequestOf(c: FuzzCase, repoPath?: string, localAddress?: string): RawRequest {
  const headers: Array<[string, string]> = [...c.headers];
  if (c.authorization !== null) headers.push(['Authorization', c.authorization]);
  if (c.method === 'POST') headers.push(['Content-Length', '0']);
  return { method: c.method, target: targetOf(c, repoPath), headers, ...(localAddress ? { localAddress } : {}) };
}

// ---------------------------------------------------------------------------
// The property

export class FuzzViolation extends Error {}

function fail(c: FuzzCase, res: RawResponse | null, why: string): never {
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
    if (res.status !== 400) fail(c, res, 'a request Node cannot parse must be a bare 400');
    return;
  }
  if (!SPEC_STATUSES.has(res.status)) fail(c, res, `status ${res.status} is not one spec 7.1 allows for client input`);
  const text = res.raw.toString('latin1') + res.body.toString('utf8');
  if (c.caller !== 'granted') {
    for (const marker of PRIVATE_MARKERS) if (text.includes(marker)) fail(c, res, `a private repository leaked (${marker}) to ${c.caller}`);
  }
  if (!resolvesUnderApi(c)) {
    // Dot segments (`..`, `%2e%2e`) are removed as every URL parser does (RFC 3986 5.2.4); a path
    // that climbs out of `/api` is the app's, not the API's: only the status and privacy apply.
    if (res.status !== 404 && res.status !== 200 && res.status !== 304) fail(c, res, 'a path outside /api answered like the API');
    return;
  }
  for (const h of RATE_LIMIT_HEADERS) if (!res.headers.has(h)) fail(c, res, `${h} missing (spec 8.5)`);
  if (res.status === 304 || c.method === 'HEAD') {
    if (res.body.length !== 0) fail(c, res, 'a 304 or HEAD answer has a body');
    return;
  }
  if (res.headers.get('content-type') !== JSON_TYPE) fail(c, res, `Content-Type ${res.headers.get('content-type')} is not JSON`);
  let body: unknown;
  try {
    body = JSON.parse(res.body.toString('utf8'));
  } catch {
    fail(c, res, 'the body is not JSON');
  }
  if (res.status === 200) {
    if (typeof body !== 'object' || body === null) fail(c, res, 'a 200 is neither an array nor an object');
    return;
  }
  const err = body as { message?: unknown; documentation_url?: unknown; status?: unknown; errors?: unknown; url?: unknown };
  if (typeof err.message !== 'string' || err.message === '') fail(c, res, 'an error body without message (spec 2.2)');
  if (typeof err.documentation_url !== 'string' || !err.documentation_url.startsWith('https://docs.github.com/')) fail(c, res, 'an error body without documentation_url (spec 2.2)');
  if (err.status !== String(res.status)) fail(c, res, 'an error body whose status is not the answer status');
  if (res.status === 422 && !Array.isArray(err.errors)) fail(c, res, 'a 422 without errors');
  if (res.status === 301 && (typeof err.url !== 'string' || res.headers.get('location') !== err.url)) fail(c, res, 'a 301 without url and Location');
  if (res.status === 429 && !/^\d+$/.test(res.headers.get('retry-after') ?? '')) fail(c, res, 'a 429 without Retry-After');
}

/** Status, body and the headers a client could tell apart by (not request ids or rate-limit values). */
export function fingerprint(res: RawResponse): string {
  const headers = [...res.headers].filter(([k]) => !/^x-ratelimit-|^x-github-request-id$|^date$/.test(k)).sort(([a], [b]) => a.localeCompare(b));
  return JSON.stringify({ status: res.status, headers, body: res.body.toString('latin1') });
}

export interface FuzzTarget {
  origin: string;
  /** compare a stranger's private answers with the missing repository's (needs credits to spare) */
  twinCheck: boolean;
  /** counts answers by status, `not-http` for parser refusals */
  histogram: Map<string, number>;
}

function count(h: Map<string, number>, key: string): void {
  h.set(key, (h.get(key) ?? 0) + 1);
}

/** Sends one case, checks the property and, for a stranger on the private repository, its twin. */
export async function runFuzzCase(target: FuzzTarget, c: FuzzCase): Promise<void> {
  const res = await sendRaw(target.origin, rawRequestOf(c), FUZZ_TIMEOUT_MS);
  checkAnswer(c, res);
  count(target.histogram, c.notHttp ? 'not-http' : String(res.status));
  const stranger = c.caller !== 'granted';
  if (target.twinCheck && stranger && !c.notHttp && (c.repoKind === 'private' || c.repoKind === 'hidden-renamed')) {
    const twin = await sendRaw(target.origin, rawRequestOf(c, REPOS.missing), FUZZ_TIMEOUT_MS);
    count(target.histogram, String(twin.status));
    // Only when both were allowed by the limits: a 403/429 at zero is about the caller, not the repository.
    if (res.status !== 403 && res.status !== 429 && twin.status !== 403 && twin.status !== 429 && fingerprint(res) !== fingerprint(twin)) {
      fail(c, res, `a stranger can tell the private repository from a missing one:\n  missing: ${fingerprint(twin).slice(0, 600)}\n  private: ${fingerprint(res).slice(0, 600)}`);
    }
  }
}

/** The service must still answer after the fuzz: no crash, no wedged event loop. */
export async function assertStillServing(origin: string): Promise<void> {
  const res = await sendRaw(origin, { method: 'GET', target: '/api/rate_limit', headers: [] }, FUZZ_TIMEOUT_MS);
  if (res.status !== 200) throw new FuzzViolation(`the service no longer answers /api/rate_limit: ${res.status}`);
}

/** Rate limits for a fuzz that should mostly reach the routes, and small ones so 403 and 429 show up. */
export const GENEROUS_LIMITS = { unauthLimit: 10_000_000, authLimit: 10_000_000, burstLimit: 10_000_000 };
export const SMALL_LIMITS = { unauthLimit: 20, authLimit: 30, burstLimit: 25, burstWindowSeconds: 1 };
