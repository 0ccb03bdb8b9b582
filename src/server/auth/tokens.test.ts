import { describe, expect, it } from 'vitest';
import { TOKEN_PREFIX } from '../../shared/token-prefix';
import { generateToken, hashesEqual, hashToken, tokenFromHeader } from './tokens';

describe('tokens', () => {
  it('generates distinct prefixed tokens and stores only a 64-hex hash', () => {
    const a = generateToken();
    expect(a.startsWith(TOKEN_PREFIX)).toBe(true);
    expect(a).not.toBe(generateToken());
    expect(hashToken(a)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashToken(a)).not.toContain(a);
  });

  it('compares hashes', () => {
    expect(hashesEqual(hashToken('x'), hashToken('x'))).toBe(true);
    expect(hashesEqual(hashToken('x'), hashToken('y'))).toBe(false);
    expect(hashesEqual('', '')).toBe(false);
  });

  it.each([
    [undefined, { present: false }],
    ['   ', { present: false }],
    ['Bearer abc', { present: true, token: 'abc' }],
    ['token abc', { present: true, token: 'abc' }],
    ['BEARER abc ', { present: true, token: 'abc' }],
    ['Bearer', { present: true, token: null }],
    ['Basic dTpw', { present: true, token: null }],
    ['Bearer a b', { present: true, token: null }],
  ])('reads %j', (header, expected) => {
    expect(tokenFromHeader(header)).toEqual(expected);
  });
});
