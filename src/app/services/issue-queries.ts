/** Query keys and options of issues: list pages, one issue. Shared by route loaders and hooks. */
import { infiniteQueryOptions, queryOptions, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { Issue } from '../../shared/wire-types';
import { isSearchIssuesUrl } from '../api/api-client';
import type { ApiResponse } from '../api/api-types';
import { apiUrl, type Connection } from './connection-store';
import { expectShape } from './expect-shape';
import { seedAfterRename } from './seed-after-rename';
import { issueKeys, repoPath } from './query-keys';

/** One page of a view, from the list endpoint or a search, in one shape. */
export interface IssuePage extends ApiResponse<Issue[]> {
  /** a search's `total_count` (what matches, before GitHub's cap of 1,000 reachable); null for list pages, which are not counted */
  total: number | null;
  /** a search that timed out before it saw everything (`incomplete_results`) */
  incomplete: boolean;
}

/** The page at `url`: a first request or a `Link` rel, of either endpoint (the URL says which). */
async function fetchIssuePage(connection: Connection, url: string, signal: AbortSignal): Promise<IssuePage> {
  if (isSearchIssuesUrl(url)) {
    const response = await connection.client.searchIssues<Issue>(url, { signal });
    return { ...response, data: response.data.items, total: response.data.total_count, incomplete: response.data.incomplete_results === true };
  }
  return { ...expectShape(await connection.client.get<Issue[]>(url, { signal }), 'array'), total: null, incomplete: false };
}

/**
 * The body of the search answer an issue page was read from, as the API client keeps it to answer a 304
 * (`fetchIssuePage` in reverse): null for a page of the list endpoint, whose page data is its body.
 */
export function searchAnswerOf(page: IssuePage): { total_count: number; incomplete_results: boolean; items: Issue[] } | null {
  return page.total === null ? null : { total_count: page.total, incomplete_results: page.incomplete, items: page.data };
}

export function issuePageQuery(connection: Connection, url: string) {
  return queryOptions({
    queryKey: issueKeys.page(connection.identity, url),
    queryFn: async ({ signal, client }): Promise<IssuePage> => {
      const page = await fetchIssuePage(connection, url, signal);
      await seedAfterRename(client, connection.identity, 'page', url, page);
      return page;
    },
  });
}

/**
 * The continuous list (of a list view or a search): its pages, each requested through the same client (ETag
 * revalidation, rate-limit readings, typed errors) by following the `next`
 * link of the page before (spec 4.2 rule 3). An empty page or no `next` ends it
 * (spec 8.8).
 */
export function issueContinuousQuery(connection: Connection, firstUrl: string) {
  return infiniteQueryOptions({
    queryKey: issueKeys.continuous(connection.identity, firstUrl),
    queryFn: async ({ pageParam, signal, client }): Promise<IssuePage> => {
      const page = await fetchIssuePage(connection, pageParam, signal);
      if (pageParam === firstUrl) await seedAfterRename(client, connection.identity, 'continuous', firstUrl, page);
      return page;
    },
    initialPageParam: firstUrl,
    getNextPageParam: (last) => (last.data.length > 0 ? last.links.next : undefined),
  });
}

export function issuePath(owner: string, repo: string, number: number): string {
  return `${repoPath(owner, repo)}/issues/${number}`;
}

export function issueDetailQuery(connection: Connection, owner: string, repo: string, number: number) {
  return queryOptions({
    queryKey: issueKeys.detail(connection.identity, owner, repo, number),
    queryFn: async ({ signal, client }): Promise<ApiResponse<Issue>> => {
      const url = apiUrl(connection, issuePath(owner, repo, number));
      const response = expectShape(await connection.client.get<Issue>(url, { signal }), 'object');
      await seedAfterRename(client, connection.identity, number, url, response);
      return response;
    },
  });
}

function isIssueOf(issue: Issue, owner: string, repo: string, number: number): boolean {
  if (issue.number !== number) return false;
  const suffix = `/repos/${owner}/${repo}`.toLowerCase();
  return typeof issue.repository_url === 'string' && decodeURIComponent(issue.repository_url).toLowerCase().endsWith(suffix);
}

/**
 * The issue as a list page already holds it, to show at once while its own
 * request runs (opened from the list), or undefined.
 */
export function issueFromListCache(
  queryClient: QueryClient,
  identity: string,
  owner: string,
  repo: string,
  number: number,
): ApiResponse<Issue> | undefined {
  const pages = queryClient.getQueriesData<ApiResponse<Issue[]>>({ queryKey: issueKeys.pages(identity) });
  const continuous = queryClient.getQueriesData<InfiniteData<ApiResponse<Issue[]>>>({ queryKey: issueKeys.continuousLists(identity) });
  for (const page of [...pages.map(([, data]) => data), ...continuous.flatMap(([, data]) => data?.pages ?? [])]) {
    const issue = page?.data.find((candidate) => isIssueOf(candidate, owner, repo, number));
    if (issue !== undefined) {
      return { data: issue, status: 200, url: issue.url, links: {}, rateLimit: null, notModified: false, offline: page?.offline ?? false, movedTo: null };
    }
  }
  return undefined;
}
