/**
 * The loader of `/:owner/:repo/issues`, apart from the page so it stays in the
 * entry chunk: the first page's request starts while the page's chunk (fetched
 * in parallel by a modulepreload) is still on its way.
 */
import type { LoaderFunctionArgs, ShouldRevalidateFunctionArgs } from 'react-router';
import { issueContinuousQuery, issuePageQuery } from '../features/issues/issue-queries';
import { continuousRequestUrl, pageRequestUrl, readListView } from '../features/issues/list-view';
import { loadContinuousIssueList } from '../features/issues/continuous-issue-list-chunk';
import { activeBlock } from '../features/rate-limit/rate-limit-store';
import { listPath } from '../features/repo-picker/app-paths';
import { hasSearchQualifiers } from '../features/repo-picker/search-qualifiers';
import type { AppServices } from '../services/app-services';

/** What the list's loader hands its page: a GitHub search to translate first, or nothing. */
export type IssueListLoaderData = { translate: { to: string; ignored: string[] } } | null;

export function issueListLoader(services: AppServices) {
  return ({ params, request }: LoaderFunctionArgs): IssueListLoaderData | Promise<IssueListLoaderData> => {
    const owner = params.owner ?? '';
    const repo = params.repo ?? '';
    const url = new URL(request.url);

    // A github.com URL with its host swapped for ours (`?q=is:closed label:bug`):
    // on arrival, translate GitHub's search into the list's own parameters.
    if (services.navigation.isInitialLoad() && hasSearchQualifiers(url.searchParams.get('q'))) {
      // The translator loads only now: most visits have nothing to translate.
      return import('../features/repo-picker/github-url').then(({ translateListQuery }) => {
        const { params: search, ignored } = translateListQuery(url.searchParams, 'issues');
        return { translate: { to: listPath(owner, repo, search), ignored } };
      });
    }

    const view = readListView(url.searchParams);
    if (view.mode === 'continuous') {
      // The continuous list's chunk (with the virtualiser) downloads alongside the first page.
      loadContinuousIssueList().catch(() => {
        // React.lazy tries again when it renders, and its error shows there.
      });
    }
    if (!view.request.ok) return null;
    if (activeBlock(services.rateLimit.getSnapshot(), services.now()) !== null) return null;
    const connection = services.connection.getSnapshot();
    if (view.mode === 'continuous') {
      void services.queryClient.prefetchInfiniteQuery(issueContinuousQuery(connection, continuousRequestUrl(connection, owner, repo, view.request.value)));
      return null;
    }
    const requestUrl = pageRequestUrl(connection, owner, repo, view.request.value, services.navigation.stateFor(request));
    // Start fetching before render, without holding the navigation up: the page shows skeletons meanwhile.
    services.queryClient.ensureQueryData(issuePageQuery(connection, requestUrl)).catch(() => {
      // The page's own query shows the failure.
    });
    return null;
  };
}

/** Filtering the loaded page (`q`, `type`) asks nothing of the service: no need to run the loader. */
export function shouldRevalidateIssueList({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs): boolean {
  if (currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
  const strip = (url: URL): string => {
    const search = new URLSearchParams(url.search);
    search.delete('q');
    search.delete('type');
    search.sort();
    return search.toString();
  };
  return strip(currentUrl) !== strip(nextUrl) ? defaultShouldRevalidate : false;
}
