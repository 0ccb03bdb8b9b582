/**
 * What one timeline event says, as GitHub's issue page words it ("added the
 * bug label", "closed this as not planned"), with the icon and colour of its
 * line. Comments are cards (comment-card.tsx), not summaries.
 */
import { Fragment, type ReactNode } from 'react';
import type { SimpleUser } from '../../../shared/wire-types';
import type { LabelEvent, TimelineCommentEvent } from '../../api/timeline-types';
import { GitMergeIcon, GitPullRequestClosedIcon, IssueClosedIcon, MilestoneIcon, PersonIcon, SkipIcon, TagIcon, type Icon } from '../../components/icons';
import { IssueTitle } from '../../components/issue-title';
import { LabelPill } from '../../components/label-pill';
import { CrossReferenceIcon, GitCommitIcon, IssueReopenedIcon, PencilIcon } from '../../components/page-icons';
import { CrossReference } from './cross-reference';
import { PersonLink } from './person-link';
import type { LabelChanges, TimelineEntry } from './timeline-events';

export type ShownEvent = Exclude<TimelineEntry, TimelineCommentEvent>;

export interface EventSummary {
  icon: Icon;
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
  }
}
