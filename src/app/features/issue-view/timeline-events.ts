/**
 * Reads the items of a timeline page into the events the view shows. GitHub
 * adds event types over time and a GitHub-compatible service may send fewer
 * fields than GitHub: every item with an `event` gets a line, and one whose
 * type the view does not know, or that lacks what its line would say, is read
 * as an `OtherEvent` (a plain line naming its type) rather than dropped or
 * breaking the page. The committed, reviewed and code-comment items, which
 * GitHub sends without `actor` or `created_at`, are read into that shape.
 */
import type { SimpleUser } from '../../../shared/wire-types';
import {
  ISSUE_LINK_FIELDS,
  type CommentsOnCodeEvent,
  type CommittedEvent,
  type IssueLinkEvent,
  type IssueReference,
  type LabelEvent,
  type OtherEvent,
  type ReviewedEvent,
  type TimelineCommentEvent,
  type TimelineEvent,
  type TimelineItem,
} from '../../api/timeline-types';

type Fields = Record<string, unknown>;

const isRecord = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value);
const isString = (value: unknown): value is string => typeof value === 'string';
const hasStrings = (value: unknown, ...names: string[]): boolean => isRecord(value) && names.every((name) => isString(value[name]));
const isUser = (value: unknown): value is SimpleUser => hasStrings(value, 'login');
const userOrNull = (value: unknown): SimpleUser | null => (isUser(value) ? value : null);
const isIssueReference = (value: unknown): value is IssueReference => isRecord(value) && typeof value.number === 'number' && isString(value.title);

/** Events that carry `created_at` and are shown as the service sends them, once what their line says is there. */
const COMPLETE: Record<string, (item: Fields) => boolean> = {
  commented: (item) => typeof item.id === 'number' && (item.body === undefined || item.body === null || isString(item.body)),
  labeled: (item) => hasStrings(item.label, 'name'),
  unlabeled: (item) => hasStrings(item.label, 'name'),
  renamed: (item) => hasStrings(item.rename, 'from', 'to'),
  milestoned: (item) => hasStrings(item.milestone, 'title'),
  demilestoned: (item) => hasStrings(item.milestone, 'title'),
  assigned: (item) => hasStrings(item.assignee, 'login'),
  unassigned: (item) => hasStrings(item.assignee, 'login'),
  closed: () => true,
  reopened: () => true,
  merged: () => true,
  referenced: () => true,
  'cross-referenced': (item) => isRecord(item.source) && isIssueReference(item.source.issue),
  locked: () => true,
  unlocked: () => true,
  review_requested: (item) => isUser(item.requested_reviewer) || hasStrings(item.requested_team, 'name'),
  review_request_removed: (item) => isUser(item.requested_reviewer) || hasStrings(item.requested_team, 'name'),
  review_dismissed: () => true,
  added_to_project: () => true,
  moved_columns_in_project: () => true,
  removed_from_project: () => true,
  converted_note_to_issue: () => true,
  issue_type_added: (item) => hasStrings(item.issue_type, 'name'),
  issue_type_removed: (item) => hasStrings(item.prev_issue_type, 'name'),
  issue_type_changed: (item) => hasStrings(item.issue_type, 'name') && hasStrings(item.prev_issue_type, 'name'),
};

function isIssueLink(type: string): type is keyof typeof ISSUE_LINK_FIELDS {
  return Object.hasOwn(ISSUE_LINK_FIELDS, type);
}

/** `timeline-committed-event`: the author's name and date stand for actor and time. */
function readCommitted(item: Fields): CommittedEvent | null {
  const author = isRecord(item.author) ? item.author : isRecord(item.committer) ? item.committer : null;
  if (!isString(item.sha) || author === null || !isString(author.date)) return null;
  return { event: 'committed', sha: item.sha, message: isString(item.message) ? item.message : '', author_name: isString(author.name) ? author.name : 'someone', created_at: author.date };
}

/** `timeline-reviewed-event`: the reviewer is `user`, the time `submitted_at` (absent on a pending review). */
function readReviewed(item: Fields): ReviewedEvent | null {
  if (typeof item.id !== 'number' || !isString(item.state) || !isString(item.submitted_at)) return null;
  return { event: 'reviewed', id: item.id, state: item.state, actor: userOrNull(item.user), created_at: item.submitted_at };
}

/** `timeline-line-commented-event`, `timeline-commit-commented-event`: the first comment's author and time. */
function readCommentsOnCode(item: Fields, type: CommentsOnCodeEvent['event']): CommentsOnCodeEvent | null {
  const comments = Array.isArray(item.comments) ? item.comments.filter(isRecord) : [];
  const first = comments[0];
  if (first === undefined || !isString(first.created_at)) return null;
  return {
    event: type,
    actor: userOrNull(first.user),
    created_at: first.created_at,
    count: comments.length,
    path: isString(first.path) ? first.path : null,
    commit_id: isString(first.commit_id) ? first.commit_id : isString(item.commit_id) ? item.commit_id : null,
  };
}

function readOther(item: Fields, type: string): OtherEvent {
  return {
    event: 'other',
    type,
    ...(typeof item.id === 'number' ? { id: item.id } : {}),
    actor: item.actor === undefined ? undefined : userOrNull(item.actor),
    created_at: isString(item.created_at) ? item.created_at : null,
  };
}

function readKnown(item: Fields, type: string): TimelineEvent | null {
  if (type === 'committed') return readCommitted(item);
  if (type === 'reviewed') return readReviewed(item);
  if (type === 'line-commented' || type === 'commit-commented') return readCommentsOnCode(item, type);
  if (!isString(item.created_at)) return null;
  if (isIssueLink(type)) {
    const linked = item[ISSUE_LINK_FIELDS[type]];
    // GitHub's schema makes the other issue nullable (`nullable-issue-reference`): one the reader may not see.
    if (linked !== null && linked !== undefined && !isIssueReference(linked)) return null;
    return { ...(item as unknown as IssueLinkEvent), event: type, linked: linked ?? null };
  }
  const complete = Object.hasOwn(COMPLETE, type) ? COMPLETE[type] : undefined;
  return complete?.(item) ? (item as unknown as TimelineEvent) : null;
}

/**
 * The event an item is, or null when it is no event at all (no `event`
 * string): a known type with what its line says, or else an `OtherEvent`.
 */
export function readTimelineEvent(item: unknown): TimelineEvent | null {
  if (!isRecord(item) || !isString(item.event) || item.event === '') return null;
  return readKnown(item, item.event) ?? readOther(item, item.event);
}

/** The events of a page's items, in the service's (time) order. */
export function readTimelineEvents(items: readonly TimelineItem[]): TimelineEvent[] {
  const events: TimelineEvent[] = [];
  for (const item of items) {
    const event = readTimelineEvent(item);
    if (event !== null) events.push(event);
  }
  return events;
}

/**
 * GitHub's page shows a pull request's merge alone, not the `closed` event
 * recorded with it (same moment; the API lists both, in either order).
 */
export function withoutMergeCloses(events: readonly TimelineEvent[]): readonly TimelineEvent[] {
  const mergedAt = new Set(events.filter((event) => event.event === 'merged').map((event) => event.created_at));
  return mergedAt.size === 0 ? events : events.filter((event) => !(event.event === 'closed' && mergedAt.has(event.created_at)));
}

/** The longest from an actor's first label change to the last that still shares its line, as GitHub's page groups them. */
export const LABEL_CHANGES_WINDOW_MS = 60_000;

/** One actor's label changes in a row, shown as one line: "added bug enhancement and removed wontfix labels". */
export interface LabelChanges {
  event: 'label-changes';
  /** the first change's id: the line's key */
  id: number;
  actor: SimpleUser | null;
  /** when the first change was made */
  created_at: string;
  added: LabelEvent['label'][];
  removed: LabelEvent['label'][];
}

/** What the timeline shows, each a card or a line: its events, with label changes grouped. */
export type TimelineEntry = Exclude<TimelineEvent, LabelEvent> | LabelChanges;

function isLabelEvent(event: TimelineEvent): event is LabelEvent {
  return event.event === 'labeled' || event.event === 'unlabeled';
}

function joins(changes: LabelChanges, event: LabelEvent): boolean {
  const sinceFirstMs = Date.parse(event.created_at) - Date.parse(changes.created_at);
  return event.actor?.login === changes.actor?.login && Math.abs(sinceFirstMs) <= LABEL_CHANGES_WINDOW_MS;
}

/**
 * Label events as GitHub's page shows them: those of one actor in a row,
 * with nothing else between them and all within a minute of the first, are
 * one line; any other label event is a line of its own.
 */
export function groupLabelChanges(events: readonly TimelineEvent[]): TimelineEntry[] {
  const entries: TimelineEntry[] = [];
  for (const event of events) {
    if (!isLabelEvent(event)) {
      entries.push(event);
      continue;
    }
    let changes = entries.at(-1);
    if (changes?.event !== 'label-changes' || !joins(changes, event)) {
      changes = { event: 'label-changes', id: event.id, actor: event.actor, created_at: event.created_at, added: [], removed: [] };
      entries.push(changes);
    }
    (event.event === 'labeled' ? changes.added : changes.removed).push(event.label);
  }
  return entries;
}

export function isComment(event: TimelineEvent | TimelineEntry): event is TimelineCommentEvent {
  return event.event === 'commented';
}

/** A key unique among a timeline's entries: comments and issue events have ids, cross-references and commits do not. */
export function timelineEventKey(event: TimelineEntry, index: number): string {
  return 'id' in event && event.id !== undefined ? `${event.event}-${event.id}` : `${event.event}-${event.created_at}-${index}`;
}
