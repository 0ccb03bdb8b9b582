/**
 * The answer of `GET /repos/{owner}/{repo}/issues/{issue_number}/timeline`,
 * typed after GitHub's OpenAPI (`timeline-issue-events`, REST 2022-11-28):
 * every event schema of that union, as the issue view reads it. GitHub adds
 * event types over time, so a page may hold others; the view reads each item
 * through timeline-events.ts, which makes one it does not know (or one that
 * lacks what its line would say) an `OtherEvent`: a plain line, never nothing.
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

/** `locked-issue-event`; `unlocked` is a plain `issue-event`. */
export interface LockEvent extends IssueEventFields {
  event: 'locked' | 'unlocked';
  /** `off-topic`, `too heated`, `resolved`, `spam`, or null */
  lock_reason?: string | null;
}

/** `review-requested-issue-event`, `review-request-removed-issue-event`: a person's or a team's review. */
export interface ReviewRequestEvent extends IssueEventFields {
  event: 'review_requested' | 'review_request_removed';
  requested_reviewer?: SimpleUser | null;
  requested_team?: { name: string } | null;
}

/** `review-dismissed-issue-event` */
export interface ReviewDismissedEvent extends IssueEventFields {
  event: 'review_dismissed';
  dismissed_review?: { state?: string; dismissal_message?: string | null };
}

/** `added-to-project-issue-event`, `moved-column-in-project-issue-event`, `removed-from-project-issue-event`, `converted-note-to-issue-issue-event` (classic projects) */
export interface ProjectEvent extends IssueEventFields {
  event: 'added_to_project' | 'moved_columns_in_project' | 'removed_from_project' | 'converted_note_to_issue';
  project_card?: { column_name?: string; previous_column_name?: string } | null;
}

/** `issue-type-webhook`: an issue type as an event names it. */
export interface IssueTypeName {
  name: string;
}

/** `issue-type-added-issue-event`, `issue-type-removed-issue-event`, `issue-type-changed-issue-event` */
export interface IssueTypeEvent extends IssueEventFields {
  event: 'issue_type_added' | 'issue_type_removed' | 'issue_type_changed';
  issue_type?: IssueTypeName | null;
  prev_issue_type?: IssueTypeName | null;
}

/** `nullable-issue-reference`: the other issue of a sub-issue, parent or dependency event. */
export interface IssueReference {
  number: number;
  title: string;
  state?: string;
  state_reason?: string | null;
  repository?: { full_name?: string } | null;
}

/** The sub-issue, parent-issue and dependency events, and the field each names its other issue in. */
export const ISSUE_LINK_FIELDS = {
  sub_issue_added: 'sub_issue',
  sub_issue_removed: 'sub_issue',
  parent_issue_added: 'parent_issue',
  parent_issue_removed: 'parent_issue',
  blocked_by_added: 'blocked_by',
  blocked_by_removed: 'blocked_by',
  blocking_added: 'blocking',
  blocking_removed: 'blocking',
} as const;

/** `sub-issue-added-issue-event` … `blocking-removed-issue-event`, read into one shape: the other issue is `linked` (null when GitHub no longer shows it). */
export interface IssueLinkEvent extends IssueEventFields {
  event: keyof typeof ISSUE_LINK_FIELDS;
  linked: IssueReference | null;
}

/**
 * `timeline-committed-event`: a commit pushed to the pull request. It has no
 * `actor` or `created_at`: the view reads the author's name and date into
 * `author_name` and `created_at`.
 */
export interface CommittedEvent {
  event: 'committed';
  sha: string;
  message: string;
  author_name: string;
  created_at: string;
  actor?: undefined;
}

/**
 * `timeline-reviewed-event`: a pull request review. The reviewer is `user`
 * and the time `submitted_at`; the view reads them into `actor` and `created_at`.
 */
export interface ReviewedEvent {
  event: 'reviewed';
  id: number;
  /** `APPROVED`, `CHANGES_REQUESTED`, `COMMENTED`, `DISMISSED`, `PENDING` */
  state: string;
  actor: SimpleUser | null;
  created_at: string;
}

/**
 * `timeline-line-commented-event` (review comments on a pull request's lines)
 * and `timeline-commit-commented-event` (comments on a commit): a list of
 * comments with no time or actor of their own; the view reads the first
 * comment's author and time, and how many there are.
 */
export interface CommentsOnCodeEvent {
  event: 'line-commented' | 'commit-commented';
  actor: SimpleUser | null;
  created_at: string;
  count: number;
  /** the file of a line comment, the commit of a commit comment */
  path: string | null;
  commit_id: string | null;
}

/**
 * Any other item with an `event`: a type this app does not describe, or one
 * it does whose fields are missing. It gets a plain line naming the type
 * (GitHub's own words for the types its documentation lists), with whatever
 * actor and time the item carries.
 */
export interface OtherEvent {
  event: 'other';
  /** the item's own `event`, e.g. `pinned` */
  type: string;
  id?: number;
  /** null for a deleted account ("ghost"); undefined when the item names nobody */
  actor: SimpleUser | null | undefined;
  created_at: string | null;
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
  | CrossReferencedEvent
  | LockEvent
  | ReviewRequestEvent
  | ReviewDismissedEvent
  | ProjectEvent
  | IssueTypeEvent
  | IssueLinkEvent
  | CommittedEvent
  | ReviewedEvent
  | CommentsOnCodeEvent
  | OtherEvent;

/** One item of a timeline page as it arrives: an event above, or one this app does not show. */
export type TimelineItem = TimelineEvent | { event?: unknown };

/** GitHub's issue carries `closed_by` (`nullable-simple-user`) on the single issue. */
export interface IssueClosedBy {
  closed_by?: SimpleUser | null;
}
