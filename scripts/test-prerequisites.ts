/**
 * What `npm test` needs beyond `npm install`, checked before it runs: a
 * Chromium for the end-to-end tests and PostgreSQL's server binaries for the
 * PostgreSQL tests. A missing one is one line saying how to get it, and the
 * suites that need it are left out (counted as one failure), rather than
 * every one of their tests failing on its own.
 */
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { chromiumPath } from '../e2e/support/chromium';
import { findPostgresBinaries } from '../test-support/server/postgres-binaries';

export interface Missing {
  browser: string | null;
  postgres: string | null;
}

function browserProblem(): string | null {
  const chosen = chromiumPath();
  if (chosen !== undefined) {
    return existsSync(chosen) ? null : `no Chromium at PLAYWRIGHT_CHROMIUM_PATH=${chosen}: point it at a Chromium, or unset it`;
  }
  if (existsSync(chromium.executablePath())) return null;
  return 'no Chromium for the end-to-end tests: `apt-get install chromium` (Debian), or `npx playwright install chromium`, or set PLAYWRIGHT_CHROMIUM_PATH';
}

function postgresProblem(): string | null {
  try {
    findPostgresBinaries();
    return null;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
}

export function missingPrerequisites(): Missing {
  return { browser: browserProblem(), postgres: postgresProblem() };
}

/** Without PostgreSQL's binaries, vitest leaves out the tests that start a server. */
export const VITEST_WITHOUT_POSTGRES = [
  '--project', 'server',
  '--project', 'app',
  '--project', 'app-node',
  '--exclude', '**/store/postgres/**',
  '--exclude', '**/scale-out.integration.test.ts',
  '--exclude', '**/postgres-server.integration.test.ts',
];

/** ...and Playwright its PostgreSQL project, whose global setup then starts none. */
export const PLAYWRIGHT_WITHOUT_POSTGRES = ['--project', 'chromium'];
