/** Query keys and options of a repository and its labels, shared by loaders and hooks. */
import { queryOptions } from '@tanstack/react-query';
import type { Label, Repository } from '../../shared/wire-types';
import type { ApiResponse } from '../api/api-types';
import { apiUrl, type Connection } from './connection-store';
import { expectShape } from './expect-shape';
import { repoKeys, repoPath } from './query-keys';
import { seedAfterRename } from './seed-after-rename';

/** GitHub's maximum page size; a repository with more labels shows its first hundred. */
export const LABELS_PER_PAGE = 100;
/** Labels and repository details change rarely; conditional requests refresh them for free. */
const REPO_STALE_TIME_MS = 5 * 60_000;

export function repositoryQuery(connection: Connection, owner: string, repo: string) {
  return queryOptions({
    queryKey: repoKeys.detail(connection.identity, owner, repo),
    queryFn: async ({ signal, client }): Promise<ApiResponse<Repository>> => {
      const url = apiUrl(connection, repoPath(owner, repo));
      const response = expectShape(await connection.client.get<Repository>(url, { signal }), 'object');
      await seedAfterRename(client, connection.identity, 'repository', url, response);
      return response;
    },
    staleTime: REPO_STALE_TIME_MS,
  });
}

export function repoLabelsQuery(connection: Connection, owner: string, repo: string) {
  return queryOptions({
    queryKey: repoKeys.labels(connection.identity, owner, repo),
    queryFn: async ({ signal }): Promise<ApiResponse<Label[]>> =>
      expectShape(
        await connection.client.get<Label[]>(apiUrl(connection, `${repoPath(owner, repo)}/labels?per_page=${LABELS_PER_PAGE}`), {
          signal,
        }),
        'array',
      ),
    staleTime: REPO_STALE_TIME_MS,
  });
}
