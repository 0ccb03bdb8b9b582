/**
 * Copies every row of an SQLite database into an empty, migrated PostgreSQL
 * one, so a test can ask both engines the same question about the same data.
 * The full-text index is rebuilt from the copied documents, as an import on
 * PostgreSQL writes it.
 */
import type Database from 'better-sqlite3';
import { searchDocument } from '../../src/server/store/postgres/search-document';
import type { SqlRunner } from '../../src/server/store/postgres/sql';
import { storedSearchText } from '../../src/server/store/sqlite/sqlite-search-index';

/** In an order that satisfies the foreign keys. */
const TABLES = [
  'repos',
  'repo_redirects',
  'users',
  'issues',
  'labels',
  'issue_labels',
  'issue_assignees',
  'issue_mentions',
  'comments',
  'tokens',
  'token_repos',
  'rate_counters',
  'mirrors',
  'mirror_walks',
  'issue_events',
  'issue_references',
  'issue_types',
  'sub_issues',
] as const;

const ROWS_PER_INSERT = 200;

export async function copySqliteToPostgres(db: Database.Database, sql: SqlRunner): Promise<void> {
  for (const table of TABLES) {
    const rows = db.prepare(`SELECT * FROM ${table}`).all() as Array<Record<string, unknown>>;
    for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
      const slice = rows.slice(start, start + ROWS_PER_INSERT);
      const columns = Object.keys(slice[0] ?? {});
      const values: unknown[] = [];
      const tuples = slice.map((row) => `(${columns.map((c) => `$${values.push(row[c])}`).join(', ')})`);
      await sql.query(`INSERT INTO ${table} (${columns.join(', ')}) VALUES ${tuples.join(', ')}`, values);
    }
  }
  // Ids SQLite assigned were copied as given: the identities move past them.
  for (const table of ['repos', 'labels']) {
    await sql.query(`SELECT setval(pg_get_serial_sequence('${table}', 'id'), GREATEST((SELECT MAX(id) FROM ${table}), 1))`);
  }
  const prepare = (text: string) => db.prepare(text);
  const issues = db.prepare('SELECT repo_id, number, doc FROM issues').all() as Array<{ repo_id: number; number: number; doc: string }>;
  for (const issue of issues) {
    const text = storedSearchText(prepare, issue.repo_id, issue.number, issue.doc);
    if (text) await sql.query('INSERT INTO issue_text (repo_id, number, document) VALUES ($1, $2, $3::tsvector)', [issue.repo_id, issue.number, searchDocument(text)]);
  }
}
