/** What an entry is and where it stands: issue or pull request; open, closed, merged or draft. */
import type { Issue } from '../../shared/wire-types';

/** spec 4.1.2: a pull request carries `pull_request`. */
export function isPullRequest(issue: Issue): boolean {
  return issue.pull_request !== undefined && issue.pull_request !== null;
}

export type IssueStateKind =
  | 'issue-open'
  | 'issue-closed'
  | 'issue-not-planned'
  | 'pr-open'
  | 'pr-draft'
  | 'pr-merged'
  | 'pr-closed';

export interface IssueStateInfo {
  kind: IssueStateKind;
  /** for screen readers and the badge: "Open issue", "Merged pull request" */
  label: string;
  /** the badge's short word */
  badge: string;
}

export function issueState(issue: Issue): IssueStateInfo {
  if (isPullRequest(issue)) {
    if (issue.pull_request?.merged_at) return { kind: 'pr-merged', label: 'Merged pull request', badge: 'Merged' };
    if (issue.state === 'closed') return { kind: 'pr-closed', label: 'Closed pull request', badge: 'Closed' };
    if (issue.draft === true) return { kind: 'pr-draft', label: 'Draft pull request', badge: 'Draft' };
    return { kind: 'pr-open', label: 'Open pull request', badge: 'Open' };
  }
  if (issue.state === 'open') return { kind: 'issue-open', label: 'Open issue', badge: 'Open' };
  if (issue.state_reason === 'not_planned' || issue.state_reason === 'duplicate') {
    return { kind: 'issue-not-planned', label: 'Closed issue (not planned)', badge: 'Closed' };
  }
  return { kind: 'issue-closed', label: 'Closed issue', badge: 'Closed' };
}
