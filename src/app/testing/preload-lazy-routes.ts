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
  import('../routes/issue-view-page'),
  import('../routes/settings-page'),
  import('../routes/start-page'),
  import('../routes/pulls-redirect'),
  import('../features/repo-picker/github-url'),
  import('../features/errors/error-panel-content'),
  import('../features/issues/continuous-issue-list'),
  import('../components/shortcuts-dialog-body'),
  import('../features/saved-views/save-view-dialog'),
  import('../features/issues/filter-menu-bodies'),
  import('../features/connectivity/service-status-notice'),
  import('../features/issue-view/markdown/markdown-body'),
]);
