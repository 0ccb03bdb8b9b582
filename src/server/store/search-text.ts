/**
 * What an issue puts into the full-text index, and the names search compares
 * without case. One definition for the import (import-rows.ts) and for the
 * migration that indexes a database imported before search existed.
 */
import { toIsoSeconds } from '../../shared/iso-seconds';
import { cleanText } from './issue-document';

/** The three fields `in:` chooses among. */
export interface SearchText {
  title: string;
  body: string;
  /** every comment's body, in the order they were written (created, then id), one text */
  comments: string;
}

/**
 * The index's rows are keyed by repository and number packed into one integer, not by the
 * issues table's rowid: `INSERT OR REPLACE` gives a re-imported issue a new rowid, and VACUUM
 * may renumber a table without an INTEGER PRIMARY KEY. The key survives both.
 */
const NUMBERS_PER_REPO = 2 ** 32;
export const MAX_INDEXED_NUMBER = NUMBERS_PER_REPO - 1;

export function searchKey(repoId: number, number: number): number {
  return repoId * NUMBERS_PER_REPO + number;
}

/** The SQL twin of `searchKey`, over the issues table's columns. */
export const SEARCH_KEY_SQL = `(i.repo_id * ${NUMBERS_PER_REPO} + i.number)`;

/** The first and last key a repository's issues can have: its range of index rows. */
export function searchKeyRange(repoId: number): [number, number] {
  return [searchKey(repoId, 0), searchKey(repoId, MAX_INDEXED_NUMBER)];
}

/**
 * Milestone titles and label names compare without case beyond ASCII (SQLite's NOCASE folds
 * ASCII only), so the stored milestone title is folded once, here, and queries fold theirs alike.
 */
export function foldName(name: string): string {
  return cleanText(name).toLowerCase();
}

export interface CommentText {
  id: number;
  /** as stored: ISO seconds */
  createdAt: string;
  body: string;
}

/** Comments of one issue as one text; a comment given twice counts once, its last version. */
export function joinComments(comments: Iterable<CommentText>): string {
  const byId = new Map<number, CommentText>();
  for (const c of comments) byId.set(c.id, c);
  return [...byId.values()]
    .sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.id - b.id))
    .map((c) => c.body)
    .join('\n');
}

export function commentText(comment: { id: number; created_at: string; body?: string | null }): CommentText {
  return { id: comment.id, createdAt: toIsoSeconds(Date.parse(comment.created_at)), body: cleanText(comment.body ?? '') };
}

/** From stored documents (their JSON), for an issue whose text is rebuilt from what the database holds. */
export function searchTextOfDocuments(issueDoc: string, commentDocs: readonly string[]): SearchText {
  const issue = JSON.parse(issueDoc) as { title: string; body: string | null };
  const comments = commentDocs.map((doc) => {
    const c = JSON.parse(doc) as { id: number; created_at: string; body: string | null };
    return { id: c.id, createdAt: c.created_at, body: c.body ?? '' };
  });
  return { title: issue.title, body: issue.body ?? '', comments: joinComments(comments) };
}
