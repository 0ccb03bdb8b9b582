/**
 * localStorage / sessionStorage, wrapped once: private browsing, a full quota
 * or storage disabled by policy (where merely reading `window.localStorage`
 * throws) turn into "nothing stored" instead of an exception.
 */

export interface SafeStorage {
  /** The stored string, or null when absent or unreadable. */
  get(key: string): string | null;
  /** False when the value could not be written (quota, disabled storage). */
  set(key: string, value: string): boolean;
  remove(key: string): void;
  /** The parsed JSON value, or null when absent, unreadable or not JSON. */
  getJson<T = unknown>(key: string): T | null;
  /** False when the value could not be serialised or written. */
  setJson(key: string, value: unknown): boolean;
}

export type StorageKind = 'local' | 'session';

function browserStorage(kind: StorageKind): Storage | null {
  // Reading the property itself throws a SecurityError when storage is blocked.
  return kind === 'local' ? globalThis.localStorage : globalThis.sessionStorage;
}

/**
 * `source` resolves the underlying Storage at each call (by default the
 * browser's); tests pass one that throws. It is never cached, so storage that
 * comes back (a cleared quota) is used again.
 */
export function createSafeStorage(
  kind: StorageKind,
  source: () => Storage | null | undefined = () => browserStorage(kind),
): SafeStorage {
  const storage = (): Storage | null => {
    try {
      return source() ?? null;
    } catch {
      return null;
    }
  };

  const safe: SafeStorage = {
    get(key) {
      try {
        return storage()?.getItem(key) ?? null;
      } catch {
        return null;
      }
    },
    set(key, value) {
      try {
        const s = storage();
        if (s === null) return false;
        s.setItem(key, value);
        return true;
      } catch {
        return false;
      }
    },
    remove(key) {
      try {
        storage()?.removeItem(key);
      } catch {
        // nothing we can do, and nothing stored we could reach
      }
    },
    getJson<T = unknown>(key: string): T | null {
      const raw = safe.get(key);
      if (raw === null) return null;
      try {
        return JSON.parse(raw) as T;
      } catch {
        return null;
      }
    },
    setJson(key, value) {
      let raw: string | undefined;
      try {
        raw = JSON.stringify(value);
      } catch {
        return false;
      }
      return raw === undefined ? false : safe.set(key, raw);
    },
  };
  return safe;
}
