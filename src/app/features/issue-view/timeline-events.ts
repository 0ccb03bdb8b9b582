/**
 * Reads the items of a timeline page into the events the view shows. GitHub
 * adds event types over time (project cards, sub-issues, issue types) and a
 * GitHub-compatible service may send fewer fields than GitHub: an item whose
 * type the view does not know, or that lacks what its line would show, is
 * skipped rather than breaking the page.
 */
import type { SimpleUser } from '../../../shared/wire-types';
import type { LabelEvent, TimelineCommentEvent, TimelineEvent, TimelineItem } from '../../api/timeline-types';

type Fields = Record<string, unknown>;

const isRecord = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value);
const isString = (value: unknown): value is string => typeof value === 'string';
const hasStrings = (value: unknown, ...names: string[]): boolean => isRecord(value) && names.every((name) => isString(value[name]));

/** What each event type needs besides `event` and `created_at`. */
const COMPLETE: Record<TimelineEvent['event'], (item: Fields) => boolean> = {
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
  'cross-referenced': (item) => isRecord(item.source) && isRecord(item.source.issue) && typeof item.source.issue.number === 'number' && isString(item.source.issue.title),
};

function isKnown(name: unknown): name is TimelineEvent['event'] {
  return isString(name) && Object.hasOwn(COMPLETE, name);
}

/** The event an item is, or null when the view does not show it. */
export function readTimelineEvent(item: unknown): TimelineEvent | null {
  if (!isRecord(item) || !isKnown(item.event) || !isString(item.created_at)) return null;
  return COMPLETE[item.event](item) ? (item as unknown as TimelineEvent) : null;
}

/** The events of a page's items that the view shows, in the service's (time) order. */
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

/** A key unique among a timeline's entries: comments and issue events have ids, cross-references do not. */
export function timelineEventKey(event: TimelineEntry, index: number): string {
  return 'id' in event ? `${event.event}-${event.id}` : `${event.event}-${event.created_at}-${index}`;
}
