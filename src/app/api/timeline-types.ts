/**
 * The answer of `GET /repos/{owner}/{repo}/issues/{issue_number}/timeline`,
 * typed after GitHub's OpenAPI (`timeline-issue-events`, REST 2022-11-28):
 * the subset of its event schemas the issue view shows. GitHub adds event
 * types over time, so a page may hold others; the view reads each item
 * through timeline-events.ts, which skips what it does not know.
 */
import type { AuthorAssociation, Issue, ReactionRollup, SimpleUser } from '../../shared/wire-types';

/** The fields every issue event carries (`issue-event`; `actor` is `nullable-simple-user` there). */
interface IssueEventFields {
  id: number;
  node_id: string;
  url: string;
  /** null for a deleted account (GitHub shows "ghost") */
  actor: SimpleUser | null;
  commit_id: string | null;
  commit_url: string | null;
  created_at: string;
  performed_via_github_app?: unknown;
}

/** `timeline-comment-event`: a comment, as the comments endpoint answers it, with `event` and `actor`. */
export interface TimelineCommentEvent {
  event: 'commented';
  actor: SimpleUser;
  id: number;
  node_id: string;
  url: string;
  body?: string;
  html_url: string;
  user: SimpleUser;
  created_at: string;
  updated_at: string;
  issue_url: string;
  author_association: AuthorAssociation;
  reactions?: ReactionRollup;
  performed_via_github_app?: unknown;
}

/** `labeled-issue-event`, `unlabeled-issue-event` */
export interface LabelEvent extends IssueEventFields {
  event: 'labeled' | 'unlabeled';
  label: { name: string; color: string };
}

/** `renamed-issue-event` */
export interface RenamedEvent extends IssueEventFields {
  event: 'renamed';
  rename: { from: string; to: string };
}

/** `milestoned-issue-event`, `demilestoned-issue-event` */
export interface MilestoneEvent extends IssueEventFields {
  event: 'milestoned' | 'demilestoned';
  milestone: { title: string };
}

/** `timeline-assigned-issue-event`, `timeline-unassigned-issue-event` */
export interface AssignmentEvent extends IssueEventFields {
  event: 'assigned' | 'unassigned';
  assignee: SimpleUser;
}

/** `state-change-issue-event` (closed, reopened), with the reason GitHub records for a close */
export interface StateChangeEvent extends IssueEventFields {
  event: 'closed' | 'reopened';
  /** `completed`, `not_planned`, `duplicate` or `reopened`; a string, as GitHub may add reasons */
  state_reason?: string | null;
}

/** Plain `issue-event`: a pull request merged, or a commit that referenced the issue. */
export interface CommitEvent extends IssueEventFields {
  event: 'merged' | 'referenced';
}

/** `timeline-cross-referenced-event`: another issue or pull request mentioned this one. */
export interface CrossReferencedEvent {
  event: 'cross-referenced';
  actor?: SimpleUser | null;
  created_at: string;
  updated_at: string;
  source: { type?: string; issue?: Issue & { repository?: { full_name?: string } } };
}

/** The events the issue view shows. */
export type TimelineEvent =
  | TimelineCommentEvent
  | LabelEvent
  | RenamedEvent
  | MilestoneEvent
  | AssignmentEvent
  | StateChangeEvent
  | CommitEvent
  | CrossReferencedEvent;

/** One item of a timeline page as it arrives: an event above, or one this app does not show. */
export type TimelineItem = TimelineEvent | { event?: unknown };

/** GitHub's issue carries `closed_by` (`nullable-simple-user`) on the single issue. */
export interface IssueClosedBy {
  closed_by?: SimpleUser | null;
}
