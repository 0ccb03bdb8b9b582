/**
 * The routes, mirroring github.com's paths so a GitHub URL maps one to one.
 *
 * The shell (root and repository layouts), the loaders and the issue list
 * page are in the entry chunk: the list is where most visits land, so its
 * first paint never waits for a second round trip (one chunk also compresses
 * better than two). Every other page component is a route `lazy` chunk.
 * Loaders stay static so a page's data starts loading in parallel with its
 * chunk (React Router runs a static loader alongside `lazy`).
 * scripts/check-bundle-budget.ts fails if the list page becomes lazy again.
 */
import { createBrowserRouter, type RouteObject } from 'react-router';
import { ISSUE_LIST_ROUTE_ID, issueListLoader } from './routes/issue-list-loader';
import { IssueListPage } from './routes/issue-list-page';
import { ISSUE_VIEW_ROUTE_ID, issueViewLoader } from './routes/issue-view-loader';
import { PullRedirect, RepoError, RepoIndexRedirect, RepoLayout, repoLayoutLoader, shouldRevalidateRepo } from './routes/repo-layout';
import { RootError, RootLayout } from './routes/root-layout';
import { PageNotFound, RouteError } from './routes/route-error';
import type { AppServices } from './services/app-services-context';

export function createAppRoutes(services: AppServices): RouteObject[] {
  return [
    {
      path: '/',
      element: <RootLayout />,
      errorElement: <RootError />,
      // Shown only while the first loaders run; they return at once, so this is rarely seen.
      hydrateFallbackElement: <p className="p-6 text-fg-muted">Loading Issuescope…</p>,
      children: [
        {
          // Anything failing below still renders inside the shell.
          errorElement: <RouteError />,
          children: [
            {
              index: true,
              lazy: { Component: async () => (await import('./routes/start-page')).StartPage },
              errorElement: <RouteError />,
            },
            {
              path: 'settings',
              lazy: { Component: async () => (await import('./routes/settings-page')).SettingsPage },
              errorElement: <RouteError />,
            },
            {
              // The reader's own issues across repositories, as github.com/issues (the gauge shows the search budget there).
              path: 'issues',
              lazy: { Component: async () => (await import('./routes/my-issues-page')).MyIssuesPage },
              errorElement: <RouteError />,
            },
            {
              path: ':owner/:repo',
              element: <RepoLayout />,
              loader: repoLayoutLoader(services),
              shouldRevalidate: shouldRevalidateRepo,
              errorElement: <RepoError />,
              children: [
                { index: true, element: <RepoIndexRedirect /> },
                {
                  id: ISSUE_LIST_ROUTE_ID,
                  path: 'issues',
                  Component: IssueListPage,
                  loader: issueListLoader(services),
                  errorElement: <RouteError subject="repository" />,
                },
                {
                  id: ISSUE_VIEW_ROUTE_ID,
                  path: 'issues/:number',
                  lazy: { Component: async () => (await import('./routes/issue-view-page')).IssueViewPage },
                  loader: issueViewLoader(services),
                  errorElement: <RouteError subject="issue" />,
                },
                { path: 'pulls', lazy: { Component: async () => (await import('./routes/pulls-redirect')).PullsRedirect } },
                { path: 'pull/:number/*', element: <PullRedirect /> },
                { path: '*', element: <PageNotFound /> },
              ],
            },
            { path: '*', element: <PageNotFound /> },
          ],
        },
      ],
    },
  ];
}

type RouterFactory = (routes: RouteObject[]) => ReturnType<typeof createBrowserRouter>;

/** The router, attached to the services so loaders can read the navigation they serve; of `routes` when they were readied for it. */
export function createAppRouter(services: AppServices, create: RouterFactory = createBrowserRouter, routes: RouteObject[] = createAppRoutes(services)) {
  const router = create(routes);
  services.navigation.attach(router);
  return router;
}
