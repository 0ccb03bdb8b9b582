/**
 * Headers a client may send: Authorization for every kind of caller (granted, stranger, expired,
 * near-miss tokens, wrong schemes) and the conditional, version and Accept headers, mostly
 * absent as on real requests, otherwise anything Node accepts.
 */
import fc from 'fast-check';
import type { CallerKind } from './fuzz-case';
import { TOKENS } from './test-service';

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

export const authorization: fc.Arbitrary<{ caller: CallerKind; authorization: string | null }> = fc.oneof(
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

export const extraHeaders: fc.Arbitrary<Array<[string, string]>> = fc
  .record({
    'If-None-Match': sometimes(ifNoneMatch),
    'If-Modified-Since': sometimes(ifModifiedSince),
    'X-GitHub-Api-Version': fc.oneof({ weight: 4, arbitrary: fc.constantFrom(null, '2022-11-28') }, { weight: 1, arbitrary: apiVersionValue }),
    Accept: sometimes(acceptValue),
  })
  .map((h) => Object.entries(h).filter((e): e is [string, string] => typeof e[1] === 'string'));
