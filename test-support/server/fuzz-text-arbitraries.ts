/**
 * Pieces of text as they may appear on the wire: percent-encoded, with `+`, garbled, huge,
 * numbers and dates in every shape clients (and attackers) send. Queries and paths are built
 * from them.
 */
import fc from 'fast-check';

export const enc = (s: string) => encodeURIComponent(s);

/** Byte strings that are not valid percent-encoded UTF-8, or decode to something odd. */
const GARBLED = ['%zz', '%', '%2', '%C0%AF', '%E0%80%AF', '%ED%A0%80', '%FF', '%C3', '%F4%90%80%80', '%00', '%0A', '%25', '%2525', '%E2%80%AE'];

export const unicodeText = fc.string({ unit: 'grapheme', maxLength: 12 });
const asciiText = fc.string({ unit: 'grapheme-ascii', maxLength: 12 });

/** Text as it may appear on the wire in a query: encoded, with `+`, garbled, huge. */
export const wireText: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: asciiText.map(enc) },
  { weight: 3, arbitrary: unicodeText.map(enc) },
  { weight: 1, arbitrary: unicodeText.map((s) => enc(s).replace(/%20/g, '+')) },
  { weight: 2, arbitrary: fc.tuple(asciiText.map(enc), fc.constantFrom(...GARBLED), asciiText.map(enc)).map((p) => p.join('')) },
  { weight: 1, arbitrary: fc.constantFrom('', '+', '++', '=', '%3D', '%26', '&', '[]', '%5B%5D', ',', ',,', '*', 'none', 'null', 'undefined') },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom('a', 'é', '%E9', '9', ','), fc.integer({ min: 100, max: 6000 })).map(([s, n]) => (s === 'é' ? enc('é') : s).repeat(Math.ceil(n / Math.max(1, s.length)))) },
);

export const numberText: fc.Arbitrary<string> = fc.oneof(
  fc.integer({ min: -5, max: 120 }).map(String),
  fc.constantFrom('0', '-0', '00', '007', '1.5', '-1', '1e2', '1E2', '1e400', '-1e400', '0x10', '0b1', '1_000', ' 1', '1 ', '+1', '%2B1', 'NaN', 'Infinity', '-Infinity', '', '١', '１'),
  fc.bigInt({ min: -(2n ** 80n), max: 2n ** 80n }).map(String),
  fc.double({ noNaN: false }).map(String),
  fc.constantFrom('9007199254740993', '2147483648', '4294967296', '18446744073709551616', '1'.repeat(400)),
);

export const dateText: fc.Arbitrary<string> = fc.oneof(
  fc.date({ min: new Date('0001-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z'), noInvalidDate: true }).map((d) => d.toISOString()),
  fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().replace('.000Z', 'Z')),
  fc.constantFrom(
    '2024-02-30T00:00:00Z', '2024-13-01T00:00:00Z', '2024-01-01T24:00:00Z', '2024-01-01T23:59:60Z', '2024-01-01', '2024-01-01T00:00:00',
    '2024-01-01T00:00:00+02:00', '2024-01-01T00:00:00.123456789Z', '+275760-09-13T00:00:00Z', '-000001-01-01T00:00:00Z', '0000-00-00T00:00:00Z',
    'yesterday', '1700000000', 'Mon, 01 Jan 2024 00:00:00 GMT', 'T', 'Z', '',
  ),
  wireText,
);
