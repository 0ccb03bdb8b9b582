/**
 * The tests: vite.config.ts (what `npm start` builds the app with, and so
 * loads from dependencies alone) plus the four projects. Vitest reads this
 * file instead of vite.config.ts; `vite build` never reads it.
 */
import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.js';

/**
 * App tests that never touch a DOM (pure functions, the fetch client against a loopback
 * server): they run in the node environment without the jsdom setup and the lazy modules'
 * preload, which cost seconds per file (issue 46). Every other app test, and any new one,
 * gets jsdom.
 */
const APP_TESTS_WITHOUT_DOM = [
  'src/app/api/api-client-conditional-requests.test.ts',
  'src/app/api/api-client-errors.test.ts',
  'src/app/api/api-client-mapping-unreachable.test.ts',
  'src/app/api/api-client-offline.test.ts',
  'src/app/api/api-client-requests.test.ts',
  'src/app/api/github-recordings.test.ts',
  'src/app/api/link-header.test.ts',
  'src/app/api/rate-limit-headers.test.ts',
  'src/app/api/request-identity.test.ts',
  'src/app/api/retry-policy.test.ts',
  'src/app/api/sha256.test.ts',
  'src/app/app-paths.test.ts',
  'src/app/features/connectivity/retry-status.test.ts',
  'src/app/features/issue-view/filtered-list-paths.test.ts',
  'src/app/features/issue-view/markdown/highlight-languages.test.ts',
  'src/app/features/issue-view/source-link.test.ts',
  'src/app/features/issue-view/timeline-events.test.ts',
  'src/app/features/issues/entry-count.test.ts',
  'src/app/lib/legacy-query.test.ts',
  'src/app/features/issues/list-view.test.ts',
  'src/app/features/issues/loaded-status.test.ts',
  'src/app/features/issues/query-edit.test.ts',
  'src/app/features/issues/query-highlight.test.ts',
  'src/app/features/issues/query-route.test.ts',
  'src/app/features/issues/query-suggestions.test.ts',
  'src/app/features/issues/task-progress.test.ts',
  'src/app/features/repo-picker/github-url.test.ts',
  'src/app/lib/error-messages.test.ts',
  'src/app/lib/import-outlasting-outage.test.ts',
  'src/app/lib/label-colors.test.ts',
  'src/app/lib/time-format.test.ts',
  'src/app/lib/view-fatal.test.ts',
  'src/app/services/connectivity-store.test.ts',
  'src/app/services/rate-limit-store.test.ts',
];

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      // Vitest's default is one worker per core but one: one worker on the two cores CI has, while
      // most server files wait on sockets, child processes and PostgreSQL (issue 46). Two, not more:
      // the jsdom files are CPU-bound, and the children the server files start need a core too.
      maxWorkers: 2,
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
              'src/server/http/conditional.integration.test.ts',
              'src/server/limits/rate-limits.integration.test.ts',
              'src/server/fuzz/request-fuzz.integration.test.ts',
              'src/server/routes/search-queries.integration.test.ts',
              'src/server/routes/search-responses.integration.test.ts',
              'src/server/routes/search-scope.integration.test.ts',
              'src/server/routes/search-text-matches.integration.test.ts',
              'src/server/routes/search-stored-facts.integration.test.ts',
              'src/server/routes/search-fuzz.test.ts',
              'src/server/routes/issue-history.integration.test.ts',
              'src/server/routes/people.integration.test.ts',
              'src/server/routes/issue-links.integration.test.ts',
              'src/server/routes/cross-repository-sub-issues.integration.test.ts',
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
            exclude: APP_TESTS_WITHOUT_DOM,
            setupFiles: ['test-support/app/test-setup.ts', 'test-support/app/preload-lazy-routes.ts'],
            // Vitest's five seconds is a bound on the host's speed: a journey through the app in
            // jsdom passed it alone and missed it beside another worker on a loaded host (issue 46).
            testTimeout: 30_000,
          },
        },
        {
          extends: true,
          test: {
            name: 'app-node',
            environment: 'node',
            include: APP_TESTS_WITHOUT_DOM,
          },
        },
      ],
    },
  }),
);
