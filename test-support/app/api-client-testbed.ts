/**
 * Test-only: what every api-client test file sets up the same way. The two loopback
 * servers (api-client-test-servers.ts) for the file, and per test a fresh ETag store, an
 * empty list of the rate-limit snapshots the client reported, and the servers' logs cleared.
 * Registers its hooks where it is called, so call it at a test file's top level.
 */
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { createApiClient } from '../../src/app/api/api-client';
import type { RateLimitSnapshot } from '../../src/app/api/api-types';
import { createMemoryEtagStore, type EtagStore } from '../../src/app/api/etag-store';
import { NOW_MS, startMainAndOther, type MainServerState, type TestServer } from './api-client-test-servers';

export interface ApiClientTestbed {
  /** answers like GitHub's API; its Links and redirects point at `other` */
  main: TestServer;
  /** a second origin */
  other: TestServer;
  /** this test's ETag store */
  store: EtagStore;
  /** the snapshots this test's clients reported */
  snapshots: RateLimitSnapshot[];
  /** A client of `main`'s API (or `baseUrl`) with this test's store, the fixed clock, and the snapshots recorded. */
  client(token?: string | null, baseUrl?: string): ReturnType<typeof createApiClient>;
}

export function apiClientTestbed(state: Partial<MainServerState> = {}): ApiClientTestbed {
  // Filled in by the hooks below before any test reads them.
  const bed = {
    snapshots: [],
    client(token: string | null = 'token-a', baseUrl = `${bed.main.origin}/api`) {
      return createApiClient({ baseUrl, token, etagStore: bed.store, now: () => NOW_MS, onRateLimit: (s) => bed.snapshots.push(s) });
    },
  } as unknown as ApiClientTestbed;

  beforeAll(async () => {
    ({ main: bed.main, other: bed.other } = await startMainAndOther(state));
  });
  afterAll(async () => {
    await Promise.all([bed.main.close(), bed.other.close()]);
  });
  beforeEach(() => {
    bed.store = createMemoryEtagStore();
    bed.snapshots.length = 0;
    bed.main.received.length = 0;
    bed.other.received.length = 0;
  });
  return bed;
}
