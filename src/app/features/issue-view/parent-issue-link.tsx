/**
 * "Sub-issue of #12 Launch plan" under a sub-issue's title (issue 47): the number from the
 * issue's `parent_issue_url` at once, the parent's title and state once `…/parent` answers.
 */
import { Link } from 'react-router';
import { IssueTracksIcon } from '../../components/icons';
import { IssueTitle } from '../../components/issue-title';
import { issueViewPath } from '../../app-paths';
import { useParentIssue } from './sub-issue-queries';

/** The parent's number in its API URL (`…/issues/{number}`), or null for anything else. */
export function parentNumberIn(url: string | null | undefined): number | null {
  const n = /\/issues\/(\d+)$/.exec(url ?? '')?.[1];
  return n === undefined ? null : Number(n);
}

export function ParentIssueLink({ owner, repo, number, parentUrl }: { owner: string; repo: string; number: number; parentUrl: string | null | undefined }) {
  const parentNumber = parentNumberIn(parentUrl);
  const parent = useParentIssue(owner, repo, number, parentNumber !== null);
  if (parentNumber === null) return null;
  const title = parent.data?.data.title;
  return (
    <p className="flex min-w-0 items-center gap-1.5 text-sm text-fg-muted">
      <IssueTracksIcon size={16} aria-hidden="true" className="shrink-0" />
      <span className="shrink-0">Sub-issue of</span>
      <Link to={issueViewPath(owner, repo, parentNumber)} className="min-w-0 truncate font-medium text-fg hover:text-accent hover:underline">
        {title !== undefined ? <IssueTitle title={title} /> : null} <span className="text-fg-muted">#{parentNumber}</span>
      </Link>
    </p>
  );
}
