/**
 * Rows of an import as postgres-import.ts's statements take them: the wide ones (issues and
 * comments with their documents, the search index's text) as one JSON array per batch, read
 * back with json_to_recordset. JSON.stringify escapes in native code, where pg's array literals
 * escape each element with regular expressions and build the literal by concatenation, which
 * cost the importing thread more than the server spent inserting the rows.
 */
import type { CommentRow, DocumentText, IssueRow } from '../import-rows';
import { searchDocument } from './search-document';

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
  /** the issue rows, as JSON for json_to_recordset */
  rows: string;
  /** issues stored before this import: their labels, assignees, mentions and references are replaced */
  again: number[];
  /** the search index's rows of the new issues, as JSON; null when every issue was stored before */
  searchText: string | null;
  labelPairs: { ids: number[]; numbers: number[] };
  assigneePairs: { logins: string[]; numbers: number[] };
  references: Reference[];
}

export interface Reference {
  target: number;
  source: number;
  comment: number;
  createdAt: string;
}

export function encodeIssues(rows: readonly IssueRow[], stored: ReadonlySet<number>): EncodedIssues {
  const fresh = rows.filter((r) => !stored.has(r.number));
  const labelPairs = { ids: [] as number[], numbers: [] as number[] };
  const assigneePairs = { logins: [] as string[], numbers: [] as number[] };
  for (const r of rows) {
    for (const id of r.labelIds) {
      labelPairs.ids.push(id);
      labelPairs.numbers.push(r.number);
    }
    for (const login of r.assignees) {
      assigneePairs.logins.push(login);
      assigneePairs.numbers.push(r.number);
    }
  }
  return {
    rows: JSON.stringify(
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
      })),
    ),
    again: rows.filter((r) => stored.has(r.number)).map((r) => r.number),
    // A new issue's row carries all its text (this import's comments on it included).
    searchText: fresh.length > 0 ? JSON.stringify(fresh.map((r) => ({ n: r.number, d: searchDocument(r.search) }))) : null,
    labelPairs,
    assigneePairs,
    references: rows.flatMap((r) => r.references.map((target) => ({ target, source: r.number, comment: 0, createdAt: r.createdAt }))),
  };
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
