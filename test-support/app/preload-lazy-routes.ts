/**
 * Test setup: the route pages other than the issue list are lazy chunks
 * (src/app/app-router.tsx), as are parts of pages. In the browser they load
 * in a blink; in a test, importing one the first time means transforming it,
 * which on a busy machine outlasts Testing Library's one-second wait. Importing them here
 * once, before the tests, keeps the router's `lazy` path (still a promise)
 * while taking that cost out of every test's timing.
 */
export {};

await Promise.all([
  import('../../src/app/routes/issue-view-page'),
  import('../../src/app/routes/settings-page'),
  import('../../src/app/routes/start-page'),
  import('../../src/app/routes/pulls-redirect'),
  import('../../src/app/features/repo-picker/github-url'),
  import('../../src/app/components/error-panel-content'),
  import('../../src/app/features/issues/continuous-issue-list'),
  import('../../src/app/components/shortcuts-dialog-body'),
  import('../../src/app/features/saved-views/save-view-dialog'),
  import('../../src/app/features/issues/filter-menu-bodies'),
  import('../../src/app/features/connectivity/service-status-notice'),
  import('../../src/app/features/issue-view/markdown/markdown-body'),
]);
