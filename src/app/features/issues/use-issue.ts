import { useQuery, useQueryClient } from '@tanstack/react-query';
import { isViewFatal } from '../../lib/view-fatal';
import { useConnection } from '../../services/app-services-context';
import { useRateLimitBlock } from '../../services/use-rate-limit-block';
import { issueDetailQuery, issueFromListCache } from '../../services/issue-queries';

/**
 * One issue. Opened from the list it shows at once from the list's page
 * (placeholder), then its own answer replaces it.
 */
export function useIssue(owner: string, repo: string, number: number) {
  const connection = useConnection();
  const queryClient = useQueryClient();
  const block = useRateLimitBlock();
  return useQuery({
    ...issueDetailQuery(connection, owner, repo, number),
    enabled: block === null,
    placeholderData: () => issueFromListCache(queryClient, connection.identity, owner, repo, number),
    throwOnError: (error, query) => isViewFatal(error) && query.state.data === undefined,
  });
}
