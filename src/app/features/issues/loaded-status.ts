/** What the continuous list says it has loaded, counting issues and pull requests apart (the list endpoint returns both). */
import type { Issue } from '../../../shared/wire-types';
import { formatCount } from '../../lib/time-format';
import { isPullRequest } from '../../lib/issue-state';

/** How many of the loaded entries are issues and how many pull requests: the list endpoint gives both. */
export interface LoadedKinds {
  issues: number;
  pulls: number;
}

export function loadedKinds(rows: readonly Issue[]): LoadedKinds {
  const pulls = rows.reduce((n, row) => (isPullRequest(row) ? n + 1 : n), 0);
  return { issues: rows.length - pulls, pulls };
}

function counted(n: number, one: string, many: string): string {
  return `${formatCount(n)} ${n === 1 ? one : many}`;
}

/** "Loaded 1,200 issues and 405 pull requests" (each kind named only when loaded), and ", all of them" once there is no next page. */
export function loadedStatus({ issues, pulls }: LoadedKinds, complete: boolean): string {
  const parts = [issues > 0 || pulls === 0 ? counted(issues, 'issue', 'issues') : null, pulls > 0 ? counted(pulls, 'pull request', 'pull requests') : null];
  return `Loaded ${parts.filter((part) => part !== null).join(' and ')}${complete ? ', all of them' : ''}`;
}
