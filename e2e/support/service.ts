/**
 * A real Issue Listing Service for one test file: a copy of the demo database,
 * a free 127.0.0.1 port, the built app at `/`. Rate limits can be set small
 * for the journeys that exhaust them.
 */
import { copyFileSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { DEFAULT_RATE_LIMITS, type RateLimitConfig } from '../../src/server/limits/rate-limiter';
import { DEFAULT_SERVICE_CONFIG, startService, type RunningService } from '../../src/server/main';
import { E2E_DIR, TEMPLATE_DB } from './paths';

export { DEMO_TOKENS } from '../../src/server/commands/load-demo';

export interface E2eServiceOptions {
  /** API origins besides its own and GitHub's that the served app's CSP lets it connect to (`--api-origin`) */
  apiOrigins?: string[];
}

export async function startE2eService(limits: Partial<RateLimitConfig> = {}, options: E2eServiceOptions = {}): Promise<RunningService & { api: string }> {
  const db = path.join(E2E_DIR, `${randomUUID()}.db`);
  copyFileSync(TEMPLATE_DB, db);
  const running = await startService({
    ...DEFAULT_SERVICE_CONFIG,
    db,
    port: 0,
    host: '127.0.0.1',
    limits: { ...DEFAULT_RATE_LIMITS, unauthLimit: 5000, ...limits },
    distDir: path.resolve('dist'),
    apiOrigins: options.apiOrigins ?? [],
    counterFlushMs: 200,
    log: () => {},
  });
  return { ...running, api: `${running.origin}/api` };
}
