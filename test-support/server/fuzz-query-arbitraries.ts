/**
 * Query strings for the issue endpoints: known parameters with values near what each expects,
 * unknown and malformed pairs, odd separators, and values sure to be a 422.
 */
import fc from 'fast-check';
import { dateText, enc, numberText, unicodeText, wireText } from './fuzz-text-arbitraries';

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

export const queryString: fc.Arbitrary<string | null> = fc.option(
  fc.tuple(fc.array(queryPair, { maxLength: 6 }), fc.constantFrom('&', '&', '&', '&&', '&amp;', ';')).map(([pairs, sep]) => pairs.join(sep)),
  { nil: null, freq: 5 },
);
