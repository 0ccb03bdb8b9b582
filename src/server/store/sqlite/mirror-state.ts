/**
 * What a mirror remembers between runs, on SQLite (`MirrorStateStore`): the source a local
 * repository is copied from, and how far each of its walks (issues, comments, events) has come.
 */
import type { ImportedComment, ImportedEvent, ImportedIssue } from '../import-schema';
import type { ImportOptions, MirrorRecord, MirrorWalk, MirrorWalkName, RepoRecord, SubIssueOrder } from '../records';
import type { MirrorStateStore } from '../storage';
import type { SqliteConnection } from './connection';
import type { DerivedCaches } from './derived-caches';
import type { SqliteIssueWriter } from './issue-writer';
import { ensureRepo, findRepo } from '../core/repository-rows';
import { SQLITE_DIALECT } from '../core/store-dialect';
import { writeSubIssueOrders } from './sqlite-issue-links';

interface MirrorWalkRow {
  walk: MirrorWalkName;
  first_url: string | null;
  etag: string | null;
  since: string | null;
  next_url: string | null;
  run_newest: string | null;
}

export class SqliteMirrorState implements MirrorStateStore {
  constructor(
    private readonly connection: SqliteConnection,
    private readonly caches: DerivedCaches,
    private readonly writer: SqliteIssueWriter,
  ) {}

  private stmt(sql: string) {
    return this.connection.stmt(sql);
  }

  findMirror(owner: string, name: string, source: string): MirrorRecord | null {
    const repo = this.connection.run(findRepo(SQLITE_DIALECT, owner, name));
    const record = repo ? this.readMirror(repo) : null;
    return record !== null && record.source === source ? record : null;
  }

  openMirror(options: ImportOptions, source: string, nowMs: number): MirrorRecord {
    const record = this.connection.db.transaction((): MirrorRecord => {
      const repo = this.connection.run(ensureRepo(SQLITE_DIALECT, options, nowMs));
      const existing = this.readMirror(repo);
      if (existing !== null && existing.source === source) return existing;
      this.stmt('DELETE FROM mirrors WHERE repo_id = ?').run(repo.id);
      this.stmt('INSERT INTO mirrors (repo_id, source) VALUES (?, ?)').run(repo.id, source);
      const created = this.readMirror(this.connection.run(findRepo(SQLITE_DIALECT, repo.owner, repo.name)) ?? repo);
      if (!created) throw new Error('mirror row vanished after insert');
      return created;
    }).immediate();
    // It may have created the repository or changed its description or visibility.
    this.caches.forgetDerived();
    return record;
  }

  private readMirror(repo: RepoRecord): MirrorRecord | null {
    const row = this.stmt('SELECT source, source_private, completed_at FROM mirrors WHERE repo_id = ?').get(repo.id) as
      | { source: string; source_private: number | null; completed_at: number | null }
      | undefined;
    if (!row) return null;
    const walks = this.stmt('SELECT * FROM mirror_walks WHERE repo_id = ?').all(repo.id) as MirrorWalkRow[];
    const walkOf = (name: MirrorWalkName): MirrorWalk => {
      const w = walks.find((r) => r.walk === name);
      return {
        firstUrl: w?.first_url ?? null,
        etag: w?.etag ?? null,
        since: w?.since ?? null,
        nextUrl: w?.next_url ?? null,
        runNewest: w?.run_newest ?? null,
      };
    };
    return {
      repo,
      source: row.source,
      sourcePrivate: row.source_private === null ? null : row.source_private === 1,
      completedAt: row.completed_at,
      walks: { issues: walkOf('issues'), comments: walkOf('comments'), events: walkOf('events') },
    };
  }

  saveMirrorPage(
    options: ImportOptions,
    walk: MirrorWalkName,
    state: MirrorWalk,
    page: { issues: ImportedIssue[]; comments?: ImportedComment[]; events?: ImportedEvent[]; subIssueOrders?: SubIssueOrder[] },
    nowMs: number,
  ): void {
    this.connection.db.transaction(() => {
      // Nested: importIssues' own transaction becomes a savepoint of this one.
      const { repo } = this.writer.importIssues(options, page.issues, page.comments ?? [], nowMs, page.events ?? []);
      writeSubIssueOrders((sql) => this.stmt(sql), repo.id, page.subIssueOrders ?? []);
      this.saveMirrorWalk(repo.id, walk, state);
    }).immediate();
  }

  saveMirrorWalk(repoId: number, walk: MirrorWalkName, state: MirrorWalk): void {
    this.stmt(
      `INSERT INTO mirror_walks (repo_id, walk, first_url, etag, since, next_url, run_newest) VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (repo_id, walk) DO UPDATE SET first_url = excluded.first_url, etag = excluded.etag, since = excluded.since,
         next_url = excluded.next_url, run_newest = excluded.run_newest`,
    ).run(repoId, walk, state.firstUrl, state.etag, state.since, state.nextUrl, state.runNewest);
  }

  setMirrorSourcePrivate(repoId: number, isPrivate: boolean): void {
    this.stmt('UPDATE mirrors SET source_private = ? WHERE repo_id = ?').run(isPrivate ? 1 : 0, repoId);
  }

  completeMirror(repoId: number, nowMs: number): void {
    this.stmt('UPDATE mirrors SET completed_at = ? WHERE repo_id = ?').run(Math.floor(nowMs / 1000), repoId);
  }
}
