/**
 * "Sub-issue of #12 Launch plan" under a sub-issue's title (issue 47): the repository and number
 * from the issue's `parent_issue_url` at once, the parent's title once `…/parent` answers.
 */
import { Link } from 'react-router';
import { IssueTracksIcon } from '../../components/icons';
import { IssueTitle } from '../../components/issue-title';
import { issueViewPath } from '../../app-paths';
import { useParentIssue } from './sub-issue-queries';

/** The parent's repository and number in its API URL (`…/repos/{owner}/{repo}/issues/{number}`), or null for anything else. */
export function parentIn(url: string | null | undefined): { owner: string; repo: string; number: number } | null {
  const match = /\/repos\/([^/]+)\/([^/]+)\/issues\/(\d+)$/.exec(url ?? '');
  if (!match) return null;
  try {
    return { owner: decodeURIComponent(match[1]!), repo: decodeURIComponent(match[2]!), number: Number(match[3]) };
  } catch {
    return null;
  }
}

/**
 * GitHub allows a parent in another repository (of the same owner or another): the link goes to
 * that repository's page here, and names it, as github.com does ("acme/docs#3").
 */
export function ParentIssueLink({ owner, repo, number, parentUrl }: { owner: string; repo: string; number: number; parentUrl: string | null | undefined }) {
  const parentRef = parentIn(parentUrl);
  const parent = useParentIssue(owner, repo, number, parentRef !== null);
  if (parentRef === null) return null;
  const title = parent.data?.data.title;
  const elsewhere = `${parentRef.owner}/${parentRef.repo}`.toLowerCase() !== `${owner}/${repo}`.toLowerCase();
  return (
    <p className="flex min-w-0 items-center gap-1.5 text-sm text-fg-muted">
      <IssueTracksIcon size={16} aria-hidden="true" className="shrink-0" />
      <span className="shrink-0">Sub-issue of</span>
      <Link to={issueViewPath(parentRef.owner, parentRef.repo, parentRef.number)} className="min-w-0 truncate font-medium text-fg hover:text-accent hover:underline">
        {title !== undefined ? <IssueTitle title={title} /> : null}{' '}
        <span className="text-fg-muted">{elsewhere ? `${parentRef.owner}/${parentRef.repo}#${parentRef.number}` : `#${parentRef.number}`}</span>
      </Link>
    </p>
  );
}
