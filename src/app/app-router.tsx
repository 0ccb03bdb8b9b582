/**
 * The routes, mirroring github.com's paths so a GitHub URL maps one to one.
 * Each route module owns its loader, component and error element.
 */
import { createBrowserRouter, type RouteObject } from 'react-router';
import { IssueListError, IssueListPage, issueListLoader, shouldRevalidateIssueList } from './routes/issue-list-page';
import { IssueViewError, IssueViewPage, issueViewLoader } from './routes/issue-view-page';
import { PullRedirect, PullsRedirect, RepoError, RepoIndexRedirect, RepoLayout, repoLayoutLoader, shouldRevalidateRepo } from './routes/repo-layout';
import { RootError, RootLayout } from './routes/root-layout';
import { PageNotFound, RouteError } from './routes/route-error';
import { SettingsError, SettingsPage } from './routes/settings-page';
import { StartError, StartPage } from './routes/start-page';
import type { AppServices } from './services/app-services';

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
            { index: true, element: <StartPage />, errorElement: <StartError /> },
            { path: 'settings', element: <SettingsPage />, errorElement: <SettingsError /> },
            {
              path: ':owner/:repo',
              element: <RepoLayout />,
              loader: repoLayoutLoader(services),
              shouldRevalidate: shouldRevalidateRepo,
              errorElement: <RepoError />,
              children: [
                { index: true, element: <RepoIndexRedirect /> },
                {
                  path: 'issues',
                  element: <IssueListPage />,
                  loader: issueListLoader(services),
                  shouldRevalidate: shouldRevalidateIssueList,
                  errorElement: <IssueListError />,
                },
                { path: 'issues/:number', element: <IssueViewPage />, loader: issueViewLoader(services), errorElement: <IssueViewError /> },
                { path: 'pulls', element: <PullsRedirect /> },
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

/** The router, attached to the services so loaders can read the navigation they serve. */
export function createAppRouter(services: AppServices, create: RouterFactory = createBrowserRouter) {
  const router = create(createAppRoutes(services));
  services.navigation.attach(router);
  return router;
}
