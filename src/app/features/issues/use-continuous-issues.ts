import { useInfiniteQuery } from '@tanstack/react-query';
import { isViewFatal } from '../../components/view-fatal';
import { useConnection } from '../../services/app-services-context';
import { useRateLimitBlock } from '../rate-limit/use-rate-limit-block';
import { issueContinuousQuery } from './issue-queries';

/**
 * The continuous list of a view, by the URL of its first page (null when the
 * filters are invalid and nothing should be sent). Nothing is requested while
 * the rate limit is spent; the caller asks for the next page.
 */
export function useContinuousIssues(firstUrl: string | null) {
  const connection = useConnection();
  const block = useRateLimitBlock();
  return useInfiniteQuery({
    ...issueContinuousQuery(connection, firstUrl ?? ''),
    enabled: firstUrl !== null && block === null,
    throwOnError: (error, query) => isViewFatal(error) && query.state.data === undefined,
  });
}
