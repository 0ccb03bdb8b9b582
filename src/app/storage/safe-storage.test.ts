import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSafeStorage } from './safe-storage';

function throwingStorage(): Storage {
  const fail = () => {
    throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
  };
  return { length: 0, clear: fail, getItem: fail, key: fail, removeItem: fail, setItem: fail };
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('createSafeStorage', () => {
  it('reads and writes the browser storage of its kind', () => {
    const local = createSafeStorage('local');
    const session = createSafeStorage('session');
    expect(local.set('k', 'device')).toBe(true);
    expect(session.set('k', 'tab')).toBe(true);
    expect(localStorage.getItem('k')).toBe('device');
    expect(sessionStorage.getItem('k')).toBe('tab');
    expect(local.get('k')).toBe('device');
    local.remove('k');
    expect(local.get('k')).toBeNull();
  });

  it('round-trips JSON, and unreadable JSON is null', () => {
    const local = createSafeStorage('local');
    expect(local.setJson('prefs', { perPage: 50, labels: ['bug'] })).toBe(true);
    expect(local.getJson<{ perPage: number }>('prefs')).toEqual({ perPage: 50, labels: ['bug'] });
    localStorage.setItem('broken', '{not json');
    expect(local.getJson('broken')).toBeNull();
    expect(local.getJson('absent')).toBeNull();
  });

  it('a value JSON cannot represent is refused, not thrown', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    const local = createSafeStorage('local');
    expect(local.setJson('k', cyclic)).toBe(false);
    expect(local.setJson('k', undefined)).toBe(false);
  });

  it('storage that throws on every call (full quota, private browsing) never throws', () => {
    const broken = createSafeStorage('local', throwingStorage);
    expect(broken.set('k', 'v')).toBe(false);
    expect(broken.get('k')).toBeNull();
    expect(() => broken.remove('k')).not.toThrow();
    expect(broken.setJson('k', { a: 1 })).toBe(false);
    expect(broken.getJson('k')).toBeNull();
  });

  it('storage disabled by policy, where even reaching it throws, never throws', () => {
    const blocked = createSafeStorage('session', () => {
      throw new DOMException('Access is denied for this document.', 'SecurityError');
    });
    expect(blocked.set('k', 'v')).toBe(false);
    expect(blocked.get('k')).toBeNull();
    expect(() => blocked.remove('k')).not.toThrow();
    const missing = createSafeStorage('session', () => null);
    expect(missing.set('k', 'v')).toBe(false);
    expect(missing.get('k')).toBeNull();
  });
});
