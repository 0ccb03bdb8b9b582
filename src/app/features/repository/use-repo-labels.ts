import { useQuery } from '@tanstack/react-query';
import { useConnection } from '../../services/app-services-context';
import { useRateLimitBlock } from '../rate-limit/use-rate-limit-block';
import { repoLabelsQuery } from './repo-queries';

/** The repository's labels with their colours; fetched only when `enabled` (the label menu is open). */
export function useRepoLabels(owner: string, repo: string, enabled: boolean) {
  const connection = useConnection();
  const block = useRateLimitBlock();
  return useQuery({ ...repoLabelsQuery(connection, owner, repo), enabled: enabled && block === null });
}
