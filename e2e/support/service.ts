/**
 * A real Issue Listing Service for one test file: a copy of the demo database,
 * a free 127.0.0.1 port, the built app at `/`. Rate limits can be set small
 * for the journeys that exhaust them; `faults` puts a fault injector in front
 * of `/api/*` (the test keeps the handle to switch faults and count requests);
 * `port` and `db` start it again where a stopped one was (an outage journey).
 */
import { copyFileSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { FaultInjector } from '../../src/server/faults/fault-injector';
import { DEFAULT_RATE_LIMITS, type RateLimitConfig } from '../../src/server/limits/rate-limiter';
import { DEFAULT_SERVICE_CONFIG, startService, type RunningService } from '../../src/server/main';
import { test } from '@playwright/test';
import { createDatabase } from '../../test-support/server/create-postgres-database';
import { E2E_DIR, POSTGRES_PROJECT, POSTGRES_TEMPLATE_DATABASE, TEMPLATE_DB } from './paths';

import { DEMO_TOKENS } from '../../src/server/commands/load-demo';

export { DEMO_TOKENS };

/** The demo's token for `user` that does not expire (src/server/commands/load-demo.ts lists them). */
export function demoToken(user: string): string {
  const found = DEMO_TOKENS.find((t) => t.user === user && t.expiresAt === null);
  if (found === undefined) throw new Error(`the demo has no lasting token for ${user}`);
  return found.token;
}

export interface E2eServiceOptions {
  faults?: FaultInjector;
  /** listen on this port (0, the default, picks a free one) */
  port?: number;
  /** serve this database file instead of a fresh copy of the demo */
  db?: string;
  /** API origins besides its own and GitHub's that the served app's CSP lets it connect to (`--api-origin`) */
  apiOrigins?: string[];
  /** false: the service sends the shell for every page, as it does when it cannot render one (issue 48) */
  renderFirstViews?: boolean;
  /** the service's clock (Unix ms), for a journey that moves time on instead of waiting for it */
  now?: () => number;
}

export type E2eService = RunningService & { api: string; db: string };

/** A fresh copy of the demo: an SQLite file, or in the PostgreSQL project a database copied from its template. */
async function demoCopy(): Promise<string> {
  if (test.info().project.name === POSTGRES_PROJECT) {
    const server = process.env.E2E_POSTGRES_URL;
    if (!server) throw new Error('the PostgreSQL project needs e2e/support/global-setup.ts to have started PostgreSQL');
    return createDatabase(server, undefined, { template: POSTGRES_TEMPLATE_DATABASE });
  }
  const db = path.join(E2E_DIR, `${randomUUID()}.db`);
  copyFileSync(TEMPLATE_DB, db);
  return db;
}

export async function startE2eService(limits: Partial<RateLimitConfig> = {}, options: E2eServiceOptions = {}): Promise<E2eService> {
  const db = options.db ?? (await demoCopy());
  const running = await startService({
    ...DEFAULT_SERVICE_CONFIG,
    db,
    port: options.port ?? 0,
    host: '127.0.0.1',
    limits: { ...DEFAULT_RATE_LIMITS, unauthLimit: 5000, ...limits },
    distDir: path.resolve('dist'),
    apiOrigins: options.apiOrigins ?? [],
    counterFlushMs: 200,
    // A list page is rendered by the service in every journey, however loaded the host: the bound that sends the
    // shell instead (2 s) is the routes' tests' to hold (first-view-page.integration.test.ts), not a race here.
    firstViewBounds: { renderTimeoutMs: 30_000 },
    renderFirstViews: options.renderFirstViews ?? true,
    log: () => {},
    faults: options.faults ?? null,
    ...(options.now ? { now: options.now } : {}),
  });
  return { ...running, api: `${running.origin}/api`, db };
}
