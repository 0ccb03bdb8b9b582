import { useInfiniteQuery } from '@tanstack/react-query';
import { isViewFatal } from '../../lib/view-fatal';
import { useConnection } from '../../services/app-services-context';
import type { RateLimitResource } from '../../services/rate-limit-store';
import { useRateLimitBlock } from '../../services/use-rate-limit-block';
import { issueContinuousQuery } from '../../services/issue-queries';

/**
 * The continuous list of a view, by the URL of its first page (null when it
 * is not known yet). Nothing is requested while
 * the budget it spends is exhausted; the caller asks for the next page.
 */
export function useContinuousIssues(firstUrl: string | null, resource: RateLimitResource) {
  const connection = useConnection();
  const block = useRateLimitBlock(resource);
  return useInfiniteQuery({
    ...issueContinuousQuery(connection, firstUrl ?? ''),
    enabled: firstUrl !== null && block === null,
    throwOnError: (error, query) => isViewFatal(error) && query.state.data === undefined,
  });
}
