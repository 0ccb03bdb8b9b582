/**
 * The issue view's sub-issues (issue 47): the progress ("3 of 5", as github.com shows it), then
 * each sub-issue with its state, number, type and its own progress, linked to its page; further
 * pages follow the service's `next` link when asked, as the timeline's do.
 */
import { Link } from 'react-router';
import type { Issue, SubIssuesSummary } from '../../../shared/wire-types';
import { BarFill } from '../../components/bar-fill';
import { IssueTracksIcon } from '../../components/icons';
import { IssueTitle } from '../../components/issue-title';
import { IssueTypeToken } from '../../components/issue-type-token';
import { Skeleton } from '../../components/skeleton';
import { issueViewPath } from '../../app-paths';
import { IssueStateIcon } from '../../components/issue-state-icon';
import { repositoryOf } from './cross-reference';
import { useSubIssues } from './sub-issue-queries';

export function SubIssuesSection({ owner, repo, number, summary }: { owner: string; repo: string; number: number; summary: SubIssuesSummary }) {
  const query = useSubIssues(owner, repo, number, summary.total > 0);
  if (summary.total === 0) return null;
  const issues = query.data?.pages.flatMap((page) => page.data) ?? [];
  return (
    <section aria-labelledby={`sub-issues-${number}`} className="card">
      <header className="flex items-center gap-2 border-b border-line px-4 py-2">
        <IssueTracksIcon size={16} aria-hidden="true" className="text-fg-muted" />
        <h2 id={`sub-issues-${number}`} className="font-semibold">
          Sub-issues
        </h2>
        <span className="text-sm text-fg-muted">
          {summary.completed} of {summary.total}
        </span>
        <span
          role="progressbar"
          aria-label="Sub-issues completed"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={summary.percent_completed}
          className="ml-auto inline-block h-2 w-24 overflow-hidden rounded-full bg-canvas-inset"
        >
          <BarFill className="bg-done" percent={summary.percent_completed} />
        </span>
      </header>
      {query.isPending ? (
        <div className="space-y-2 p-4" role="status" aria-label="Loading the sub-issues">
          <Skeleton className="h-4 w-3/4" />
          <Skeleton className="h-4 w-2/3" />
        </div>
      ) : query.isError && issues.length === 0 ? (
        <p className="p-4 text-danger">
          Could not load the sub-issues: {query.error.message}{' '}
          <button type="button" className="link" onClick={() => void query.refetch()}>
            Retry
          </button>
        </p>
      ) : (
        <ul>
          {issues.map((issue) => (
            <SubIssueRow key={issue.number} issue={issue} owner={owner} repo={repo} />
          ))}
        </ul>
      )}
      {query.hasNextPage ? (
        <div className="border-t border-line p-2 text-center">
          <button type="button" className="btn btn-sm" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
            {query.isFetchingNextPage ? 'Loading…' : 'Load more sub-issues'}
          </button>
        </div>
      ) : null}
    </section>
  );
}

/** A sub-issue of another repository (GitHub allows one) links to that repository's page here, named as github.com names it. */
function SubIssueRow({ issue, owner, repo }: { issue: Issue; owner: string; repo: string }) {
  const own = issue.sub_issues_summary && issue.sub_issues_summary.total > 0 ? issue.sub_issues_summary : null;
  const home = repositoryOf(issue);
  const elsewhere = home !== null && `${home.owner}/${home.name}`.toLowerCase() !== `${owner}/${repo}`.toLowerCase() ? home : null;
  return (
    <li className="flex items-start gap-2 border-b border-line-muted px-4 py-2 last:border-b-0">
      <IssueStateIcon issue={issue} className="mt-0.5 shrink-0" />
      <div className="flex min-w-0 flex-1 flex-wrap items-baseline gap-x-2 gap-y-1">
        <Link
          to={issueViewPath(elsewhere?.owner ?? owner, elsewhere?.name ?? repo, issue.number)}
          className="min-w-0 font-medium break-words text-fg hover:text-accent hover:underline"
        >
          <IssueTitle title={issue.title} />
        </Link>
        <span className="text-sm text-fg-muted">{elsewhere ? `${elsewhere.owner}/${elsewhere.name}#${issue.number}` : `#${issue.number}`}</span>
        {issue.type ? <IssueTypeToken type={issue.type} /> : null}
      </div>
      {own !== null ? (
        <span className="shrink-0 text-xs whitespace-nowrap text-fg-muted" title={`${own.completed} of ${own.total} sub-issues completed`}>
          {own.completed} of {own.total}
        </span>
      ) : null}
    </li>
  );
}
