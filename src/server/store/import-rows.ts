/**
 * An import in the rows the store writes, apart from the store: the plan (which users and
 * labels it names) and each issue's and comment's finished row. No database here, so the
 * `import` command can build the rows on a worker thread while the store inserts them
 * (commands/import-worker.ts); the store's own `importIssues` builds them in line.
 */
import type { IssueType } from '../../shared/wire-types';
import {
  assigneesOf,
  buildComment,
  buildIssue,
  buildIssueType,
  parentInOtherRepository,
  parentNumberOf,
  issueNumberOfComment,
  mentionsIn,
  type DocumentOptions,
  type LabelRecord,
} from './build-documents';
import { buildEvent, issueReferencesIn } from './build-event-documents';
import { toIsoSeconds } from '../../shared/iso-seconds';
import { cleanText } from './issue-document';
import type { ImportedComment, ImportedEvent, ImportedIssue, ImportedUser } from './import-schema';
import { REACTION_KINDS, type ReactionKind } from './reaction-kind-columns';
import { commentText, foldName, joinComments, MAX_INDEXED_NUMBER, type CommentText, type SearchText } from './search-text';
import { StoreRefusal } from './store-error';

export const DEFAULT_LABEL_COLOR = 'ededed';

/** A label as the import leaves it, before the store gives it an id. */
export interface LabelSpec {
  name: string;
  color: string;
  description: string | null;
  isDefault: boolean;
}

/** What the store writes before any issue: everything an issue's document depends on. */
export interface ImportPlan {
  /** the issues' numbers, each once */
  numbers: number[];
  /** one record per login (see `lastWordOnEachUser`) */
  users: ImportedUser[];
  /** one per name, compared without case */
  labels: LabelSpec[];
  /** the issue types the issues carry, one per name compared without case (the last record wins) */
  issueTypes: IssueType[];
  /**
   * each imported issue's parent, or null: in the same repository, or in the other one
   * `otherRepository` names (GitHub's owner and name); the links replace those stored for these issues
   */
  parents: Array<{ number: number; parent: number | null; otherRepository: { owner: string; name: string } | null }>;
}

/** A stored document: JSON text, or its UTF-8 bytes when it was built on another thread. */
export type DocumentText = string | Uint8Array;

export interface IssueRow {
  number: number;
  state: 'open' | 'closed';
  createdAt: string;
  updatedAt: string;
  comments: number;
  creator: string;
  milestone: number | null;
  assigneeCount: number;
  labelIds: number[];
  assignees: string[];
  /** logins `@mentioned` in the body, lower-case */
  mentions: string[];
  /** the other issues of the repository the body refers to as `#N` */
  references: number[];
  isPullRequest: boolean;
  closedAt: string | null;
  /** folded (`foldName`): search matches milestones by title without case */
  milestoneTitle: string | null;
  /** the reactions of every kind together (`reactions.total_count`): search's `reactions:`, `interactions:` and their orders */
  reactions: number;
  /** a pull request's `merged_at`; null for an issue and an unmerged pull request (`is:merged`, `merged:`) */
  mergedAt: string | null;
  /** `is:locked`, `is:unlocked` */
  locked: boolean;
  /** a pull request's `draft`; false for an issue (`is:draft`, `draft:`) */
  draft: boolean;
  /** the stored document's `state_reason` (`reason:`): null for an open issue that was never reopened */
  stateReason: string | null;
  /** the reactions of each kind an order counts (`sort:reactions-heart` …), in reaction-columns.ts */
  reactionKinds: Record<ReactionKind, number>;
  /** the name of the issue's type as its document has it (`type:`), null without one */
  typeName: string | null;
  /** with the text of this import's comments on it */
  search: SearchText;
  doc: DocumentText;
}

export interface CommentRow {
  id: number;
  issueNumber: number;
  createdAt: string;
  updatedAt: string;
  mentions: string[];
  /** the other issues of the repository the comment refers to as `#N` */
  references: number[];
  /** the login `commenter:` and `involves:` match */
  author: string;
  doc: DocumentText;
}

export interface EventRow {
  id: number;
  issueNumber: number;
  event: string;
  createdAt: string;
  doc: DocumentText;
}

/**
 * Where the store takes an import's rows from. The issues' rows are asked for once the
 * repository and the plan's labels are stored, because a document carries the labels' ids.
 */
export interface ImportSource {
  readonly plan: ImportPlan;
  issueRows(repoId: number, labels: ReadonlyMap<string, LabelRecord>): Iterable<IssueRow>;
  commentRows(): Iterable<CommentRow>;
  /** asked for after the comments: an event's issue is stored by then */
  eventRows(): Iterable<EventRow>;
}

/** Labels are one per name without case: the key of `issueRows`' label map. */
export function labelKey(name: string): string {
  return cleanText(name).toLowerCase();
}

/**
 * One record per login (compared without case, like the column), giving what upserting each of
 * `users` in turn would leave: the first spelling of the login (an update keeps the row's), the
 * last id and type, and the last name given (a record without a name keeps the one before).
 */
function lastWordOnEachUser(users: readonly ImportedUser[]): ImportedUser[] {
  const byLogin = new Map<string, { first: ImportedUser; last: ImportedUser; name: string | null | undefined }>();
  for (const user of users) {
    const key = cleanText(user.login).toLowerCase();
    const seen = byLogin.get(key);
    if (!seen) byLogin.set(key, { first: user, last: user, name: user.name });
    else {
      seen.last = user;
      seen.name = user.name ?? seen.name;
    }
  }
  return [...byLogin.values()].map(({ first, last, name }) => (first === last ? last : { ...last, login: first.login, name }));
}

/** The last full record of each label wins; a bare name only stands for a label nothing else describes. */
function labelsNamed(issues: readonly ImportedIssue[]): LabelSpec[] {
  const seen = new Map<string, LabelSpec>();
  for (const issue of issues) {
    for (const l of issue.labels) {
      const label =
        typeof l === 'string'
          ? { name: cleanText(l), color: DEFAULT_LABEL_COLOR, description: null, isDefault: false }
          : { name: cleanText(l.name), color: (l.color ?? DEFAULT_LABEL_COLOR).toLowerCase(), description: l.description == null ? null : cleanText(l.description), isDefault: l.default ?? false };
      const key = label.name.toLowerCase();
      if (typeof l === 'string' && seen.has(key)) continue;
      seen.set(key, label);
    }
  }
  return [...seen.values()];
}

function isoSecondsOf(timestamp: string): string {
  return toIsoSeconds(Date.parse(timestamp));
}

export function planImport(
  issues: readonly ImportedIssue[],
  comments: readonly ImportedComment[],
  events: readonly ImportedEvent[] = [],
): ImportPlan {
  const numbers = new Set(issues.map((i) => i.number));
  if (numbers.size !== issues.length) throw new StoreRefusal('the import has two issues with the same number');
  const tooLarge = issues.find((i) => i.number > MAX_INDEXED_NUMBER);
  // The search index packs the repository and the number into one integer key (search-text.ts).
  if (tooLarge) throw new StoreRefusal(`issue #${tooLarge.number} has a number above ${MAX_INDEXED_NUMBER}, which the search index cannot hold`);
  const users: ImportedUser[] = [];
  for (const issue of issues) {
    for (const user of [issue.user, ...assigneesOf(issue), issue.milestone?.creator]) if (user) users.push(user);
  }
  for (const comment of comments) if (comment.user) users.push(comment.user);
  for (const event of events) {
    for (const user of [event.actor, event.assignee, event.assigner]) if (user) users.push(user);
  }
  const issueTypes = new Map<string, IssueType>();
  for (const issue of issues) {
    if (!issue.type) continue;
    const type = buildIssueType(issue.type, isoSecondsOf(issue.created_at));
    issueTypes.set(type.name.toLowerCase(), type);
  }
  return {
    numbers: [...numbers],
    users: lastWordOnEachUser(users),
    labels: labelsNamed(issues),
    issueTypes: [...issueTypes.values()],
    parents: issues.map((i) => {
      const other = parentInOtherRepository(i);
      return other === null
        ? { number: i.number, parent: parentNumberOf(i), otherRepository: null }
        : { number: i.number, parent: other.number, otherRepository: { owner: other.owner, name: other.name } };
    }),
  };
}

function labelsOf(issue: ImportedIssue, labels: ReadonlyMap<string, LabelRecord>): LabelRecord[] {
  const keys = new Set(issue.labels.map((l) => labelKey(typeof l === 'string' ? l : l.name)));
  return [...keys].map((k) => labels.get(k)).filter((l): l is LabelRecord => l !== undefined);
}

/** Each issue's comments in this import, as the text the index holds (see `SearchText`). */
export function commentTextByIssue(comments: readonly ImportedComment[]): Map<number, string> {
  const byIssue = new Map<number, CommentText[]>();
  for (const comment of comments) {
    const n = issueNumberOfComment(comment);
    const list = byIssue.get(n) ?? [];
    list.push(commentText(comment));
    byIssue.set(n, list);
  }
  return new Map([...byIssue].map(([n, list]) => [n, joinComments(list)]));
}

/** `commentsText`: this import's comments on the issue (`commentTextByIssue`). */
export function issueRow(
  issue: ImportedIssue,
  repoId: number,
  labels: ReadonlyMap<string, LabelRecord>,
  options: DocumentOptions,
  commentsText = '',
): IssueRow {
  const its = labelsOf(issue, labels);
  const doc = buildIssue(issue, repoId, its, options);
  return {
    number: issue.number,
    state: doc.state,
    createdAt: doc.created_at,
    updatedAt: doc.updated_at,
    comments: doc.comments,
    creator: doc.user.login,
    milestone: doc.milestone?.number ?? null,
    assigneeCount: doc.assignees.length,
    labelIds: its.map((l) => l.id),
    assignees: doc.assignees.map((a) => a.login),
    mentions: mentionsIn(issue.body),
    references: issueReferencesIn(issue.body, issue.number),
    isPullRequest: doc.pull_request !== undefined,
    closedAt: doc.closed_at,
    milestoneTitle: doc.milestone ? foldName(doc.milestone.title) : null,
    reactions: doc.reactions?.total_count ?? 0,
    mergedAt: doc.pull_request?.merged_at ?? null,
    locked: doc.locked,
    draft: doc.draft === true,
    stateReason: doc.state_reason,
    reactionKinds: Object.fromEntries(REACTION_KINDS.map((k) => [k, doc.reactions?.[k] ?? 0])) as Record<ReactionKind, number>,
    typeName: doc.type?.name ?? null,
    search: { title: doc.title, body: doc.body ?? '', comments: commentsText },
    doc: JSON.stringify(doc),
  };
}

export function commentRow(comment: ImportedComment, options: DocumentOptions): CommentRow {
  const doc = buildComment(comment, options);
  const issueNumber = issueNumberOfComment(comment);
  return {
    id: comment.id,
    issueNumber,
    createdAt: doc.created_at,
    updatedAt: doc.updated_at,
    mentions: mentionsIn(comment.body),
    references: issueReferencesIn(comment.body, issueNumber),
    author: doc.user.login,
    doc: JSON.stringify(doc),
  };
}

export function eventRow(event: ImportedEvent, options: DocumentOptions): EventRow {
  const doc = buildEvent(event, options);
  return { id: event.id, issueNumber: event.issue.number, event: doc.event, createdAt: doc.created_at, doc: JSON.stringify(doc) };
}

/** The rows built on the caller's thread, as each is asked for: what `importIssues` uses. */
export function importSourceOf(
  issues: readonly ImportedIssue[],
  comments: readonly ImportedComment[],
  options: DocumentOptions,
  events: readonly ImportedEvent[] = [],
): ImportSource {
  return {
    plan: planImport(issues, comments, events),
    *issueRows(repoId, labels) {
      const commentsText = commentTextByIssue(comments);
      for (const issue of issues) yield issueRow(issue, repoId, labels, options, commentsText.get(issue.number));
    },
    *commentRows() {
      for (const comment of comments) yield commentRow(comment, options);
    },
    *eventRows() {
      for (const event of events) yield eventRow(event, options);
    },
  };
}
