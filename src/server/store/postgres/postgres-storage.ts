/**
 * The storage on PostgreSQL, for several service instances sharing one
 * database: the same answers as SQLite's (the contract suite runs on both),
 * over a connection pool. It composes the reads (postgres-issue-reads.ts) and
 * imports and renames (postgres-issue-writer.ts), and runs the operations both
 * engines share (../core/: repositories, users, tokens, rate-limit counters,
 * mirror state, people) in this dialect (postgres-dialect.ts), all through
 * write-transaction.ts, where a write readers see also bumps `store_version`
 * so every instance hears of it (change-listener.ts).
 */
import pg from 'pg';
import type { ListParams, PageParams, RepoCommentParams } from '../../../shared/list-params';
import { importSourceOf, type ImportSource } from '../import-rows';
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
import { findVisibleUser, listAssignees, listMilestones } from '../core/people-reads';
import { completeMirror, findMirror, openMirror, saveMirrorWalk, setMirrorSourcePrivate } from '../core/mirror-state';
import { createToken, findToken, revokeToken } from '../core/token-store';
import type { Storage } from '../storage';
import { ChangeListener, UnheardChanges } from './change-listener';
import { migratePostgres } from './migrate';
import { POSTGRES_DIALECT } from './postgres-dialect';
import { toPostgresStorageError } from './postgres-errors';
import { PostgresIssueReads } from './postgres-issue-reads';
import { PostgresIssueWriter } from './postgres-issue-writer';
import { importRows } from './postgres-import';
import { writeSubIssueOrders } from '../core/issue-link-store';
import { describePostgresUrl } from './postgres-url';
import { runOperation, type SqlRunner } from './sql';
import { WriteTransactions } from './write-transaction';

export interface PostgresOpenOptions {
  /** connections this instance may hold (pg's pool `max`) */
  maxConnections?: number;
  /**
   * For serving: hold one more connection that LISTENs for every instance's writes, so
   * what is derived from the data (counts, the lookup cache) is kept until a write, and
   * bound every statement, so a request answers quickly (a 503, not a hang) while the
   * database is slow or away. Without it (a command) nothing derived is kept, and a
   * statement runs as long as it needs: an import on a busy host must not fail for
   * taking longer than a request may.
   */
  serving?: boolean;
  log?: (line: string) => void;
}

/** How long a connection may take to open, and (when serving) a statement to answer, before the request gives up (a 503, not a hang). */
const CONNECT_TIMEOUT_MS = 2500;
const STATEMENT_TIMEOUT_MS = 3000;
/** the client's own bound, for a server that stops answering altogether (its statement_timeout cannot fire) */
const ANSWER_TIMEOUT_MS = 3500;

/** Opens and migrates (and, for serving, listens); a database that cannot be reached is a StorageError naming it. */
export async function openPostgresStorage(url: string, options: PostgresOpenOptions = {}): Promise<PostgresStorage> {
  const name = describePostgresUrl(url);
  const log = options.log ?? ((line: string) => console.error(line));
  const config: pg.PoolConfig = {
    connectionString: url,
    max: options.maxConnections ?? 10,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    // A command's statements are unbounded; TCP keepalive still notices a database that went away.
    ...(options.serving ? { statement_timeout: STATEMENT_TIMEOUT_MS, query_timeout: ANSWER_TIMEOUT_MS } : { keepAlive: true }),
  };
  const pool = new pg.Pool(config);
  // An idle connection the server drops (a restart) must not crash the process; the next query reports it.
  pool.on('error', () => undefined);
  const listener = options.serving ? new ChangeListener({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS }, log) : null;
  try {
    const client = await pool.connect();
    try {
      await migratePostgres(client, { name });
    } finally {
      client.release();
    }
    await listener?.start();
  } catch (err) {
    await listener?.close();
    await pool.end().catch(() => undefined);
    throw toPostgresStorageError(err, name);
  }
  return new PostgresStorage(new WriteTransactions(pool, listener ?? new UnheardChanges()), name, pool);
}

export class PostgresStorage implements Storage {
  private readonly reads: PostgresIssueReads;
  private readonly writer: PostgresIssueWriter;

  constructor(
    private readonly tx: WriteTransactions,
    /** the database as messages name it (no password) */
    readonly name: string,
    /** the pool to end on `close`; null for the view of an `atomically` transaction */
    private readonly pool: pg.Pool | null,
  ) {
    this.reads = new PostgresIssueReads(tx);
    this.writer = new PostgresIssueWriter(tx);
  }

  /** the pool's queries, outside any transaction (the shared rate limits use them) */
  get queries(): SqlRunner {
    return this.tx.poolSql;
  }

  changeVersion(): number {
    return this.tx.changes.version();
  }

  atomically<T>(work: (storage: Storage) => Promise<T>): Promise<T> {
    if (this.tx.inTransaction) return work(this);
    return this.tx.atomically((view) => work(new PostgresStorage(view, this.name, null)));
  }

  async close(): Promise<void> {
    if (!this.pool) return;
    await this.tx.changes.close();
    await this.pool.end();
  }

  // Repositories and users

  findRepo(owner: string, name: string): Promise<RepoRecord | null> {
    return this.reads.findRepo(owner, name);
  }

  findRenamed(owner: string, name: string): Promise<RepoRecord | null> {
    return this.reads.findRenamed(owner, name);
  }

  findUser(login: string): Promise<UserRecord | null> {
    return this.reads.findUser(login);
  }

  // Issues, comments, labels, history, search

  listIssues(repoId: number, params: ListParams): Promise<DocumentPage> {
    return this.reads.listIssues(repoId, params);
  }

  getIssue(repoId: number, number: number): Promise<string | null> {
    return this.reads.getIssue(repoId, number);
  }

  listComments(repoId: number, number: number, params: PageParams & { since: string | null }): Promise<DocumentPage> {
    return this.reads.listComments(repoId, number, params);
  }

  listRepoComments(repoId: number, params: RepoCommentParams): Promise<DocumentPage> {
    return this.reads.listRepoComments(repoId, params);
  }

  listLabels(repoId: number, params: PageParams): Promise<LabelPage> {
    return this.reads.listLabels(repoId, params);
  }

  listTimeline(repoId: number, number: number, params: PageParams): Promise<DocumentPage> {
    return this.reads.listTimeline(repoId, number, params);
  }

  listIssueEvents(repoId: number, number: number | null, params: PageParams): Promise<DocumentPage> {
    return this.reads.listIssueEvents(repoId, number, params);
  }

  listSubIssues(repoId: number, number: number, params: PageParams): Promise<DocumentPage> {
    return this.reads.listSubIssues(repoId, number, params);
  }

  getParentIssue(repoId: number, number: number): Promise<string | null> {
    return this.reads.getParentIssue(repoId, number);
  }

  listIssueTypes(repoId: number): Promise<string[]> {
    return this.reads.listIssueTypes(repoId);
  }

  listOwnerIssueTypes(owner: string, privateRepoIds: ReadonlySet<number>): Promise<string[] | null> {
    return this.reads.listOwnerIssueTypes(owner, privateRepoIds);
  }

  openIssueCount(repoId: number): Promise<number> {
    return this.reads.openIssueCount(repoId);
  }

  listAssignees(repoId: number): Promise<UserRecord[]> {
    return runOperation(this.tx.sql, listAssignees(POSTGRES_DIALECT, repoId));
  }

  listMilestones(repoId: number): Promise<MilestoneRecord[]> {
    return runOperation(this.tx.sql, listMilestones(POSTGRES_DIALECT, repoId));
  }

  findVisibleUser(login: string, privateRepoIds: readonly number[]): Promise<{ user: UserRecord | null; firstSeen: string } | null> {
    return this.tx.inSnapshot((sql) => runOperation(sql, findVisibleUser(POSTGRES_DIALECT, login, privateRepoIds)));
  }

  searchIssues(request: SearchRequest): Promise<SearchPage> {
    return this.reads.searchIssues(request);
  }

  // Imports and renames

  importIssues(options: ImportOptions, issues: ImportedIssue[], comments: ImportedComment[], nowMs: number, events: ImportedEvent[] = []): Promise<ImportResult> {
    return this.writer.importIssues(options, issues, comments, nowMs, events);
  }

  importFrom(options: ImportOptions, source: ImportSource, nowMs: number): Promise<ImportResult> {
    return this.writer.importFrom(options, source, nowMs);
  }

  renameRepo(from: { owner: string; name: string }, to: { owner: string; name: string }, nowMs: number): Promise<RepoRecord> {
    return this.writer.renameRepo(from, to, nowMs);
  }

  // Tokens

  findToken(hash: string): Promise<TokenRecord | null> {
    return runOperation(this.tx.sql, findToken(POSTGRES_DIALECT, hash));
  }

  createToken(token: NewToken, nowMs: number): Promise<void> {
    // Creating or revoking a token is seen by readers: every instance must stop (or start) accepting it.
    return this.tx.write('seen-by-readers', (sql) => runOperation(sql, createToken(POSTGRES_DIALECT, token, nowMs)));
  }

  revokeToken(hash: string): Promise<boolean> {
    return this.tx.write('seen-by-readers', (sql) => runOperation(sql, revokeToken(POSTGRES_DIALECT, hash)));
  }

  // Rate-limit counters

  loadCounters(): Promise<StoredCounter[]> {
    return runOperation(this.tx.sql, loadCounters(POSTGRES_DIALECT));
  }

  saveCounters(counters: StoredCounter[]): Promise<void> {
    // Saving them changes nothing a reader sees, so it never moves the store version.
    return runOperation(this.tx.sql, saveCounters(POSTGRES_DIALECT, counters));
  }

  // Mirror state

  findMirror(owner: string, name: string, source: string): Promise<MirrorRecord | null> {
    return runOperation(this.tx.sql, findMirror(POSTGRES_DIALECT, owner, name, source));
  }

  openMirror(options: ImportOptions, source: string, nowMs: number): Promise<MirrorRecord> {
    // It may create the repository or change it: readers see that.
    return this.tx.write('seen-by-readers', (sql) => runOperation(sql, openMirror(POSTGRES_DIALECT, options, source, nowMs)));
  }

  saveMirrorPage(
    options: ImportOptions,
    walk: MirrorWalkName,
    state: MirrorWalk,
    page: { issues: ImportedIssue[]; comments?: ImportedComment[]; events?: ImportedEvent[]; subIssueOrders?: SubIssueOrder[] },
    nowMs: number,
  ): Promise<void> {
    // A mirrored page is an import, which readers see.
    return this.tx.write('seen-by-readers', async (sql) => {
      const source = importSourceOf(page.issues, page.comments ?? [], { localAvatars: options.localAvatars ?? false }, page.events ?? []);
      const { repo } = await importRows(sql, options, source, nowMs);
      await runOperation(sql, writeSubIssueOrders(POSTGRES_DIALECT, repo.id, page.subIssueOrders ?? []));
      await runOperation(sql, saveMirrorWalk(POSTGRES_DIALECT, repo.id, walk, state));
    });
  }

  saveMirrorWalk(repoId: number, walk: MirrorWalkName, state: MirrorWalk): Promise<void> {
    // A walk's progress, the source's privacy and when a mirror completed are the mirror's bookkeeping: no request reads them.
    return this.tx.write('bookkeeping', (sql) => runOperation(sql, saveMirrorWalk(POSTGRES_DIALECT, repoId, walk, state)));
  }

  setMirrorSourcePrivate(repoId: number, isPrivate: boolean): Promise<void> {
    return this.tx.write('bookkeeping', (sql) => runOperation(sql, setMirrorSourcePrivate(POSTGRES_DIALECT, repoId, isPrivate)));
  }

  completeMirror(repoId: number, nowMs: number): Promise<void> {
    return this.tx.write('bookkeeping', (sql) => runOperation(sql, completeMirror(POSTGRES_DIALECT, repoId, nowMs)));
  }
}
