import { describe, expect, it, vi, afterEach } from 'vitest';
import { identityKey, sha256 } from './request-identity';

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
const utf8 = (s: string) => new TextEncoder().encode(s);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('identityKey', () => {
  it('is a SHA-256 hex digest that does not contain the token', async () => {
    const key = await identityKey('https://api.github.com', 'github_pat_secret');
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(key).not.toContain('secret');
  });

  it('differs per token, per base URL, and for no token', async () => {
    const keys = await Promise.all([
      identityKey('https://api.github.com', 'a'),
      identityKey('https://api.github.com', 'b'),
      identityKey('https://api.github.com', null),
      identityKey('http://localhost:8080/api', 'a'),
    ]);
    expect(new Set(keys).size).toBe(4);
    expect(await identityKey('https://api.github.com', 'a')).toBe(keys[0]);
    expect(await identityKey('https://api.github.com', '')).toBe(keys[2]);
  });

  it('cannot be forged by moving characters between base URL and token', async () => {
    expect(await identityKey('https://x.test/a', 'b')).not.toBe(await identityKey('https://x.test/', 'ab'));
  });

  it('gives the same key without crypto.subtle (plain http on a LAN host is not a secure context)', async () => {
    const withSubtle = await identityKey('http://192.168.1.5:8080/api', 'tok');
    vi.stubGlobal('crypto', {});
    expect(await identityKey('http://192.168.1.5:8080/api', 'tok')).toBe(withSubtle);
  });
});

describe('the portable sha256', () => {
  it.each([
    ['', 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'],
    ['abc', 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'],
    [
      'abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq',
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    ],
  ])('matches the FIPS 180-4 test vector for %j', (input, digest) => {
    expect(hex(sha256(utf8(input)))).toBe(digest);
  });

  it('matches the known digest of a million a', () => {
    expect(hex(sha256(utf8('a'.repeat(1_000_000))))).toBe('cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0');
  });
});
