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
import { rewriteCrossParentUrls } from './postgres-issue-links';
import { readRepo, touchRepo } from './postgres-repository-rows';
import type { WriteTransactions } from './write-transaction';

export class PostgresIssueWriter implements IssueWriter {
  constructor(private readonly tx: WriteTransactions) {}

  importIssues(options: ImportOptions, issues: ImportedIssue[], comments: ImportedComment[], nowMs: number, events: ImportedEvent[] = []): Promise<ImportResult> {
    return this.importFrom(options, importSourceOf(issues, comments, { localAvatars: options.localAvatars ?? false }, events), nowMs);
  }

  importFrom(options: ImportOptions, source: ImportSource, nowMs: number): Promise<ImportResult> {
    return this.tx.write('seen-by-readers', (sql) => importRows(sql, options, source, nowMs));
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
      for (const other of await rewriteCrossParentUrls(sql, repo.id)) await touchRepo(sql, other, nowMs);
      await touchRepo(sql, repo.id, nowMs);
      const renamed = await readRepo(sql, to.owner, to.name);
      if (!renamed) throw new Error('repository vanished during rename');
      return renamed;
    });
  }
}
