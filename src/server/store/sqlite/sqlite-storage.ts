/**
 * The storage (storage.ts) on SQLite (better-sqlite3): one file, created on first run,
 * WAL mode so reads never wait for an import. Every write that must not be
 * half-done runs in one transaction.
 *
 * `SqliteStorage` composes the parts in sqlite/ (reads, imports) and runs the operations both
 * engines share (../core/: repositories, users, tokens, rate-limit counters, mirror state,
 * people) in this dialect (sqlite-dialect.ts), over one connection and the caches of what it
 * derives from the data (sqlite/derived-caches.ts).
 */
import type Database from 'better-sqlite3';
import type { ListParams, PageParams, RepoCommentParams } from '../../../shared/list-params';
import type { ImportSource } from '../import-rows';
import type { ImportedComment, ImportedEvent, ImportedIssue } from '../import-schema';
import type {
  DocumentPage,
  ImportOptions,
  ImportResult,
  LabelPage,
  MilestoneRecord,
  MirrorRecord,
  MirrorWalk,
  MirrorWalkName,
  NewToken,
  RepoRecord,
  SearchPage,
  SearchRequest,
  StoredCounter,
  SubIssueOrder,
  TokenRecord,
  UserRecord,
} from '../records';
import { loadCounters, saveCounters } from '../core/counter-store';
import { completeMirror, findMirror, openMirror, saveMirrorWalk, setMirrorSourcePrivate } from '../core/mirror-state';
import { findVisibleUser, listAssignees, listMilestones } from '../core/people-reads';
import { findRenamed, findRepo, findUser } from '../core/repository-rows';
import { createToken, findToken, revokeToken } from '../core/token-store';
import { SqliteConnection } from './connection';
import { openDatabase, type StoreOpenOptions } from './database-file';
import { DerivedCaches } from './derived-caches';
import { SqliteIssueReads } from './sqlite-issue-reads';
import { SqliteIssueWriter } from './sqlite-issue-writer';
import { SQLITE_DIALECT } from './sqlite-dialect';
import { writeSubIssueOrders } from '../core/issue-link-store';
import type { Storage } from '../storage';

export type { StoreOpenOptions };

export function openSqliteStorage(file: string, options: StoreOpenOptions = {}): SqliteStorage {
  const { db, heldExclusively } = openDatabase(file, options);
  return new SqliteStorage(db, heldExclusively);
}

/**
 * Every method answers synchronously, so code that holds a `SqliteStorage` (tests, the
 * fixtures they import) uses its answers directly; the service holds it as a `Storage`.
 */
export class SqliteStorage implements Storage {
  private readonly connection: SqliteConnection;
  private readonly caches: DerivedCaches;
  private readonly reads: SqliteIssueReads;
  private readonly writer: SqliteIssueWriter;

  constructor(
    private readonly db: Database.Database,
    /** opened with `exclusiveWhenAlone` and got the file: `close()` returns it to WAL */
    private readonly heldExclusively = false,
  ) {
    this.connection = new SqliteConnection(db);
    this.caches = new DerivedCaches(this.connection);
    this.reads = new SqliteIssueReads(this.connection, this.caches);
    this.writer = new SqliteIssueWriter(this.connection, this.caches, this.reads);
  }

  changeVersion(): number {
    return this.caches.changeVersion();
  }

  findRepo(owner: string, name: string): RepoRecord | null {
    return this.connection.run(findRepo(SQLITE_DIALECT, owner, name));
  }

  findRenamed(owner: string, name: string): RepoRecord | null {
    return this.connection.run(findRenamed(SQLITE_DIALECT, owner, name));
  }

  findUser(login: string): UserRecord | null {
    return this.connection.run(findUser(SQLITE_DIALECT, login));
  }

  listIssues(repoId: number, params: ListParams): DocumentPage {
    return this.reads.listIssues(repoId, params);
  }

  getIssue(repoId: number, number: number): string | null {
    return this.reads.getIssue(repoId, number);
  }

  listComments(repoId: number, number: number, params: PageParams & { since: string | null }): DocumentPage {
    return this.reads.listComments(repoId, number, params);
  }

  listRepoComments(repoId: number, params: RepoCommentParams): DocumentPage {
    return this.reads.listRepoComments(repoId, params);
  }

  listTimeline(repoId: number, number: number, params: PageParams): DocumentPage {
    return this.reads.listTimeline(repoId, number, params);
  }

  listIssueEvents(repoId: number, number: number | null, params: PageParams): DocumentPage {
    return this.reads.listIssueEvents(repoId, number, params);
  }

  listLabels(repoId: number, params: PageParams): LabelPage {
    return this.reads.listLabels(repoId, params);
  }

  searchIssues(request: SearchRequest): SearchPage {
    return this.reads.searchIssues(request);
  }

  listSubIssues(repoId: number, number: number, params: PageParams): DocumentPage {
    return this.reads.listSubIssues(repoId, number, params);
  }

  getParentIssue(repoId: number, number: number): string | null {
    return this.reads.getParentIssue(repoId, number);
  }

  listIssueTypes(repoId: number): string[] {
    return this.reads.listIssueTypes(repoId);
  }

  listOwnerIssueTypes(owner: string, privateRepoIds: ReadonlySet<number>): string[] | null {
    return this.reads.listOwnerIssueTypes(owner, privateRepoIds);
  }

  openIssueCount(repoId: number): number {
    return this.reads.openIssueCount(repoId);
  }

  listAssignees(repoId: number): UserRecord[] {
    return this.connection.run(listAssignees(SQLITE_DIALECT, repoId));
  }

  listMilestones(repoId: number): MilestoneRecord[] {
    return this.connection.run(listMilestones(SQLITE_DIALECT, repoId));
  }

  findVisibleUser(login: string, privateRepoIds: readonly number[]): { user: UserRecord | null; firstSeen: string } | null {
    return this.connection.inSnapshot(() => this.connection.run(findVisibleUser(SQLITE_DIALECT, login, privateRepoIds)));
  }

  importIssues(options: ImportOptions, issues: ImportedIssue[], comments: ImportedComment[], nowMs: number, events: ImportedEvent[] = []): ImportResult {
    return this.writer.importIssues(options, issues, comments, nowMs, events);
  }

  importFrom(options: ImportOptions, source: ImportSource, nowMs: number): ImportResult {
    return this.writer.importFrom(options, source, nowMs);
  }

  renameRepo(from: { owner: string; name: string }, to: { owner: string; name: string }, nowMs: number): RepoRecord {
    return this.writer.renameRepo(from, to, nowMs);
  }

  findMirror(owner: string, name: string, source: string): MirrorRecord | null {
    return this.connection.run(findMirror(SQLITE_DIALECT, owner, name, source));
  }

  openMirror(options: ImportOptions, source: string, nowMs: number): MirrorRecord {
    const record = this.connection.db.transaction(() => this.connection.run(openMirror(SQLITE_DIALECT, options, source, nowMs))).immediate();
    // It may have created the repository or changed its description or visibility.
    this.caches.forgetDerived();
    return record;
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
      this.connection.run(writeSubIssueOrders(SQLITE_DIALECT, repo.id, page.subIssueOrders ?? []));
      this.connection.run(saveMirrorWalk(SQLITE_DIALECT, repo.id, walk, state));
    }).immediate();
  }

  saveMirrorWalk(repoId: number, walk: MirrorWalkName, state: MirrorWalk): void {
    this.connection.run(saveMirrorWalk(SQLITE_DIALECT, repoId, walk, state));
  }

  setMirrorSourcePrivate(repoId: number, isPrivate: boolean): void {
    this.connection.run(setMirrorSourcePrivate(SQLITE_DIALECT, repoId, isPrivate));
  }

  completeMirror(repoId: number, nowMs: number): void {
    this.connection.run(completeMirror(SQLITE_DIALECT, repoId, nowMs));
  }

  findToken(hash: string): TokenRecord | null {
    return this.connection.run(findToken(SQLITE_DIALECT, hash));
  }

  createToken(token: NewToken, nowMs: number): void {
    this.connection.db.transaction(() => this.connection.run(createToken(SQLITE_DIALECT, token, nowMs))).immediate();
  }

  revokeToken(hash: string): boolean {
    const revoked = this.connection.run(revokeToken(SQLITE_DIALECT, hash));
    this.caches.forgetDerived();
    return revoked;
  }

  loadCounters(): StoredCounter[] {
    return this.connection.run(loadCounters(SQLITE_DIALECT));
  }

  saveCounters(counters: StoredCounter[]): void {
    this.connection.db.transaction(() => this.connection.run(saveCounters(SQLITE_DIALECT, counters)))();
  }

  /**
   * better-sqlite3's transactions take synchronous work only; this one is opened and closed by
   * hand so `work` may await. Every write inside (each its own `db.transaction`) then runs as a
   * savepoint of it, and since this store answers synchronously, `work` never gives the event
   * loop a turn in which another request could read its uncommitted rows.
   */
  async atomically<T>(work: (storage: Storage) => Promise<T>): Promise<T> {
    this.db.exec('BEGIN IMMEDIATE');
    try {
      const result = await work(this);
      this.db.exec('COMMIT');
      return result;
    } catch (err) {
      if (this.db.inTransaction) this.db.exec('ROLLBACK');
      throw err;
    } finally {
      this.caches.forgetDerived();
    }
  }

  close(): void {
    if (!this.db.open) return;
    try {
      if (this.heldExclusively) this.db.pragma('journal_mode = WAL');
    } finally {
      this.db.close();
    }
  }
}
