import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { isViewFatal } from '../../lib/view-fatal';
import { useConnection } from '../../services/app-services-context';
import type { RateLimitResource } from '../../services/rate-limit-store';
import { useRateLimitBlock } from '../../services/use-rate-limit-block';
import { issuePageQuery } from '../../services/issue-queries';

/**
 * One page of the list or a search, by the URL to request (null when it is
 * not known yet). The previous page stays on screen while
 * the next loads;  nothing is requested while the
 * budget it spends (`core` or `search`) is exhausted.
 */
export function useIssuePage(url: string | null, resource: RateLimitResource) {
  const connection = useConnection();
  const block = useRateLimitBlock(resource);
  return useQuery({
    ...issuePageQuery(connection, url ?? ''),
    enabled: url !== null && block === null,
    placeholderData: keepPreviousData,
    throwOnError: (error, query) => isViewFatal(error) && query.state.data === undefined,
  });
}
