/**
 * Starts the real service on a free 127.0.0.1 port against a fresh temporary
 * SQLite file, with a small GitHub-shaped dataset imported through the real
 * import path. Integration tests talk to it over HTTP with fetch.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { hashToken } from '../../src/server/auth/tokens';
import type { FaultInjector } from '../../src/server/faults/fault-injector';
import { DEFAULT_RATE_LIMITS, type RateLimitConfig } from '../../src/server/limits/rate-limiter';
import { DEFAULT_SERVICE_CONFIG, startService } from '../../src/server/main';
import type { FirstViewBounds } from '../../src/server/routes/first-view-page';
import type { ImportedComment, ImportedIssue } from '../../src/server/store/import-schema';
import { openCommandStorage } from '../../src/server/store/open-storage';
import { createDatabase } from './create-postgres-database';

export const TOKENS = {
  /** alice: granted the private octo/secret */
  alice: 'isc_pat_test_alice_0000000000000000',
  /** alice's second token: shares alice's budget, public only */
  aliceSecond: 'isc_pat_test_alice_second_00000000',
  /** bob: public repositories only */
  bob: 'isc_pat_test_bob_000000000000000000',
  expired: 'isc_pat_test_expired_0000000000000',
} as const;

const LABELS = [
  { name: 'bug', color: 'd73a4a', description: "Something isn't working" },
  { name: 'enhancement', color: 'a2eeef', description: 'New feature or request' },
  { name: 'good first issue', color: '7057ff', description: null },
  { name: 'docs', color: '0075ca' },
];

const DAY_MS = 86_400_000;
const BASE_MS = Date.UTC(2024, 0, 1);
const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');

/**
 * `count` entries: every 5th is a pull request, every 3rd is closed, labels
 * cycle, issue n was created n days after 2024-01-01 and updated 2n days after.
 */
export function makeIssues(count: number, prefix = 'Issue'): ImportedIssue[] {
  return Array.from({ length: count }, (_, i): ImportedIssue => {
    const n = i + 1;
    const closed = n % 3 === 0;
    const labels = [LABELS[n % 4], n % 6 === 0 ? LABELS[1] : undefined].filter((l) => l !== undefined);
    return {
      number: n,
      title: `${prefix} ${n}`,
      user: { login: n % 2 === 0 ? 'alice' : 'bob' },
      labels: [...new Map(labels.map((l) => [l.name, l])).values()],
      state: closed ? 'closed' : 'open',
      locked: n === 7,
      assignees: n % 4 === 0 ? [{ login: 'carol' }] : [],
      comments: n === 1 ? 3 : 0,
      created_at: iso(BASE_MS + n * DAY_MS),
      updated_at: iso(BASE_MS + 2 * n * DAY_MS),
      closed_at: closed ? iso(BASE_MS + 2 * n * DAY_MS) : null,
      body: n === 2 ? 'Ping @dave about this' : `Body of ${prefix.toLowerCase()} ${n}\n\n- [x] one\n- [ ] two`,
      ...(n % 5 === 0 ? { pull_request: { merged_at: closed ? iso(BASE_MS + 2 * n * DAY_MS) : null } } : {}),
    };
  });
}

export function makeComments(issue: number, count: number): ImportedComment[] {
  return Array.from({ length: count }, (_, i) => ({
    id: 1000 + i,
    issue_url: `https://api.github.com/repos/octo/hello/issues/${issue}`,
    user: { login: 'erin' },
    created_at: iso(BASE_MS + (issue + i) * DAY_MS + 3600_000),
    updated_at: iso(BASE_MS + (issue + i) * DAY_MS + 3600_000),
    body: `Comment ${i + 1}`,
  }));
}

export interface TestService {
  origin: string;
  /** `${origin}/api` */
  api: string;
  /** the `--db` it serves: an SQLite file, or a PostgreSQL URL in the `server-postgres` project */
  dbFile: string;
  close(): Promise<void>;
  /** stops the server and starts it again on the same database (for persistence tests) */
  restart(): Promise<TestService>;
}

export interface TestServiceOptions {
  limits?: Partial<RateLimitConfig>;
  /** 75 entries in octo/hello unless said otherwise */
  helloCount?: number;
  log?: (line: string) => void;
  /** serve this built app at `/` (none unless given) */
  distDir?: string;
  /** the service's clock (Unix ms): a test of a rate-limit window sets it rather than racing the host's (issue 46) */
  now?: () => number;
  /** bounds of the first view the service renders (issue 48) */
  firstViewBounds?: FirstViewBounds;
  /** honour X-Forwarded-For for the client address, as behind the operator's own proxy */
  trustProxy?: boolean;
  /** faults on purpose in front of `/api/*` (serve --faults) */
  faults?: FaultInjector;
}

/**
 * Where a test service keeps its data: a fresh SQLite file, or, in the
 * `server-postgres` project (ISSUESCOPE_TEST_STORAGE=postgres), a fresh
 * database on the run's PostgreSQL (postgres-global-setup.ts), copied from its
 * migrated template: a copy takes a fraction of a migration's time (issue 46),
 * and opening the storage still runs the migrations, which find nothing to do.
 */
async function freshTestDatabase(dir: string): Promise<string> {
  if (process.env.ISSUESCOPE_TEST_STORAGE !== 'postgres') return path.join(dir, 'test.db');
  const { inject } = await import('vitest');
  return createDatabase(inject('postgresUrl'), undefined, { template: inject('postgresTemplate') });
}

export async function startTestService(options: TestServiceOptions = {}): Promise<TestService> {
  const dir = mkdtempSync(path.join(tmpdir(), 'issuescope-test-'));
  const dbFile = await freshTestDatabase(dir);
  const store = await openCommandStorage(dbFile);
  const now = Date.now();
  await store.importIssues({ owner: 'octo', name: 'hello', makePrivate: false, description: 'Hello world' }, makeIssues(options.helloCount ?? 75), makeComments(1, 3), now);
  await store.importIssues({ owner: 'octo', name: 'secret', makePrivate: true }, makeIssues(5, 'Secret plan'), [], now);
  await store.importIssues({ owner: 'octo', name: 'old-name', makePrivate: false }, makeIssues(3, 'Moved'), [], now);
  await store.renameRepo({ owner: 'octo', name: 'old-name' }, { owner: 'octo', name: 'new-name' }, now);
  await store.importIssues({ owner: 'octo', name: 'hidden-old', makePrivate: true }, makeIssues(2, 'Hidden'), [], now);
  await store.renameRepo({ owner: 'octo', name: 'hidden-old' }, { owner: 'octo', name: 'hidden-new' }, now);
  await store.createToken({ hash: hashToken(TOKENS.alice), login: 'alice', name: 'alice main', expiresAt: null, repos: ['octo/secret', 'octo/hidden-new'] }, now);
  await store.createToken({ hash: hashToken(TOKENS.aliceSecond), login: 'alice', name: 'alice second', expiresAt: null, repos: [] }, now);
  await store.createToken({ hash: hashToken(TOKENS.bob), login: 'bob', name: 'bob', expiresAt: null, repos: [] }, now);
  await store.createToken({ hash: hashToken(TOKENS.expired), login: 'alice', name: 'old', expiresAt: Math.floor(now / 1000) - 60, repos: ['octo/secret'] }, now);
  await store.close();

  const limits = { ...DEFAULT_RATE_LIMITS, ...options.limits };
  const boot = async (): Promise<TestService> => {
    const running = await startService({
      ...DEFAULT_SERVICE_CONFIG,
      db: dbFile,
      port: 0,
      host: '127.0.0.1',
      limits,
      counterFlushMs: 50,
      log: options.log ?? (() => {}),
      distDir: options.distDir ?? null,
      ...(options.now ? { now: options.now } : {}),
      ...(options.firstViewBounds ? { firstViewBounds: options.firstViewBounds } : {}),
      ...(options.trustProxy ? { trustProxy: true } : {}),
      ...(options.faults ? { faults: options.faults } : {}),
    });
    const service: TestService = {
      origin: running.origin,
      api: `${running.origin}/api`,
      dbFile,
      close: async () => {
        await running.close();
        rmSync(dir, { recursive: true, force: true });
      },
      restart: async () => {
        await running.close();
        return boot();
      },
    };
    return service;
  };
  return boot();
}

export interface ServedDatabase {
  origin: string;
  api: string;
  close(): Promise<void>;
}

/** Serves an existing database file (a mirror's target, say) on a free loopback port. */
export async function serveDatabase(dbFile: string, options: { limits?: Partial<RateLimitConfig> } = {}): Promise<ServedDatabase> {
  const running = await startService({
    ...DEFAULT_SERVICE_CONFIG,
    db: dbFile,
    port: 0,
    host: '127.0.0.1',
    limits: { ...DEFAULT_RATE_LIMITS, ...options.limits },
    counterFlushMs: 50,
    log: () => {},
  });
  return { origin: running.origin, api: `${running.origin}/api`, close: () => running.close() };
}

export function auth(token: string): Record<string, string> {
  return { Authorization: `Bearer ${token}` };
}
