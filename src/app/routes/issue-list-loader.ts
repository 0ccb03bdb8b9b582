/**
 * The loader of `/:owner/:repo/issues`: it starts the first page's request
 * before the page renders, and the page's query finds it in flight. A module
 * of its own, like the issue view's loader (whose page is a lazy chunk).
 *
 * An address with the list's old parameters (`?state=closed&labels=bug`) is
 * rewritten once into the same view's `q`; any other address, whatever its
 * `q` holds, is shown as it is, so every address settles after at most one
 * rewrite. A view with a `q` waits for the query tools (a small lazy chunk
 * with the parser) to know which endpoint answers it.
 */
import { replace, type LoaderFunctionArgs } from 'react-router';
import { importOutlastingOutage } from '../lib/import-outlasting-outage';
import { issueContinuousQuery, issuePageQuery } from '../services/issue-queries';
import { hasLegacyParams } from '../lib/list-query';
import { continuousRequestUrl, pageRequestUrl, readListView, resourceOf } from '../features/issues/list-view';
import { loadContinuousIssueList } from '../features/issues/continuous-issue-list-chunk';
import type { QueryTools } from '../features/issues/query-tools';
import { loadedQueryTools, loadQueryTools } from '../features/issues/query-tools-chunk';
import { activeBlock, type RateLimitResource } from '../services/rate-limit-store';
import { listPath } from '../app-paths';
import type { AppServices } from '../services/app-services-context';

/** The route's id, for the header's gauge to read which budget the list spends (useRouteLoaderData). */
export const ISSUE_LIST_ROUTE_ID = 'issue-list';

export interface IssueListLoaderData {
  /** the query tools, when loaded (always, for a view with a `q`) */
  tools: QueryTools | null;
  /** the budget the view's requests spend */
  resource: RateLimitResource;
}

export function issueListLoader(services: AppServices) {
  return async ({ params, request }: LoaderFunctionArgs): Promise<IssueListLoaderData> => {
    const owner = params.owner ?? '';
    const repo = params.repo ?? '';
    const url = new URL(request.url);

    if (hasLegacyParams(url.searchParams)) {
      const { rewriteLegacyParams } = await importOutlastingOutage(() => import('../lib/legacy-query'));
      throw replace(listPath(owner, repo, rewriteLegacyParams(url.searchParams)));
    }

    const tools = url.searchParams.has('q') ? await importOutlastingOutage(loadQueryTools) : loadedQueryTools();
    const view = readListView(url.searchParams, tools);
    const data: IssueListLoaderData = { tools, resource: resourceOf(view.route) };
    // The continuous list's chunk (with the virtualiser) downloads alongside the first page. The
    // paged list's counts and pager wait for its rows (useRowsShown): the rows need none of them.
    if (view.mode === 'continuous') {
      loadContinuousIssueList().catch(() => {
        // React.lazy tries again when it renders, and its error shows there.
      });
    }
    if (activeBlock(services.rateLimit.getSnapshot(), services.now(), data.resource) !== null) return data;
    const connection = services.connection.getSnapshot();
    if (view.mode === 'continuous') {
      const firstUrl = continuousRequestUrl(connection, owner, repo, view);
      if (firstUrl !== null) void services.queryClient.prefetchInfiniteQuery(issueContinuousQuery(connection, firstUrl));
      return data;
    }
    const requestUrl = pageRequestUrl(connection, owner, repo, view, services.navigation.stateFor(request));
    // Start fetching before render, without holding the navigation up: the page shows skeletons meanwhile.
    if (requestUrl !== null) {
      services.queryClient.ensureQueryData(issuePageQuery(connection, requestUrl)).catch(() => {
        // The page's own query shows the failure.
      });
    }
    return data;
  };
}
