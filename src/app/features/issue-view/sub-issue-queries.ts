/**
 * A parent's sub-issues (`GET …/issues/{n}/sub_issues`, a page at a time by `Link`) and a
 * sub-issue's parent (`GET …/issues/{n}/parent`), issue 47; shared by the issue view's hooks.
 */
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { Issue } from '../../../shared/wire-types';
import type { ApiResponse } from '../../api/api-types';
import { useConnection } from '../../services/app-services-context';
import { apiUrl, type Connection } from '../../services/connection-store';
import { expectShape } from '../../services/expect-shape';
import { useRateLimitBlock } from '../../services/use-rate-limit-block';
import { issuePath } from '../../services/issue-queries';
import { issueKeys } from '../../services/query-keys';

/** GitHub's default page of sub-issues; more follow by `next` on request. */
export const SUB_ISSUES_PER_PAGE = 30;

export const subIssueKeys = {
  subIssues: (identity: string, owner: string, repo: string, number: number) =>
    [...issueKeys.all(identity), 'sub-issues', owner.toLowerCase(), repo.toLowerCase(), number] as const,
  parent: (identity: string, owner: string, repo: string, number: number) =>
    [...issueKeys.all(identity), 'parent', owner.toLowerCase(), repo.toLowerCase(), number] as const,
};

export function subIssuesQuery(connection: Connection, owner: string, repo: string, number: number) {
  return infiniteQueryOptions({
    queryKey: subIssueKeys.subIssues(connection.identity, owner, repo, number),
    queryFn: async ({ pageParam, signal }): Promise<ApiResponse<Issue[]>> => expectShape(await connection.client.get<Issue[]>(pageParam, { signal }), 'array'),
    initialPageParam: apiUrl(connection, `${issuePath(owner, repo, number)}/sub_issues?per_page=${SUB_ISSUES_PER_PAGE}`),
    getNextPageParam: (last) => (last.data.length > 0 ? last.links.next : undefined),
  });
}

export function parentIssueQuery(connection: Connection, owner: string, repo: string, number: number) {
  return queryOptions({
    queryKey: subIssueKeys.parent(connection.identity, owner, repo, number),
    queryFn: async ({ signal }): Promise<ApiResponse<Issue>> =>
      expectShape(await connection.client.get<Issue>(apiUrl(connection, `${issuePath(owner, repo, number)}/parent`), { signal }), 'object'),
  });
}

/** The sub-issues of a parent, asked for only when it has some. */
export function useSubIssues(owner: string, repo: string, number: number, enabled: boolean) {
  const connection = useConnection();
  const block = useRateLimitBlock();
  return useInfiniteQuery({ ...subIssuesQuery(connection, owner, repo, number), enabled: enabled && block === null });
}

/** The parent of a sub-issue, asked for only when the issue names one. */
export function useParentIssue(owner: string, repo: string, number: number, enabled: boolean) {
  const connection = useConnection();
  const block = useRateLimitBlock();
  return useQuery({ ...parentIssueQuery(connection, owner, repo, number), enabled: enabled && block === null });
}
