import { describe, expect, it, vi, afterEach } from 'vitest';
import { identityKey } from './request-identity';

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
