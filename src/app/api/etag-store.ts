/**
 * Where the client keeps the last 200 of each URL: its validators (ETag,
 * Last-Modified) for conditional requests (spec 4.1.9: a 304 costs no credit,
 * spec 8.2) and its body, to answer a 304 and to show something when offline.
 *
 * Keys are `identity + ' ' + url` (see request-identity.ts), so one caller's
 * pages are never served to another and no token is ever written here.
 */
import { clear as idbClear, createStore, get as idbGet, set as idbSet, type UseStore } from 'idb-keyval';
import type { PageLinks } from './api-types';

export interface StoredResponse {
  etag: string | null;
  lastModified: string | null;
  body: unknown;
  links: PageLinks;
  /** the final URL the body came from (after a redirect) */
  url: string;
  /** Unix ms when the body was stored */
  storedAt: number;
}

export interface EtagStore {
  get(key: string): Promise<StoredResponse | undefined>;
  set(key: string, value: StoredResponse): Promise<void>;
  clear(): Promise<void>;
}

export const DEFAULT_ETAG_DB_NAME = 'issuescope-responses';
const OBJECT_STORE_NAME = 'responses';

function isStoredResponse(value: unknown): value is StoredResponse {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    (typeof v.etag === 'string' || v.etag === null) &&
    (typeof v.lastModified === 'string' || v.lastModified === null) &&
    'body' in v &&
    typeof v.links === 'object' &&
    v.links !== null &&
    typeof v.url === 'string' &&
    typeof v.storedAt === 'number'
  );
}

/**
 * The store the browser app uses. Every call is wrapped: with IndexedDB missing
 * or refused (private browsing), a full quota or a value it cannot clone, the
 * store behaves as an empty cache and never throws, so a request still goes out
 * and the page still shows (without the 304 saving).
 */
export function createIndexedDbEtagStore(dbName: string = DEFAULT_ETAG_DB_NAME): EtagStore {
  let store: UseStore | null = null;
  // Resolved lazily: a missing `indexedDB` global must surface inside the try/catch
  // of a call, not at construction. idb-keyval opens the database on first use, so
  // it opens with the first request's read. Opening it here instead, as the app
  // starts, was tried (2026-11-25): the first request went out no sooner, and
  // mobile Lighthouse's blocking time on the list rose (docs/performance-log.md).
  const keyvalStore = (): UseStore => (store ??= createStore(dbName, OBJECT_STORE_NAME));

  return {
    async get(key) {
      try {
        const value: unknown = await idbGet(key, keyvalStore());
        // A record from an older shape, or tampered with, is a cache miss.
        return isStoredResponse(value) ? value : undefined;
      } catch {
        return undefined;
      }
    },
    async set(key, value) {
      try {
        await idbSet(key, value, keyvalStore());
      } catch {
        // Quota exceeded or storage refused: the next visit simply costs a credit.
      }
    },
    async clear() {
      try {
        await idbClear(keyvalStore());
      } catch {
        // Nothing stored that we could reach, so nothing to leak either.
      }
    },
  };
}

/** An in-memory store (tests, and a fallback where persisting is not wanted). */
export function createMemoryEtagStore(): EtagStore {
  const entries = new Map<string, StoredResponse>();
  return {
    get(key) {
      const value = entries.get(key);
      // Copies, as IndexedDB gives, so a caller mutating a body cannot alter the cache.
      return Promise.resolve(value === undefined ? undefined : structuredClone(value));
    },
    set(key, value) {
      try {
        entries.set(key, structuredClone(value));
      } catch {
        // An uncloneable body is not cached, as with IndexedDB.
      }
      return Promise.resolve();
    },
    clear() {
      entries.clear();
      return Promise.resolve();
    },
  };
}

/**
 * The store as one caller identity's client sees it: once the identity is
 * replaced (a token removed or changed, another service chosen), its answers
 * still landing are not written, and nothing is read for it. The app clears
 * the store when the identity changes; without this, a private page whose
 * request was in flight at that moment would be written back right after.
 */
export function scopeEtagStore(store: EtagStore, isCurrent: () => boolean): EtagStore {
  return {
    get: (key) => (isCurrent() ? store.get(key) : Promise.resolve(undefined)),
    set: (key, value) => (isCurrent() ? store.set(key, value) : Promise.resolve()),
    // Clearing is never a leak: pass it on whichever identity asks.
    clear: () => store.clear(),
  };
}
