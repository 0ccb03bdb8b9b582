import type { Issue } from '../../../shared/wire-types';
import type { IssueClosedBy } from '../../api/timeline-types';
import { IssueTitle } from '../../components/issue-title';
import { IssueTypeToken } from '../../components/issue-type-token';
import { ProgressBar } from '../../components/progress-bar';
import { RelativeTime } from '../../components/relative-time';
import { formatCount } from '../../lib/time-format';
import { IssueStateBadge } from '../../components/issue-state-icon';
import { ParentIssueLink } from './parent-issue-link';
import { PersonLink } from './person-link';
import { linkTitleReferences } from './title-references';

/** How the issue ended, for the header: merged (a pull request) or closed, by whom when known, and when. */
function Ending({ issue, owner, repo }: { issue: Issue & IssueClosedBy; owner: string; repo: string }) {
  const mergedAt = issue.pull_request?.merged_at ?? null;
  const at = mergedAt ?? (issue.state === 'closed' ? issue.closed_at : null);
  if (at === null) return null;
  return (
    <>
      {' '}· {mergedAt !== null ? 'merged' : 'closed'}
      {issue.closed_by ? (
        <>
          {' '}by <PersonLink user={issue.closed_by} owner={owner} repo={repo} />
        </>
      ) : null}{' '}
      <RelativeTime iso={at} />
    </>
  );
}

/**
 * The issue's title and number, the parent it is a sub-issue of, its state and
 * type, who opened it, who closed or merged it, and how many comments it has.
 */
export function IssueHeader({ issue, owner, repo, kind, refreshing }: {
  issue: Issue & IssueClosedBy;
  owner: string;
  repo: string;
  kind: 'issue' | 'pull request';
  /** shown from the list's copy while its own answer is on its way */
  refreshing: boolean;
}) {
  return (
    <header className="relative space-y-3 border-b border-line pb-4">
      {refreshing ? <ProgressBar label={`Refreshing the ${kind}`} /> : null}
      <h1 className="text-2xl leading-tight font-normal break-words sm:text-[28px]">
        {/* The number never wraps onto a line of its own: a no-break space holds it to the title's last word. */}
        <span className="font-semibold"><IssueTitle title={issue.title} renderPlain={(text) => linkTitleReferences(text, owner, repo)} /></span>{'\u00A0'}<span className="whitespace-nowrap text-fg-muted">#{issue.number}</span>
      </h1>
      <ParentIssueLink owner={owner} repo={repo} number={issue.number} parentUrl={issue.parent_issue_url} />
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-fg-muted">
        <IssueStateBadge issue={issue} />
        {issue.type ? <IssueTypeToken type={issue.type} /> : null}
        <span>
          <PersonLink user={issue.user} owner={owner} repo={repo} /> opened this {kind} <RelativeTime iso={issue.created_at} />
          <Ending issue={issue} owner={owner} repo={repo} />
          {' '}· {formatCount(issue.comments)} {issue.comments === 1 ? 'comment' : 'comments'}
        </span>
        {issue.locked ? <span className="rounded-full border border-line px-2 text-xs">Locked</span> : null}
      </div>
    </header>
  );
}
