import { useInfiniteQuery } from '@tanstack/react-query';
import { useConnection } from '../../services/app-services-context';
import { useRateLimitBlock } from '../../services/use-rate-limit-block';
import { issueTimelineQuery } from './timeline-queries';

/** An issue's timeline, a page at a time; `fetchNextPage` follows the service's `next` link. */
export function useIssueTimeline(owner: string, repo: string, number: number) {
  const connection = useConnection();
  const block = useRateLimitBlock();
  return useInfiniteQuery({ ...issueTimelineQuery(connection, owner, repo, number), enabled: block === null });
}
