import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { isViewFatal } from '../../components/view-fatal';
import { useConnection } from '../../services/app-services-context';
import { useRateLimitBlock } from '../rate-limit/use-rate-limit-block';
import { issuePageQuery } from './issue-queries';

/**
 * One page of the list, by the URL to request (null when the filters are
 * invalid and nothing should be sent). The previous page stays on screen while
 * the next loads; nothing is requested while the rate limit is spent.
 */
export function useIssuePage(url: string | null) {
  const connection = useConnection();
  const block = useRateLimitBlock();
  return useQuery({
    ...issuePageQuery(connection, url ?? ''),
    enabled: url !== null && block === null,
    placeholderData: keepPreviousData,
    throwOnError: (error, query) => isViewFatal(error) && query.state.data === undefined,
  });
}
