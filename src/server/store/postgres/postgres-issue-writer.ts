/**
 * Imports and renames on PostgreSQL: each one transaction that readers see,
 * so each moves the store version and every instance hears of it.
 */
import { importSourceOf, type ImportSource } from '../import-rows';
import type { ImportedComment, ImportedEvent, ImportedIssue } from '../import-schema';
import type { ImportOptions, ImportResult, RepoRecord } from '../records';
import type { IssueWriter } from '../storage';
import { StoreRefusal } from '../store-error';
import { importRows } from './postgres-import';
import { rewriteCrossParentUrls } from '../core/issue-link-store';
import { POSTGRES_DIALECT } from './postgres-dialect';
import { readRepo, touchRepo } from './postgres-repository-rows';
import { runOperation } from './sql';
import type { WriteTransactions } from './write-transaction';

/**
 * An import of at least this many rows (issues, comments and events) is followed by `ANALYZE`
 * of the tables it wrote. PostgreSQL plans from each table's statistics, which autovacuum
 * gathers only some time after a bulk write: until then a table just filled with 100,000
 * issues is planned as nearly empty, and a common search (`label:bug`) ran into the
 * three-second statement timeout right after the bench's import while the same query on an
 * analysed copy answered well within it (docs/performance-log.md, "PostgreSQL analyses what an
 * import wrote").
 */
export const ANALYZE_AFTER_ROWS = 1_000;

/** What an import writes: the tables whose statistics it changes. */
const IMPORTED_TABLES = ['issues', 'issue_labels', 'issue_assignees', 'issue_mentions', 'issue_references', 'issue_text', 'comments', 'issue_events', 'sub_issues', 'users', 'labels'];

export class PostgresIssueWriter implements IssueWriter {
  constructor(private readonly tx: WriteTransactions) {}

  importIssues(options: ImportOptions, issues: ImportedIssue[], comments: ImportedComment[], nowMs: number, events: ImportedEvent[] = []): Promise<ImportResult> {
    return this.importFrom(options, importSourceOf(issues, comments, { localAvatars: options.localAvatars ?? false }, events), nowMs);
  }

  async importFrom(options: ImportOptions, source: ImportSource, nowMs: number): Promise<ImportResult> {
    const result = await this.tx.write('seen-by-readers', (sql) => importRows(sql, options, source, nowMs));
    // Inside a larger transaction (the demo's imports) its rows are not committed yet: that
    // transaction's own end is where they become visible, and autovacuum takes them from there.
    if (!this.tx.inTransaction && result.issues + result.comments + result.events >= ANALYZE_AFTER_ROWS) {
      await this.tx.poolSql.query(`ANALYZE ${IMPORTED_TABLES.join(', ')}`);
    }
    return result;
  }

  renameRepo(from: { owner: string; name: string }, to: { owner: string; name: string }, nowMs: number): Promise<RepoRecord> {
    return this.tx.write('seen-by-readers', async (sql) => {
      const repo = await readRepo(sql, from.owner, from.name);
      if (!repo) throw new StoreRefusal(`no repository ${from.owner}/${from.name}`);
      const taken = await readRepo(sql, to.owner, to.name);
      if (taken && taken.id !== repo.id) throw new StoreRefusal(`${to.owner}/${to.name} already exists`);
      await sql.query('UPDATE repos SET owner = $1, name = $2 WHERE id = $3', [to.owner, to.name, repo.id]);
      await sql.query('DELETE FROM repo_redirects WHERE owner = $1 AND name = $2', [to.owner, to.name]);
      if (from.owner.toLowerCase() !== to.owner.toLowerCase() || from.name.toLowerCase() !== to.name.toLowerCase()) {
        await sql.query(
          `INSERT INTO repo_redirects (owner, name, repo_id) VALUES ($1, $2, $3)
           ON CONFLICT (owner, name) DO UPDATE SET owner = excluded.owner, name = excluded.name, repo_id = excluded.repo_id`,
          [repo.owner, repo.name, repo.id],
        );
      }
      // Sub-issues in other repositories name their parent here by its new name (issue 47).
      for (const other of await runOperation(sql, rewriteCrossParentUrls(POSTGRES_DIALECT, repo.id))) await touchRepo(sql, other, nowMs);
      await touchRepo(sql, repo.id, nowMs);
      const renamed = await readRepo(sql, to.owner, to.name);
      if (!renamed) throw new Error('repository vanished during rename');
      return renamed;
    });
  }
}
