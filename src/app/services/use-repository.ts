import { useQuery } from '@tanstack/react-query';
import { useConnection } from './app-services-context';
import { useRateLimitBlock } from './use-rate-limit-block';
import { repositoryQuery } from './repo-queries';

/** The repository's name, description and visibility; errors are left to the views that need the data. */
export function useRepository(owner: string, repo: string) {
  const connection = useConnection();
  const block = useRateLimitBlock();
  return useQuery({ ...repositoryQuery(connection, owner, repo), enabled: block === null });
}
