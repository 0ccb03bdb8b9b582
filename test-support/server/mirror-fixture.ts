/**
 * Test-only: what the mirror's integration tests share (mirror-copy, mirror-access and
 * mirror-rate-limits): source services on loopback, closed after each test, target databases in
 * a temporary directory, and `mirror()`, one run of mirrorRepository into a target.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { openSqliteStorage } from '../../src/server/store/sqlite/sqlite-storage';
import { startTestService, TOKENS, type TestService } from './test-service';
import { mirrorRepository, type MirrorEvent, type MirrorOptions, type MirrorResult } from '../../src/server/mirror/mirror-repository';

export const HELLO_COUNT = 250;

export interface MirrorFixture {
  /** closed after each test: push anything a test starts that must not outlive it */
  services: Array<{ close(): Promise<void> }>;
  /** a source service with octo/hello of HELLO_COUNT issues (and the other test repositories) */
  source(options?: Parameters<typeof startTestService>[0]): Promise<TestService>;
  /** a new target database file, not yet created */
  targetFile(): string;
}

/** Registers the calling test file's hooks: its temporary directory, and the services closed after each test. */
export function mirrorFixture(): MirrorFixture {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'issuescope-mirror-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const services: Array<{ close(): Promise<void> }> = [];
  afterEach(async () => {
    await Promise.all(services.map((s) => s.close()));
    services.length = 0;
  });

  async function source(options: Parameters<typeof startTestService>[0] = {}): Promise<TestService> {
    const svc = await startTestService({ helloCount: HELLO_COUNT, limits: { unauthLimit: 10_000 }, ...options });
    services.push(svc);
    return svc;
  }

  let targets = 0;
  function targetFile(): string {
    return path.join(dir, `target-${++targets}.db`);
  }

  return { services, source, targetFile };
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const t = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(t);
      reject(signal.reason as Error);
    });
  });

export async function mirror(
  dbFile: string,
  options: Partial<MirrorOptions> & { from: string },
  extra: { onEvent?: (e: MirrorEvent) => void; signal?: AbortSignal; fetch?: typeof fetch } = {},
): Promise<{ result: MirrorResult; events: MirrorEvent[] }> {
  const store = openSqliteStorage(dbFile);
  const events: MirrorEvent[] = [];
  try {
    const result = await mirrorRepository(
      store,
      { token: TOKENS.bob, source: { owner: 'octo', name: 'hello' }, target: { owner: 'octo', name: 'hello' }, ...options },
      {
        fetch: extra.fetch ?? fetch,
        now: Date.now,
        sleep,
        signal: extra.signal,
        retryBaseMs: 10,
        onEvent: (e) => {
          events.push(e);
          extra.onEvent?.(e);
        },
      },
    );
    return { result, events };
  } finally {
    store.close();
  }
}
