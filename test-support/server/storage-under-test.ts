/**
 * How each contract test gets its storage: a fresh, empty one per test, let go even when the test
 * fails, so no test sees another's data; and the fixed clock and repository the tests import into.
 */
import { it } from 'vitest';
import type { Storage } from '../../src/server/store/storage';

/** A fresh, empty storage for each test, and how to let it go. */
export type OpenStorage = () => Promise<{ storage: Storage; close(): Promise<void> }>;

/** Declares one test that runs on a fresh storage. */
export type WithStorage = (name: string, test: (storage: Storage) => Promise<void>) => void;

export const NOW = Date.UTC(2026, 0, 1);
export const PUBLIC = { owner: 'octo', name: 'hello', makePrivate: false };

export function withFreshStorage(open: OpenStorage): WithStorage {
  return (name, test) =>
    it(name, async () => {
      const { storage, close } = await open();
      try {
        await test(storage);
      } finally {
        await close();
      }
    });
}
