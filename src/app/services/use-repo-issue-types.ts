/** The repository's issue types (`GET /repos/{o}/{r}/issue-types`, issue 47), for the Types menu. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { IssueType } from '../../shared/wire-types';
import type { ApiResponse } from '../api/api-types';
import { useConnection } from './app-services-context';
import { apiUrl, type Connection } from './connection-store';
import { expectShape } from './expect-shape';
import { useSecondaryRequest } from './secondary-budget';
import { useRateLimitBlock } from './use-rate-limit-block';
import { repoKeys, repoPath } from './query-keys';

/** Types change rarely; a conditional request refreshes them for free. */
const ISSUE_TYPES_STALE_TIME_MS = 5 * 60_000;

export function repoIssueTypesQuery(connection: Connection, owner: string, repo: string) {
  return queryOptions({
    queryKey: [...repoKeys.all(connection.identity), 'issue-types', owner.toLowerCase(), repo.toLowerCase()] as const,
    queryFn: async ({ signal }): Promise<ApiResponse<IssueType[]>> =>
      expectShape(await connection.client.get<IssueType[]>(apiUrl(connection, `${repoPath(owner, repo)}/issue-types`), { signal }), 'array'),
    staleTime: ISSUE_TYPES_STALE_TIME_MS,
  });
}

/**
 * Fetched only when `enabled` (the Types menu is open), and, as a menu's contents are not what
 * the reader asked for first, not while under a tenth of the budget is left (`heldUntil` says
 * until when; services/secondary-budget.ts).
 */
export function useRepoIssueTypes(owner: string, repo: string, enabled: boolean) {
  const connection = useConnection();
  const block = useRateLimitBlock();
  const { allowed, heldUntil } = useSecondaryRequest('the types menu', 'core', enabled && block === null);
  const types = useQuery({ ...repoIssueTypesQuery(connection, owner, repo), enabled: enabled && block === null && allowed });
  return { types, heldUntil };
}
