/**
 * Which service the app talks to and with which token: React-free, observable
 * through `useSyncExternalStore`. Tokens are kept per base URL, so switching
 * services never sends one service's token to another (spec 5.4: tokens are
 * treated like passwords).
 */
import type { SafeStorage } from '../storage/safe-storage';

export type TokenPersistence = 'session' | 'device';

export interface ConnectionSnapshot {
  baseUrl: string;
  token: string | null;
  persistence: TokenPersistence;
}

export interface ConnectionSettings {
  /** The same object until something changes. */
  getSnapshot(): ConnectionSnapshot;
  subscribe(listener: () => void): () => void;
  /** Normalises (no trailing slash); the token shown is then the one kept for that base URL. Throws on an invalid or disallowed URL: check with validateBaseUrl and isAllowedBaseUrl first. */
  setBaseUrl(baseUrl: string): void;
  /** For the current base URL only. 'session' (the default) is gone with the tab; 'device' survives it. */
  setToken(token: string, persistence: TokenPersistence): void;
  /** For the current base URL. */
  removeToken(): void;
}

export interface ConnectionSettingsOptions {
  local: SafeStorage;
  session: SafeStorage;
  defaultBaseUrl: string;
  /** Whether this deployment's security policy lets the app reach a base URL (connect-policy.ts); every URL when absent. */
  isAllowedBaseUrl?: (baseUrl: string) => boolean;
  /** Fires when the (baseUrl, token) pair changes, before subscribers hear of it: wipe caches here. */
  onIdentityChange?: (previous: ConnectionSnapshot, next: ConnectionSnapshot) => void;
}

export const BASE_URL_STORAGE_KEY = 'issuescope.baseUrl';
const TOKEN_KEY_PREFIX = 'issuescope.token:';
const DEFAULT_PERSISTENCE: TokenPersistence = 'session';

const tokenKey = (baseUrl: string): string => `${TOKEN_KEY_PREFIX}${baseUrl}`;

interface KeptToken {
  token: string | null;
  persistence: TokenPersistence;
}

export function createConnectionSettings(options: ConnectionSettingsOptions): ConnectionSettings {
  const { local, session, onIdentityChange } = options;
  const isAllowed = options.isAllowedBaseUrl ?? (() => true);
  const listeners = new Set<() => void>();
  // What this page load knows, whatever storage managed to keep: if storage
  // refuses a write, the token still works until the tab closes.
  const kept = new Map<string, KeptToken>();

  function tokenFor(baseUrl: string): KeptToken {
    const known = kept.get(baseUrl);
    if (known !== undefined) return known;
    const fromSession = session.get(tokenKey(baseUrl));
    const fromDevice = fromSession === null ? local.get(tokenKey(baseUrl)) : null;
    const found: KeptToken =
      fromSession !== null && fromSession !== ''
        ? { token: fromSession, persistence: 'session' }
        : fromDevice !== null && fromDevice !== ''
          ? { token: fromDevice, persistence: 'device' }
          : { token: null, persistence: DEFAULT_PERSISTENCE };
    kept.set(baseUrl, found);
    return found;
  }

  function initialBaseUrl(): string {
    const stored = local.get(BASE_URL_STORAGE_KEY);
    const checked = stored === null ? null : validateBaseUrl(stored);
    // An address this deployment no longer allows would only fail: start on the default instead.
    if (checked?.ok && isAllowed(checked.value)) return checked.value;
    const fallback = validateBaseUrl(options.defaultBaseUrl);
    return fallback.ok ? fallback.value : options.defaultBaseUrl;
  }

  const startUrl = initialBaseUrl();
  let snapshot: ConnectionSnapshot = { baseUrl: startUrl, ...tokenFor(startUrl) };

  function update(next: ConnectionSnapshot): void {
    const previous = snapshot;
    if (
      previous.baseUrl === next.baseUrl &&
      previous.token === next.token &&
      previous.persistence === next.persistence
    ) {
      return;
    }
    snapshot = next;
    if (previous.baseUrl !== next.baseUrl || previous.token !== next.token) onIdentityChange?.(previous, next);
    for (const listener of [...listeners]) listener();
  }

  function setBaseUrl(input: string): void {
    const checked = validateBaseUrl(input);
    if (!checked.ok) throw new TypeError(checked.message);
    if (!isAllowed(checked.value)) throw new TypeError(`${checked.value} is not allowed by this deployment's security policy`);
    local.set(BASE_URL_STORAGE_KEY, checked.value);
    update({ baseUrl: checked.value, ...tokenFor(checked.value) });
  }

  function removeToken(): void {
    const { baseUrl, persistence } = snapshot;
    const key = tokenKey(baseUrl);
    session.remove(key);
    local.remove(key);
    const next: KeptToken = { token: null, persistence };
    kept.set(baseUrl, next);
    update({ baseUrl, ...next });
  }

  function setToken(input: string, persistence: TokenPersistence): void {
    const token = input.trim();
    if (token === '') {
      removeToken();
      return;
    }
    const { baseUrl } = snapshot;
    const key = tokenKey(baseUrl);
    // One copy only, where the user asked for it.
    if (persistence === 'device') {
      local.set(key, token);
      session.remove(key);
    } else {
      session.set(key, token);
      local.remove(key);
    }
    const next: KeptToken = { token, persistence };
    kept.set(baseUrl, next);
    update({ baseUrl, ...next });
  }

  function subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }

  return { getSnapshot: () => snapshot, subscribe, setBaseUrl, setToken, removeToken };
}

/**
 * The service the app starts with: the same origin's `/api` (the bundled
 * service serves the app) unless `VITE_DEFAULT_API_BASE` was set at build time.
 */
export function defaultBaseUrl(
  location: { origin: string },
  configured: string | undefined = import.meta.env.VITE_DEFAULT_API_BASE as string | undefined,
): string {
  if (configured !== undefined && configured.trim() !== '') {
    const checked = validateBaseUrl(configured);
    if (checked.ok) return checked.value;
  }
  return `${location.origin}/api`;
}

/** http(s) only, no credentials in the URL, no query or fragment; the value is normalised (no trailing slash). */
export function validateBaseUrl(input: string): { ok: true; value: string } | { ok: false; message: string } {
  const raw = input.trim();
  if (raw === '') return { ok: false, message: 'Enter the address of the service, for example https://api.github.com.' };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, message: 'Enter a full address starting with https:// or http://.' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return { ok: false, message: 'The address must start with https:// or http://.' };
  }
  if (url.username !== '' || url.password !== '') {
    return { ok: false, message: 'Leave credentials out of the address; enter the token in its own field.' };
  }
  if (url.search !== '' || url.hash !== '' || raw.includes('?') || raw.includes('#')) {
    return { ok: false, message: 'The address cannot carry a query (?) or a fragment (#).' };
  }
  const path = url.pathname.replace(/\/+$/, '');
  return { ok: true, value: `${url.origin}${path}` };
}
