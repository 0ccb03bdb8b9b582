import 'fake-indexeddb/auto';
import { createStore, set as idbSet } from 'idb-keyval';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createIndexedDbEtagStore, createMemoryEtagStore, scopeEtagStore, type StoredResponse } from './etag-store';

const page = (n: number): StoredResponse => ({
  etag: `W/"etag-${n}"`,
  lastModified: null,
  body: [{ number: n, title: `Issue ${n}`, labels: [{ name: 'bug' }], closed_at: null }],
  links: { next: `https://api.github.com/repositories/1/issues?page=${n + 1}` },
  url: `https://api.github.com/repos/o/r/issues?page=${n}`,
  storedAt: 1_700_000_000_000,
});

let dbCount = 0;
const freshDbName = () => `etag-test-${++dbCount}`;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the IndexedDB store', () => {
  it('gives back what was stored, and nothing for an unknown key', async () => {
    const store = createIndexedDbEtagStore(freshDbName());
    await store.set('id https://x.test/a', page(1));
    expect(await store.get('id https://x.test/a')).toEqual(page(1));
    expect(await store.get('id https://x.test/b')).toBeUndefined();
  });

  it('keeps pages across a reload (a new store on the same database)', async () => {
    const name = freshDbName();
    await createIndexedDbEtagStore(name).set('k', page(2));
    expect(await createIndexedDbEtagStore(name).get('k')).toEqual(page(2));
  });

  it('clear forgets every page (an identity change wipes the cache)', async () => {
    const store = createIndexedDbEtagStore(freshDbName());
    await store.set('a', page(1));
    await store.set('b', page(2));
    await store.clear();
    expect(await store.get('a')).toBeUndefined();
    expect(await store.get('b')).toBeUndefined();
  });

  it('a record of another shape is a cache miss, not a crash later', async () => {
    const name = freshDbName();
    await idbSet('k', { etag: 42, body: 'x' }, createStore(name, 'responses'));
    expect(await createIndexedDbEtagStore(name).get('k')).toBeUndefined();
  });

  it('a body it cannot store (as with a full quota) is skipped without throwing', async () => {
    const store = createIndexedDbEtagStore(freshDbName());
    const uncloneable = { ...page(3), body: { fn: () => 1 } };
    await expect(store.set('k', uncloneable)).resolves.toBeUndefined();
    expect(await store.get('k')).toBeUndefined();
  });

  it('without IndexedDB (private browsing) behaves as an empty cache and never throws', async () => {
    vi.stubGlobal('indexedDB', undefined);
    const store = createIndexedDbEtagStore(freshDbName());
    await expect(store.set('k', page(1))).resolves.toBeUndefined();
    await expect(store.get('k')).resolves.toBeUndefined();
    await expect(store.clear()).resolves.toBeUndefined();
  });

  it('when opening the database is refused, behaves as an empty cache', async () => {
    vi.stubGlobal('indexedDB', {
      open() {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    });
    const store = createIndexedDbEtagStore(freshDbName());
    await expect(store.set('k', page(1))).resolves.toBeUndefined();
    await expect(store.get('k')).resolves.toBeUndefined();
    await expect(store.clear()).resolves.toBeUndefined();
  });
});

describe('the memory store', () => {
  it('gives back copies of what was stored, so a caller cannot alter the cache', async () => {
    const store = createMemoryEtagStore();
    await store.set('k', page(1));
    const first = await store.get('k');
    (first!.body as unknown[]).length = 0;
    expect(await store.get('k')).toEqual(page(1));
    await store.clear();
    expect(await store.get('k')).toBeUndefined();
  });
});

describe("one identity's view of the store", () => {
  it('a page answered after its identity was replaced (token removed) is not written back after the wipe', async () => {
    const shared = createIndexedDbEtagStore(freshDbName());
    let current = true;
    const old = scopeEtagStore(shared, () => current);
    await old.set('old-identity url-1', page(1));
    expect(await old.get('old-identity url-1')).toEqual(page(1));

    // The token is removed: the app wipes the store, then the in-flight answer lands.
    current = false;
    await shared.clear();
    await old.set('old-identity url-2', page(2));
    expect(await shared.get('old-identity url-2')).toBeUndefined();
    expect(await old.get('old-identity url-1')).toBeUndefined();
  });
});
