import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createSafeStorage, type SafeStorage } from '../storage/safe-storage';
import {
  createConnectionSettings,
  defaultBaseUrl,
  validateBaseUrl,
  type ConnectionSnapshot,
} from './connection-settings';

const GITHUB = 'https://api.github.com';
const OURS = 'http://localhost:8080/api';

let local: SafeStorage;
let session: SafeStorage;

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  local = createSafeStorage('local');
  session = createSafeStorage('session');
});

function settings(onIdentityChange?: (previous: ConnectionSnapshot, next: ConnectionSnapshot) => void) {
  return createConnectionSettings({ local, session, defaultBaseUrl: OURS, onIdentityChange });
}

const storedValues = (storage: Storage) =>
  Array.from({ length: storage.length }, (_, i) => storage.getItem(storage.key(i)!) ?? '');

describe('connection settings', () => {
  it('starts on the default service with no token, kept for the session by default', () => {
    expect(settings().getSnapshot()).toEqual({ baseUrl: OURS, token: null, persistence: 'session' });
  });

  it('keeps a token per base URL: switching services never carries one service’s token to another', () => {
    const s = settings();
    s.setToken('ours-token', 'session');
    s.setBaseUrl(`${GITHUB}/`);
    expect(s.getSnapshot()).toEqual({ baseUrl: GITHUB, token: null, persistence: 'session' });
    s.setToken('github_pat_x', 'device');
    s.setBaseUrl(OURS);
    expect(s.getSnapshot().token).toBe('ours-token');
    s.setBaseUrl(GITHUB);
    expect(s.getSnapshot()).toEqual({ baseUrl: GITHUB, token: 'github_pat_x', persistence: 'device' });
  });

  it('a session token lives in sessionStorage only; a device token in localStorage only', () => {
    const s = settings();
    s.setToken('tab-token', 'session');
    expect(storedValues(sessionStorage)).toContain('tab-token');
    expect(storedValues(localStorage)).not.toContain('tab-token');

    s.setToken('tab-token', 'device');
    expect(storedValues(localStorage)).toContain('tab-token');
    expect(storedValues(sessionStorage)).not.toContain('tab-token');
  });

  it('a new tab (fresh settings, session storage gone) keeps the device token but not the session one', () => {
    const first = settings();
    first.setToken('kept', 'device');
    first.setBaseUrl(GITHUB);
    first.setToken('tab-only', 'session');

    sessionStorage.clear();
    const reopened = settings();
    expect(reopened.getSnapshot()).toEqual({ baseUrl: GITHUB, token: null, persistence: 'session' });
    reopened.setBaseUrl(OURS);
    expect(reopened.getSnapshot()).toEqual({ baseUrl: OURS, token: 'kept', persistence: 'device' });
  });

  it('a reload within the tab restores the base URL and its session token', () => {
    const first = settings();
    first.setBaseUrl(GITHUB);
    first.setToken('tab-token', 'session');
    expect(settings().getSnapshot()).toEqual({ baseUrl: GITHUB, token: 'tab-token', persistence: 'session' });
  });

  it('removeToken forgets the token of the current base URL only, from both storages', () => {
    const s = settings();
    s.setToken('ours', 'device');
    s.setBaseUrl(GITHUB);
    s.setToken('theirs', 'session');
    s.removeToken();
    expect(s.getSnapshot().token).toBeNull();
    expect(storedValues(sessionStorage)).not.toContain('theirs');
    s.setBaseUrl(OURS);
    expect(s.getSnapshot().token).toBe('ours');
  });

  it('an empty token removes it', () => {
    const s = settings();
    s.setToken('x', 'session');
    s.setToken('   ', 'session');
    expect(s.getSnapshot().token).toBeNull();
  });

  it('the snapshot is the same object until something changes, and subscribers hear of each change', () => {
    const s = settings();
    const listener = vi.fn();
    const unsubscribe = s.subscribe(listener);
    const before = s.getSnapshot();
    expect(s.getSnapshot()).toBe(before);

    s.setBaseUrl(OURS); // no change
    expect(s.getSnapshot()).toBe(before);
    expect(listener).not.toHaveBeenCalled();

    s.setToken('t', 'session');
    expect(s.getSnapshot()).not.toBe(before);
    expect(listener).toHaveBeenCalledTimes(1);

    unsubscribe();
    s.removeToken();
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('the identity-change callback fires when the base URL or the token changes, before subscribers', () => {
    const order: string[] = [];
    const onIdentityChange = vi.fn((_p: ConnectionSnapshot, _n: ConnectionSnapshot) => order.push('identity'));
    const s = settings(onIdentityChange);
    s.subscribe(() => order.push('listener'));

    s.setToken('a', 'session');
    expect(onIdentityChange).toHaveBeenLastCalledWith(
      { baseUrl: OURS, token: null, persistence: 'session' },
      { baseUrl: OURS, token: 'a', persistence: 'session' },
    );
    expect(order).toEqual(['identity', 'listener']);

    s.setToken('b', 'session');
    s.setBaseUrl(GITHUB);
    s.removeToken(); // GitHub had no token: nothing changes
    expect(onIdentityChange).toHaveBeenCalledTimes(3);
  });

  it('moving the same token from session to device is not an identity change', () => {
    const onIdentityChange = vi.fn();
    const s = settings(onIdentityChange);
    s.setToken('a', 'session');
    s.setToken('a', 'device');
    expect(onIdentityChange).toHaveBeenCalledTimes(1);
    expect(s.getSnapshot().persistence).toBe('device');
  });

  it('storage that throws breaks nothing: the settings still work for this page', () => {
    const fail = () => {
      throw new DOMException('denied', 'SecurityError');
    };
    const s = createConnectionSettings({
      local: createSafeStorage('local', fail),
      session: createSafeStorage('session', fail),
      defaultBaseUrl: OURS,
    });
    expect(s.getSnapshot()).toEqual({ baseUrl: OURS, token: null, persistence: 'session' });
    s.setToken('t', 'device');
    s.setBaseUrl(GITHUB);
    s.setBaseUrl(OURS);
    expect(s.getSnapshot()).toEqual({ baseUrl: OURS, token: 't', persistence: 'device' });
    s.removeToken();
    expect(s.getSnapshot().token).toBeNull();
  });

  it('a tampered stored base URL falls back to the default', () => {
    localStorage.setItem('issuescope.baseUrl', 'javascript:alert(1)');
    expect(settings().getSnapshot().baseUrl).toBe(OURS);
  });

  it('refuses to switch to an invalid base URL', () => {
    const s = settings();
    expect(() => s.setBaseUrl('ftp://example.com')).toThrow(/https?:\/\//);
    expect(s.getSnapshot().baseUrl).toBe(OURS);
  });
});

describe('defaultBaseUrl', () => {
  it("is the page origin's /api when nothing is configured", () => {
    expect(defaultBaseUrl({ origin: 'http://localhost:5173' }, undefined)).toBe('http://localhost:5173/api');
    expect(defaultBaseUrl({ origin: 'http://localhost:5173' }, '')).toBe('http://localhost:5173/api');
  });

  it('is VITE_DEFAULT_API_BASE when configured, normalised', () => {
    expect(defaultBaseUrl({ origin: 'http://localhost:5173' }, 'https://api.github.com/')).toBe(GITHUB);
  });

  it('ignores a configured value that is not a valid base URL', () => {
    expect(defaultBaseUrl({ origin: 'https://app.test' }, 'not a url')).toBe('https://app.test/api');
  });
});

describe('validateBaseUrl', () => {
  it.each([
    ['https://api.github.com', GITHUB],
    ['  https://api.github.com/  ', GITHUB],
    ['https://ghe.example/api/v3/', 'https://ghe.example/api/v3'],
    ['http://localhost:8080/api', OURS],
    ['HTTPS://API.GITHUB.COM', GITHUB],
  ])('accepts %j as %j', (input, value) => {
    expect(validateBaseUrl(input)).toEqual({ ok: true, value });
  });

  it.each([
    ['', /address/i],
    ['api.github.com', /https:\/\//],
    ['/api', /https:\/\//],
    ['ftp://example.com', /https:\/\//],
    ['javascript:alert(1)', /https:\/\//],
    ['https://user:pass@api.github.com', /credentials/i],
    ['https://github_pat_x@api.github.com', /credentials/i],
    ['https://api.github.com/?token=x', /query/i],
    ['https://api.github.com/#x', /fragment/i],
    ['https://api.github.com/?', /query/i],
  ])('refuses %j with a message', (input, message) => {
    const result = validateBaseUrl(input);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toMatch(message);
  });
});
