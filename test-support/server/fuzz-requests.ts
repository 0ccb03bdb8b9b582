/**
 * Arbitraries of whole raw HTTP requests to the issue endpoints, shared by the vitest fuzz suite
 * and `npm run stress`: a method, repository, path, query, caller and headers, and now and then a
 * byte that makes the request not HTTP (fuzz-property.ts says what the answer must then be).
 */
import fc from 'fast-check';
import { targetOf, type FuzzCase } from './fuzz-case';
import { authorization, extraHeaders } from './fuzz-header-arbitraries';
import { repoPart, suffix } from './fuzz-path-arbitraries';
import { queryString } from './fuzz-query-arbitraries';

/** Node's parser limit is 16 KiB for the whole head (main.ts); longer heads are another test's business. */
const MAX_HEAD_BYTES = 12_000;

const isVisibleAscii = (ch: string) => ch.charCodeAt(0) > 0x20 && ch.charCodeAt(0) < 0x7f;
/** Control characters but the tab: refused in a header value (RFC 9110 5.5). */
const isControl = (ch: string) => (ch.charCodeAt(0) < 0x20 && ch !== '\t') || ch.charCodeAt(0) === 0x7f;

/** Bytes Node's parser refuses, spliced into a target or header to make the request not HTTP. */
const notHttpByte = fc.constantFrom(' ', '\x7f', '\x80', '\xe9', '\xff', '\x00', '\x01', '"', '<', '`', '{', '\\', '^', '|');

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
