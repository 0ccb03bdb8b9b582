import { useInfiniteQuery } from '@tanstack/react-query';
import { useConnection } from '../../services/app-services-context';
import { useRateLimitBlock } from '../rate-limit/use-rate-limit-block';
import { issueCommentsQuery } from './issue-queries';

/** An issue's comments, a page at a time; `fetchNextPage` follows the service's `next` link. */
export function useIssueComments(owner: string, repo: string, number: number, enabled: boolean) {
  const connection = useConnection();
  const block = useRateLimitBlock();
  return useInfiniteQuery({ ...issueCommentsQuery(connection, owner, repo, number), enabled: enabled && block === null });
}
