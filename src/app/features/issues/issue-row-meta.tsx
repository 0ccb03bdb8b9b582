/**
 * The line under a row's title, in GitHub's list wording: "#12 opened 3 days
 * ago by alice", "#12 by alice was closed 2 months ago" (naming who closed it
 * when the entry says, `closed_by`), "#12 by alice was merged last week"; then
 * the task count and the milestone. Where it wraps, a "·" ends a line, never
 * starts one, and "#12" keeps its next word. A parent issue shows how many of its sub-issues are
 * closed ("3 of 5", issue 47), as github.com's list does.
 */
import { BarFill } from '../../components/bar-fill';
import { ChecklistIcon, IssueTracksIcon, MilestoneIcon } from '../../components/icons';
import type { ReactNode } from 'react';
import type { Issue } from '../../../shared/wire-types';
import { RelativeTime } from '../../components/relative-time';
import { taskProgress } from './task-progress';

const NBSP = '\u00a0';

/** The last words of a part, held together with the separator after it when more follows. */
function tail(last: ReactNode, more: boolean) {
  return (
    <span className="whitespace-nowrap">
      {last}
      {more ? `${NBSP}·` : null}
    </span>
  );
}

export function IssueRowMeta({ issue, onAuthor }: { issue: Issue; onAuthor: (login: string) => void }) {
  const tasks = taskProgress(issue.body);
  const subIssues = issue.sub_issues_summary && issue.sub_issues_summary.total > 0 ? issue.sub_issues_summary : null;
  const author = issue.user?.login ?? 'ghost';
  const mergedAt = issue.pull_request?.merged_at;
  const endedAt = mergedAt ?? (issue.state === 'closed' ? issue.closed_at : null);
  const more = tasks !== null || subIssues !== null || Boolean(issue.milestone);
  const by = (
    <button type="button" onClick={() => onAuthor(author)} title={`Show only what ${author} opened`} className="muted-link font-medium">
      {author}
    </button>
  );
  return (
    <p className="mt-1 flex flex-wrap items-center gap-x-1.5 gap-y-0.5 text-xs text-fg-muted">
      <span>
        <span>#{issue.number}</span>
        {endedAt ? (
          <>
            {NBSP}by {by} was {mergedAt ? 'merged' : 'closed'}
            {issue.closed_by ? (
              <>
                {' '}by <span className="font-medium">{issue.closed_by.login}</span>
              </>
            ) : null}{' '}
            {tail(<RelativeTime iso={endedAt} />, more)}
          </>
        ) : (
          <>
            {NBSP}opened <RelativeTime iso={issue.created_at} /> by {tail(by, more)}
          </>
        )}
      </span>
      {tasks !== null ? (
        <span className="inline-flex items-center gap-1 whitespace-nowrap" title={`${tasks.done} of ${tasks.total} tasks completed`}>
          <ChecklistIcon size={12} aria-hidden="true" />
          {tasks.done} of {tasks.total} tasks
          <span aria-hidden="true" className="ml-0.5 inline-block h-1.5 w-10 overflow-hidden rounded-full bg-canvas-inset">
            <BarFill className="bg-open" percent={(tasks.done / tasks.total) * 100} />
          </span>
          {subIssues !== null || issue.milestone ? '·' : null}
        </span>
      ) : null}
      {subIssues !== null ? (
        <span className="inline-flex items-center gap-1 whitespace-nowrap" title={`${subIssues.completed} of ${subIssues.total} sub-issues completed`}>
          <IssueTracksIcon size={12} aria-hidden="true" />
          <span aria-label={`Sub-issues: ${subIssues.completed} of ${subIssues.total} completed`}>
            {subIssues.completed} of {subIssues.total}
          </span>
          <span aria-hidden="true" className="ml-0.5 inline-block h-1.5 w-10 overflow-hidden rounded-full bg-canvas-inset">
            <BarFill className="bg-done" percent={subIssues.percent_completed} />
          </span>
          {issue.milestone ? '·' : null}
        </span>
      ) : null}
      {issue.milestone ? (
        <span className="inline-flex min-w-0 items-center gap-1">
          <MilestoneIcon size={12} aria-hidden="true" />
          <span className="truncate">{issue.milestone.title}</span>
        </span>
      ) : null}
    </p>
  );
}
