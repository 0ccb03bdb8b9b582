import { Link } from 'react-router';
import type { IssueReference } from '../../api/timeline-types';
import { IssueTitle } from '../../components/issue-title';
import { issueViewPath } from '../../app-paths';

/**
 * The other issue of a sub-issue, parent or dependency event
 * (`nullable-issue-reference`, which has no page address): "#12 Title",
 * named with its repository when that is not this one, linking to its page
 * here, where the service may have it as GitHub does.
 */
export function LinkedIssue({ issue, owner, repo }: { issue: IssueReference; owner: string; repo: string }) {
  const [otherOwner, otherRepo, extra] = issue.repository?.full_name?.split('/') ?? [];
  const elsewhere = otherOwner && otherRepo && extra === undefined && `${otherOwner}/${otherRepo}`.toLowerCase() !== `${owner}/${repo}`.toLowerCase()
    ? { owner: otherOwner, repo: otherRepo }
    : null;
  const target = elsewhere ?? { owner, repo };
  return (
    <Link to={issueViewPath(target.owner, target.repo, issue.number)} data-hovercard="issue" className="font-semibold break-words text-fg hover:text-accent hover:underline">
      <span className="text-fg-muted">{elsewhere ? `${elsewhere.owner}/${elsewhere.repo}#${issue.number}` : `#${issue.number}`}</span> <IssueTitle title={issue.title} />
    </Link>
  );
}
