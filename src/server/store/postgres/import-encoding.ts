/**
 * Rows of an import as postgres-import.ts's statements take them. Issues new to the repository,
 * their search rows and their links as binary COPY streams (the documents as UTF-8 bytes, the
 * tsvectors in their binary form, which the server takes without parsing); the other wide rows
 * (issues stored before, comments, events) as one JSON array per batch, read back with
 * json_to_recordset. JSON.stringify escapes in native code, where pg's array literals escape
 * each element with regular expressions and build the literal by concatenation, which cost the
 * importing thread more than the server spent inserting the rows.
 *
 * The `import` command's issues are encoded on its worker (encodedIssueBatches), so the thread
 * that waits on the server only hands the streams over.
 */
import type { LabelRecord } from '../build-documents';
import { FACT_COLUMNS } from '../fact-columns';
import type { CommentRow, DocumentText, ImportSource, IssueRow } from '../import-rows';
import { BinaryCopy, type BinaryColumn } from './binary-copy';
import { batches } from './row-batches';
import { searchDocumentBytes } from './search-document';

export function text(doc: DocumentText): string {
  return typeof doc === 'string' ? doc : Buffer.from(doc.buffer, doc.byteOffset, doc.byteLength).toString('utf8');
}

/**
 * `value` with each lone surrogate as U+FFFD, as pg's UTF-8 encoding of a parameter has it:
 * JSON.stringify writes one as a `\ud800` escape, which PostgreSQL's JSON refuses. Documents
 * need none of this: they are JSON text, whose own escaping already spelled such a character.
 */
export function wellFormed(value: string): string;
export function wellFormed(value: string | null): string | null;
export function wellFormed(value: string | null): string | null {
  return value === null ? null : value.replace(/\p{Cs}/gu, '\uFFFD');
}

/** The last of each key: one statement may not insert and update the same row twice. */
export function lastOfEach<T>(rows: readonly T[], key: (row: T) => number): T[] {
  return [...new Map(rows.map((row) => [key(row), row])).values()];
}

/** One batch of issues as the statements take it. */
export interface EncodedIssues {
  /** the issues new to the repository, as a binary COPY of ISSUE_COPY_COLUMNS; null when there are none */
  fresh: Buffer | null;
  /** the issues stored before this import, as JSON for json_to_recordset's upsert; null when there are none */
  againRows: string | null;
  /** issues stored before this import: their labels, assignees, mentions and references are replaced */
  again: number[];
  /** the search index's rows of the new issues, as a binary COPY of SEARCH_COPY_COLUMNS; null when there are none */
  searchText: Buffer | null;
  /**
   * The rows hanging off the batch's issues (LINK_COPY_COLUMNS), as binary COPYs; null when
   * there are none. None of them is stored yet: an issue new to the repository has none, and
   * those of an issue stored before are deleted first, in the same transaction.
   */
  links: { [T in LinkTable]: Buffer | null };
}

export interface Reference {
  target: number;
  source: number;
  comment: number;
  createdAt: string;
}

/** The columns of `issues` a fresh issue's COPY writes, in the order of its values. */
export const ISSUE_COPY_COLUMNS = [
  'repo_id', 'number', 'state', 'created_at', 'updated_at', 'comments', 'creator', 'milestone', 'assignee_count', 'doc', 'is_pull_request', 'closed_at', 'milestone_title',
  'reactions', 'merged_at', ...FACT_COLUMNS.map((c) => c.name),
];
/** The binary type of a fact column's values, and the SQL type an upsert reads it as. */
const FACT_TYPES = { flag: ['int2', 'smallint'], text: ['text', 'text'], count: ['int4', 'int'] } as const;
const ISSUE_COPY_TYPES: readonly BinaryColumn[] = [
  'int8', 'int8', 'text', 'text', 'text', 'int4', 'text', 'int8', 'int4', 'text', 'int2', 'text', 'text', 'int4', 'text',
  ...FACT_COLUMNS.map((c) => FACT_TYPES[c.type][0]),
];

/** The fact columns as `json_to_recordset` reads them from issueJson's objects (`name type`, keyed by column name). */
export const FACT_RECORD_COLUMNS = FACT_COLUMNS.map((c) => `${c.name} ${FACT_TYPES[c.type][1]}`).join(', ');

/** The tables of the rows hanging off an issue that an issue's import writes, and the columns each COPY writes. */
export const LINK_COPY_COLUMNS = {
  issue_labels: ['repo_id', 'label_id', 'number'],
  issue_assignees: ['repo_id', 'login', 'number'],
  issue_references: ['repo_id', 'target_number', 'source_number', 'source_comment', 'created_at'],
} as const;
export type LinkTable = keyof typeof LINK_COPY_COLUMNS;

export function encodeIssues(repoId: number, rows: readonly IssueRow[], stored: ReadonlySet<number>): EncodedIssues {
  const fresh = rows.filter((r) => !stored.has(r.number));
  const again = rows.filter((r) => stored.has(r.number));
  // COPY has no ON CONFLICT: a key given twice would fail the import, so each issue's are
  // made unique here as the tables' keys compare them, the first kept as the INSERT … ON
  // CONFLICT DO NOTHING this replaced kept it (two label names may fold to one label, two
  // logins to one name without case).
  const labels = new BinaryCopy(['int8', 'int8', 'int8']);
  const assignees = new BinaryCopy(['int8', 'text', 'int8']);
  const references = new BinaryCopy(['int8', 'int8', 'int8', 'int8', 'text']);
  for (const r of rows) {
    for (const id of new Set(r.labelIds)) labels.add([repoId, id, r.number]);
    const logins = new Set<string>();
    for (const login of r.assignees) {
      const key = login.toLowerCase();
      if (!logins.has(key)) assignees.add([repoId, login, r.number]);
      logins.add(key);
    }
    for (const target of new Set(r.references)) references.add([repoId, target, r.number, 0, r.createdAt]);
  }
  const ifAny = (copy: BinaryCopy): Buffer | null => (copy.rows > 0 ? copy.bytes() : null);
  return {
    fresh: fresh.length > 0 ? issueCopy(repoId, fresh) : null,
    againRows: again.length > 0 ? issueJson(again) : null,
    again: again.map((r) => r.number),
    // A new issue's row carries all its text (this import's comments on it included).
    searchText: fresh.length > 0 ? searchCopy(fresh.map((r) => [repoId, r.number, searchDocumentBytes(r.search)])) : null,
    links: { issue_labels: ifAny(labels), issue_assignees: ifAny(assignees), issue_references: ifAny(references) },
  };
}

/** A batch of issues as the statements take them, with each issue's number and the logins it mentions. */
export interface EncodedIssueBatch {
  encoded: EncodedIssues;
  numbers: number[];
  mentions: Array<readonly string[]>;
}

/**
 * A source that encodes its issues where it builds them: the import's worker, so the thread
 * that waits on the server only hands the bytes over.
 */
export interface EncodingImportSource extends ImportSource {
  encodedIssueBatches(repoId: number, labels: ReadonlyMap<string, LabelRecord>, stored: ReadonlySet<number>): Iterable<EncodedIssueBatch>;
}

export function encodeIssueBatch(repoId: number, rows: readonly IssueRow[], stored: ReadonlySet<number>): EncodedIssueBatch {
  return { encoded: encodeIssues(repoId, rows, stored), numbers: rows.map((r) => r.number), mentions: rows.map((r) => r.mentions) };
}

/** `source`'s issues in batches (row-batches.ts), encoded by the source where it can, here where not. */
export function* encodedIssueBatches(
  source: Pick<ImportSource, 'issueRows'> | EncodingImportSource,
  repoId: number,
  labels: ReadonlyMap<string, LabelRecord>,
  stored: ReadonlySet<number>,
): Generator<EncodedIssueBatch> {
  if ('encodedIssueBatches' in source) yield* source.encodedIssueBatches(repoId, labels, stored);
  else for (const rows of batches(source.issueRows(repoId, labels))) yield encodeIssueBatch(repoId, rows, stored);
}

function issueCopy(repoId: number, rows: readonly IssueRow[]): Buffer {
  const copy = new BinaryCopy(ISSUE_COPY_TYPES);
  for (const r of rows) {
    copy.add([
      repoId, r.number, r.state, r.createdAt, r.updatedAt, r.comments, r.creator, r.milestone, r.assigneeCount, r.doc, r.isPullRequest ? 1 : 0, r.closedAt, r.milestoneTitle,
      r.reactions, r.mergedAt, ...FACT_COLUMNS.map((c) => c.value(r)),
    ]);
  }
  return copy.bytes();
}

function issueJson(rows: readonly IssueRow[]): string {
  return JSON.stringify(
    rows.map((r) => ({
      n: r.number,
      s: r.state,
      c: wellFormed(r.createdAt),
      u: wellFormed(r.updatedAt),
      k: r.comments,
      cr: wellFormed(r.creator),
      m: r.milestone,
      a: r.assigneeCount,
      d: text(r.doc),
      p: r.isPullRequest ? 1 : 0,
      cl: wellFormed(r.closedAt),
      mt: wellFormed(r.milestoneTitle),
      r: r.reactions,
      mg: wellFormed(r.mergedAt),
      ...Object.fromEntries(FACT_COLUMNS.map((c) => [c.name, c.value(r)])),
    })),
  );
}

/** The columns of `issue_text` a search row's COPY writes. */
export const SEARCH_COPY_COLUMNS = ['repo_id', 'number', 'document'] as const;

/** Search rows (repository, number, the document's tsvector bytes) as a binary COPY of SEARCH_COPY_COLUMNS. */
export function searchCopy(rows: ReadonlyArray<readonly [number, number, Uint8Array]>): Buffer {
  const copy = new BinaryCopy(['int8', 'int8', 'bytes']);
  for (const row of rows) copy.add(row);
  return copy.bytes();
}

/** One batch of comments, the last of each id, with its rows as JSON for json_to_recordset. */
export interface EncodedComments {
  batch: readonly CommentRow[];
  rows: readonly CommentRow[];
  json: string;
}

export function encodeComments(batch: readonly CommentRow[]): EncodedComments {
  const rows = lastOfEach(batch, (c) => c.id);
  return {
    batch,
    rows,
    json: JSON.stringify(
      rows.map((c) => ({ id: c.id, n: c.issueNumber, c: wellFormed(c.createdAt), u: wellFormed(c.updatedAt), d: text(c.doc), a: wellFormed(c.author) })),
    ),
  };
}
