/**
 * The full-text index on SQLite: one FTS5 row per issue (title, body, comments), keyed by
 * `searchKey`. It is written inside the import's transaction (sqlite/sqlite-issue-writer.ts), so a search
 * sees an import's text exactly when it sees the import.
 *
 * Contentless (`content=''`): the text already lives in the documents, and a second copy would
 * double what an import writes. `contentless_delete=1` lets a re-imported issue's row be
 * deleted by key without the old text. The tokenizer is the tree's token definition
 * (src/shared/search-query.ts): runs of letters and digits, without case or diacritics.
 */
import type Database from 'better-sqlite3';
import { searchKey, searchTextOfDocuments, type SearchText } from '../search-text';

export const CREATE_SEARCH_INDEX_SQL = `
  CREATE VIRTUAL TABLE issue_text USING fts5(
    title, body, comments,
    content = '', contentless_delete = 1,
    tokenize = 'unicode61 remove_diacritics 2'
  )`;

/**
 * The index a ranked search joins its matches through (schema.ts, migration 5): the issue's
 * key and the columns a ranking sorts or commonly filters on, so every match is read from it
 * rather than from the table.
 */
export const SEARCH_FACETS_INDEX = 'issues_search_facets';

type Prepare = (sql: string) => Database.Statement;

/**
 * New issues' text is written in runs of at most this many issues or this many characters, not one
 * row between each issue's rows: an import that wrote the two in turn was much slower inserting its
 * issue rows (docs/performance-log.md, "the search index's rows in runs").
 */
export const RUN_ISSUES = 2_000;
const RUN_CHARS = 16_000_000;

/** Index rows as an import changes them; `finish` before the import's transaction ends. */
export class SearchIndexWriter {
  /** new issues' text not written yet, in the order it came */
  private readonly waiting: Array<{ repoId: number; number: number; text: SearchText }> = [];
  private waitingChars = 0;
  /** issues whose text is rebuilt from the database once the import's rows are all in */
  private readonly stale = new Map<number, { repoId: number; number: number }>();

  constructor(private readonly prepare: Prepare) {}

  /** An issue the index has no row for yet, with all its text. */
  add(repoId: number, number: number, text: SearchText): void {
    this.waiting.push({ repoId, number, text });
    this.waitingChars += text.title.length + text.body.length + text.comments.length;
    if (this.waiting.length >= RUN_ISSUES || this.waitingChars >= RUN_CHARS) this.writeWaiting();
  }

  /**
   * An issue whose text depends on rows stored before this import (a re-imported issue keeps
   * its earlier comments; a mirror page brings comments on issues it does not bring): rebuilt
   * by `finish`, after every row of the import is written, from what the database holds.
   */
  markStale(repoId: number, number: number): void {
    this.stale.set(searchKey(repoId, number), { repoId, number });
  }

  /** Writes the text still waiting, then rebuilds the stale issues' rows: the index is whole again. */
  finish(): void {
    this.writeWaiting();
    for (const { repoId, number } of this.stale.values()) {
      this.prepare('DELETE FROM issue_text WHERE rowid = ?').run(searchKey(repoId, number));
      const text = storedSearchText(this.prepare, repoId, number);
      if (text) insertIssueText(this.prepare, repoId, number, text);
    }
    this.stale.clear();
  }

  private writeWaiting(): void {
    for (const { repoId, number, text } of this.waiting) insertIssueText(this.prepare, repoId, number, text);
    this.waiting.length = 0;
    this.waitingChars = 0;
  }
}

export function insertIssueText(prepare: Prepare, repoId: number, number: number, text: SearchText): void {
  prepare('INSERT INTO issue_text (rowid, title, body, comments) VALUES (?, ?, ?, ?)').run(searchKey(repoId, number), text.title, text.body, text.comments);
}

/** The text an issue's stored documents hold; null when it has none. */
export function storedSearchText(prepare: Prepare, repoId: number, number: number, issueDoc?: string): SearchText | null {
  // Rows as objects, never `pluck()`: the store shares its prepared statements, and plucking
  // would change what the statement returns to every other caller.
  const doc = issueDoc ?? (prepare('SELECT doc FROM issues WHERE repo_id = ? AND number = ?').get(repoId, number) as { doc: string } | undefined)?.doc;
  if (doc === undefined) return null;
  const comments = prepare('SELECT doc FROM comments WHERE repo_id = ? AND issue_number = ? ORDER BY created_at, id').all(repoId, number) as Array<{ doc: string }>;
  return searchTextOfDocuments(
    doc,
    comments.map((c) => c.doc),
  );
}

/**
 * Whether any issue's text holds `token`. A lone word looks for its forms (shared/search-word-forms.ts) with
 * FTS5's OR, which cost more than the word alone even for a form in no issue: a search of
 * 100,000 issues took about twice as long. Most forms are in none, and this probe is one lookup
 * in the index (hundredths of a millisecond), so it is not remembered: it would crowd the
 * rankings out of their cache.
 */
export function indexHolds(prepare: Prepare, token: string): boolean {
  // Tokens hold letters and digits only, so the quoted token can never close its quotes.
  return prepare('SELECT 1 AS held FROM issue_text WHERE issue_text MATCH ? LIMIT 1').get(`"${token}"`) !== undefined;
}
