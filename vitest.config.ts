/**
 * The tests: vite.config.ts (what `npm start` builds the app with, and so
 * loads from dependencies alone) plus the three projects. Vitest reads this
 * file instead of vite.config.ts; `vite build` never reads it.
 */
import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.js';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      projects: [
        {
          extends: true,
          test: {
            name: 'server',
            environment: 'node',
            include: ['src/server/**/*.test.ts', 'test-support/server/**/*.test.ts', 'src/shared/**/*.test.ts', 'scripts/**/*.test.ts', 'bench/**/*.test.ts'],
            // One PostgreSQL for the files that need one (test-support/server/test-postgres.ts).
            globalSetup: ['test-support/server/postgres-global-setup.ts'],
            testTimeout: 20_000,
          },
        },
        {
          // The service's own integration tests again, each test service on PostgreSQL (test-service.ts).
          extends: true,
          test: {
            name: 'server-postgres',
            environment: 'node',
            include: [
              'src/server/routes/issues.integration.test.ts',
              'src/server/http/pagination.integration.test.ts',
              'src/server/http/compression.integration.test.ts',
              'src/server/auth/auth.integration.test.ts',
              'src/server/auth/privacy.integration.test.ts',
              'src/server/limits/conditional.integration.test.ts',
              'src/server/limits/rate-limits.integration.test.ts',
              'src/server/fuzz/request-fuzz.integration.test.ts',
              'src/server/routes/search-queries.integration.test.ts',
              'src/server/routes/search-responses.integration.test.ts',
              'src/server/routes/search-text-matches.integration.test.ts',
              'src/server/routes/issue-history.integration.test.ts',
              'src/server/interop/openapi-conformance.integration.test.ts',
              'src/server/interop/github-wire-habits.integration.test.ts',
              'src/server/interop/octokit-client.integration.test.ts',
            ],
            env: { ISSUESCOPE_TEST_STORAGE: 'postgres' },
            // The same server as the `server` project's (the setup keeps one per run).
            globalSetup: ['test-support/server/postgres-global-setup.ts'],
            testTimeout: 20_000,
          },
        },
        {
          extends: true,
          test: {
            name: 'app',
            environment: 'jsdom',
            include: ['src/app/**/*.test.{ts,tsx}'],
            setupFiles: ['test-support/app/test-setup.ts', 'test-support/app/preload-lazy-routes.ts'],
          },
        },
      ],
    },
  }),
);
