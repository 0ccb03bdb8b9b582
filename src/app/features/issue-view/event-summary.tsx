/**
 * What one timeline event says, as GitHub's issue page words it ("added the
 * bug label", "closed this as not planned"), with the icon and colour of its
 * line. Comments are cards (comment-card.tsx), not summaries.
 */
import { Fragment, type ReactNode } from 'react';
import type { SimpleUser } from '../../../shared/wire-types';
import type { LabelEvent, TimelineCommentEvent } from '../../api/timeline-types';
import {
  CommentIcon,
  GitMergeIcon,
  GitPullRequestClosedIcon,
  IssueClosedIcon,
  IssueOpenedIcon,
  IssueTracksIcon,
  LockIcon,
  MilestoneIcon,
  PersonIcon,
  SkipIcon,
  TagIcon,
  XIcon,
  type Icon,
} from '../../components/icons';
import { IssueTitle } from '../../components/issue-title';
import { LabelPill } from '../../components/label-pill';
import {
  AlertIcon,
  BlockedIcon,
  CheckIcon,
  CrossReferenceIcon,
  DotFillIcon,
  EyeIcon,
  GitCommitIcon,
  IssueReopenedIcon,
  PencilIcon,
  TableIcon,
  UnlockIcon,
} from '../../components/page-icons';
import { CrossReference } from './cross-reference';
import { LinkedIssue } from './linked-issue';
import { otherEventWords } from './other-event-words';
import { PersonLink } from './person-link';
import type { LabelChanges, TimelineEntry } from './timeline-events';

export type ShownEvent = Exclude<TimelineEntry, TimelineCommentEvent>;

export interface EventSummary {
  icon: Icon;
  /** who did it, when not the event's `actor` (a commit's author, known only by name) */
  who?: ReactNode;
  /** the icon's colour class */
  tone: string;
  words: ReactNode;
}

/** Where the event happened and what it happened to: "this issue" or "this pull request". */
export interface EventContext {
  owner: string;
  repo: string;
  kind: 'issue' | 'pull request';
}

const SHORT_SHA_LENGTH = 7;

function Commit({ sha }: { sha: string }) {
  return <code className="rounded bg-fg/10 px-1 font-mono text-[0.9em]">{sha.slice(0, SHORT_SHA_LENGTH)}</code>;
}

function closedWords(reason: string | null | undefined, kind: EventContext['kind']): string {
  if (kind === 'pull request') return 'closed this';
  if (reason === 'not_planned') return 'closed this as not planned';
  if (reason === 'duplicate') return 'closed this as a duplicate';
  if (reason === 'completed') return 'closed this as completed';
  return 'closed this';
}

function Labels({ labels }: { labels: readonly LabelEvent['label'][] }) {
  return labels.map((label, index) => (
    <Fragment key={`${index}-${label.name}`}>
      {index > 0 ? ' ' : null}
      <LabelPill name={label.name} color={label.color} className="align-middle" />
    </Fragment>
  ));
}

/** "added bug enhancement and removed wontfix labels", as GitHub's page words one actor's label changes. */
function labelChangesWords({ added, removed }: LabelChanges): ReactNode {
  return (
    <>
      {added.length > 0 ? <>added <Labels labels={added} /></> : null}
      {added.length > 0 && removed.length > 0 ? ' and ' : null}
      {removed.length > 0 ? <>removed <Labels labels={removed} /></> : null} {added.length + removed.length === 1 ? 'label' : 'labels'}
    </>
  );
}

function Strong({ children }: { children: ReactNode }) {
  return <strong className="font-semibold text-fg">{children}</strong>;
}

/** GitHub's page: "locked as off-topic and limited conversation to collaborators". */
function lockedWords(reason: string | null | undefined): string {
  return reason ? `locked as ${reason} and limited conversation to collaborators` : 'locked and limited conversation to collaborators';
}

/** A review's state as GitHub's page words it. */
function reviewedSummary(state: string): Pick<EventSummary, 'icon' | 'tone' | 'words'> {
  if (state === 'APPROVED') return { icon: CheckIcon, tone: 'text-open', words: 'approved these changes' };
  if (state === 'CHANGES_REQUESTED') return { icon: AlertIcon, tone: 'text-danger', words: 'requested changes' };
  if (state === 'DISMISSED') return { icon: EyeIcon, tone: 'text-fg-muted', words: 'reviewed (the review was dismissed)' };
  return { icon: EyeIcon, tone: 'text-fg-muted', words: 'reviewed' };
}

/** The first line of a commit message, as GitHub lists a commit. */
const firstLine = (message: string): string => message.split('\n', 1)[0]!.trim();

const times = (count: number, one: string, many: string): string => (count === 1 ? one : `${count} ${many}`);

function sameUser(a: SimpleUser | null | undefined, b: SimpleUser | null | undefined): boolean {
  return a != null && b != null && a.login === b.login;
}

export function eventSummary(event: ShownEvent, { owner, repo, kind }: EventContext): EventSummary {
  switch (event.event) {
    case 'label-changes':
      return { icon: TagIcon, tone: 'text-fg-muted', words: labelChangesWords(event) };
    case 'assigned':
    case 'unassigned': {
      const self = sameUser(event.actor, event.assignee);
      const words = event.event === 'assigned'
        ? self ? 'self-assigned this' : <>assigned <PersonLink user={event.assignee} owner={owner} repo={repo} /></>
        : self ? 'removed their assignment' : <>unassigned <PersonLink user={event.assignee} owner={owner} repo={repo} /></>;
      return { icon: PersonIcon, tone: 'text-fg-muted', words };
    }
    case 'milestoned':
    case 'demilestoned':
      return {
        icon: MilestoneIcon,
        tone: 'text-fg-muted',
        words: (
          <>
            {event.event === 'milestoned' ? 'added this to the' : 'removed this from the'} <strong className="font-semibold text-fg">{event.milestone.title}</strong> milestone
          </>
        ),
      };
    case 'renamed':
      return {
        icon: PencilIcon,
        tone: 'text-fg-muted',
        words: (
          <>
            changed the title <del className="break-words"><IssueTitle title={event.rename.from} /></del> <ins className="font-semibold text-fg no-underline break-words"><IssueTitle title={event.rename.to} /></ins>
          </>
        ),
      };
    case 'closed': {
      const notPlanned = event.state_reason === 'not_planned' || event.state_reason === 'duplicate';
      const icon = kind === 'pull request' ? GitPullRequestClosedIcon : notPlanned ? SkipIcon : IssueClosedIcon;
      const tone = kind === 'pull request' ? 'text-danger' : notPlanned ? 'text-fg-muted' : 'text-done';
      const words = event.commit_id ? <>{closedWords(event.state_reason, kind)} in <Commit sha={event.commit_id} /></> : closedWords(event.state_reason, kind);
      return { icon, tone, words };
    }
    case 'reopened':
      return { icon: IssueReopenedIcon, tone: 'text-open', words: 'reopened this' };
    case 'merged':
      return { icon: GitMergeIcon, tone: 'text-done', words: event.commit_id ? <>merged commit <Commit sha={event.commit_id} /></> : 'merged this' };
    case 'referenced':
      return {
        icon: GitCommitIcon,
        tone: 'text-fg-muted',
        words: event.commit_id ? <>referenced this {kind} in commit <Commit sha={event.commit_id} /></> : `referenced this ${kind}`,
      };
    case 'cross-referenced':
      return {
        icon: CrossReferenceIcon,
        tone: 'text-fg-muted',
        words: <>mentioned this {kind} in <CrossReference issue={event.source.issue!} owner={owner} repo={repo} /></>,
      };
    case 'locked':
      return { icon: LockIcon, tone: 'text-fg-muted', words: lockedWords(event.lock_reason) };
    case 'unlocked':
      return { icon: UnlockIcon, tone: 'text-fg-muted', words: 'unlocked this conversation' };
    case 'review_requested':
    case 'review_request_removed': {
      const reviewer = event.requested_reviewer
        ? <PersonLink user={event.requested_reviewer} owner={owner} repo={repo} />
        : <Strong>{event.requested_team?.name}</Strong>;
      const self = sameUser(event.actor, event.requested_reviewer);
      const words = event.event === 'review_requested'
        ? self ? 'self-requested a review' : <>requested a review from {reviewer}</>
        : <>removed the request for review from {reviewer}</>;
      return { icon: EyeIcon, tone: 'text-fg-muted', words };
    }
    case 'review_dismissed': {
      const message = event.dismissed_review?.dismissal_message;
      return { icon: XIcon, tone: 'text-fg-muted', words: message ? <>dismissed a review: <q>{message}</q></> : 'dismissed a review' };
    }
    case 'added_to_project':
    case 'moved_columns_in_project':
    case 'removed_from_project':
    case 'converted_note_to_issue': {
      const column = event.project_card?.column_name;
      const previous = event.project_card?.previous_column_name;
      const words =
        event.event === 'added_to_project' ? column ? <>added this to <Strong>{column}</Strong> in a project</> : 'added this to a project'
        : event.event === 'moved_columns_in_project' ? column && previous ? <>moved this from <Strong>{previous}</Strong> to <Strong>{column}</Strong> in a project</> : 'moved this in a project'
        : event.event === 'removed_from_project' ? 'removed this from a project'
        : `created this ${kind} from a note in a project`;
      return { icon: TableIcon, tone: 'text-fg-muted', words };
    }
    case 'issue_type_added':
    case 'issue_type_removed':
    case 'issue_type_changed': {
      const added = <Strong>{event.issue_type?.name}</Strong>;
      const removed = <Strong>{event.prev_issue_type?.name}</Strong>;
      const words =
        event.event === 'issue_type_added' ? <>added the {added} issue type</>
        : event.event === 'issue_type_removed' ? <>removed the {removed} issue type</>
        : <>changed the issue type from {removed} to {added}</>;
      return { icon: IssueOpenedIcon, tone: 'text-fg-muted', words };
    }
    case 'sub_issue_added':
    case 'sub_issue_removed':
    case 'parent_issue_added':
    case 'parent_issue_removed':
    case 'blocked_by_added':
    case 'blocked_by_removed':
    case 'blocking_added':
    case 'blocking_removed': {
      const other = event.linked ? <LinkedIssue issue={event.linked} owner={owner} repo={repo} /> : 'an issue you cannot see';
      // As github.com words them: "added sub-issue #12 Title", "added parent issue acme/docs#3 Title";
      // GitHub's null reference (an issue the reader may not see) is said as such.
      const hidden = event.linked === null;
      const words = {
        sub_issue_added: hidden ? 'added a sub-issue you cannot see' : <>added sub-issue {other}</>,
        sub_issue_removed: hidden ? 'removed a sub-issue you cannot see' : <>removed sub-issue {other}</>,
        parent_issue_added: hidden ? 'added a parent issue you cannot see' : <>added parent issue {other}</>,
        parent_issue_removed: hidden ? 'removed a parent issue you cannot see' : <>removed parent issue {other}</>,
        blocked_by_added: <>marked this as blocked by {other}</>,
        blocked_by_removed: <>unmarked this as blocked by {other}</>,
        blocking_added: <>marked this as blocking {other}</>,
        blocking_removed: <>unmarked this as blocking {other}</>,
      }[event.event];
      const blocking = event.event.startsWith('block');
      return { icon: blocking ? BlockedIcon : IssueTracksIcon, tone: 'text-fg-muted', words };
    }
    case 'committed':
      return {
        icon: GitCommitIcon,
        tone: 'text-fg-muted',
        who: <span className="font-semibold text-fg">{event.author_name}</span>,
        words: <>added a commit <Commit sha={event.sha} /> <span className="text-fg">{firstLine(event.message)}</span></>,
      };
    case 'reviewed':
      return reviewedSummary(event.state);
    case 'line-commented':
      return {
        icon: CommentIcon,
        tone: 'text-fg-muted',
        words: event.path
          ? <>left {times(event.count, 'a review comment', 'review comments')} on <code className="font-mono text-[0.9em]">{event.path}</code></>
          : `left ${times(event.count, 'a review comment', 'review comments')}`,
      };
    case 'commit-commented':
      return {
        icon: CommentIcon,
        tone: 'text-fg-muted',
        words: event.commit_id
          ? <>left {times(event.count, 'a comment', 'comments')} on commit <Commit sha={event.commit_id} /></>
          : `left ${times(event.count, 'a comment', 'comments')} on a commit`,
      };
    case 'other':
      return { icon: DotFillIcon, tone: 'text-fg-muted', words: otherEventWords(event.type, kind) };
  }
}
