import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_FLAGS, chromiumPath } from './e2e/support/chromium';
import { POSTGRES_PROJECT } from './e2e/support/paths';

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  outputDir: '.tmp/playwright-output',
  fullyParallel: false,
  // Each test file has its own service and database (e2e/support/service.ts), so files run two at a time (issue 46).
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  forbidOnly: !!process.env.CI,
  globalSetup: './e2e/support/global-setup.ts',
  use: {
    ...devices['Desktop Chrome'],
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromiumPath(),
      args: [...CHROMIUM_FLAGS],
    },
  },
  projects: [
    { name: 'chromium' },
    // The key journeys again with the service on PostgreSQL (e2e/support/global-setup.ts starts it when this project is selected).
    { name: POSTGRES_PROJECT, testMatch: ['browse-and-filter.spec.ts', 'token-private-repo.spec.ts', 'rate-limit.spec.ts', 'people-and-milestone-menus.spec.ts'] },
  ],
});
