import { useQuery } from '@tanstack/react-query';
import { useConnection } from './app-services-context';
import { useRateLimitBlock } from './use-rate-limit-block';
import { useSecondaryRequest } from './secondary-budget';
import { repoLabelsQuery } from './repo-queries';

/**
 * The repository's labels with their colours; fetched only when `enabled` (the label menu is open, the box
 * suggests). A menu's contents are not what the reader asked for: on a low budget they wait (`heldUntil`),
 * listed as `what` for the gauge (./secondary-budget, issue 47).
 */
export function useRepoLabels(owner: string, repo: string, enabled: boolean, what: string) {
  const connection = useConnection();
  const block = useRateLimitBlock();
  const { allowed, heldUntil } = useSecondaryRequest(what, 'core', enabled && block === null);
  const labels = useQuery({ ...repoLabelsQuery(connection, owner, repo), enabled: enabled && block === null && allowed });
  return { labels, heldUntil };
}
