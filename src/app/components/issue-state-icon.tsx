import clsx from 'clsx';
import {
  GitMergeIcon,
  GitPullRequestClosedIcon,
  GitPullRequestDraftIcon,
  GitPullRequestIcon,
  IssueClosedIcon,
  IssueOpenedIcon,
  SkipIcon,
  type Icon,
} from './icons';
import type { Issue } from '../../shared/wire-types';
import { issueState, type IssueStateKind } from '../lib/issue-state';

const LOOKS: Record<IssueStateKind, { icon: Icon; text: string; fill: string }> = {
  'issue-open': { icon: IssueOpenedIcon, text: 'text-open', fill: 'bg-open-emphasis' },
  'issue-closed': { icon: IssueClosedIcon, text: 'text-done', fill: 'bg-done-emphasis' },
  'issue-not-planned': { icon: SkipIcon, text: 'text-fg-muted', fill: 'bg-neutral-emphasis' },
  'pr-open': { icon: GitPullRequestIcon, text: 'text-open', fill: 'bg-open-emphasis' },
  'pr-draft': { icon: GitPullRequestDraftIcon, text: 'text-fg-muted', fill: 'bg-neutral-emphasis' },
  'pr-merged': { icon: GitMergeIcon, text: 'text-done', fill: 'bg-done-emphasis' },
  'pr-closed': { icon: GitPullRequestClosedIcon, text: 'text-danger', fill: 'bg-danger-emphasis' },
};

/** The row's icon, named for screen readers ("Merged pull request"). */
export function IssueStateIcon({ issue, className }: { issue: Issue; className?: string }) {
  const state = issueState(issue);
  const look = LOOKS[state.kind];
  const IconFor = look.icon;
  return (
    <span role="img" aria-label={state.label} title={state.label} className={clsx('inline-flex', look.text, className)}>
      <IconFor size={16} aria-hidden="true" />
    </span>
  );
}

/** The issue view's badge: icon and word on the state's colour. */
export function IssueStateBadge({ issue }: { issue: Issue }) {
  const state = issueState(issue);
  const look = LOOKS[state.kind];
  const IconFor = look.icon;
  return (
    <span className={clsx('inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-sm font-medium text-on-emphasis', look.fill)} title={state.label}>
      <IconFor size={16} aria-hidden="true" />
      {state.badge}
      <span className="sr-only"> ({state.label.toLowerCase()})</span>
    </span>
  );
}
