/**
 * The storage (storage.ts) on SQLite (better-sqlite3): one file, created on first run,
 * WAL mode so reads never wait for an import. Every write that must not be
 * half-done runs in one transaction.
 */
import Database from 'better-sqlite3';
import type { ListParams, PageParams, RepoCommentParams } from '../../shared/list-params';
import { toIsoSeconds } from '../../shared/iso-seconds';
import { mentionsIn, userId, type LabelRecord } from './build-documents';
import { cleanText } from './issue-document';
import { KeysetPager } from './keyset-pager';
import { importSourceOf, labelKey, type ImportSource, type LabelSpec } from './import-rows';
import type { ImportedComment, ImportedEvent, ImportedIssue, ImportedUser } from './import-schema';
import type {
  DocumentPage,
  ImportOptions,
  ImportResult,
  LabelPage,
  MirrorRecord,
  MirrorWalk,
  MirrorWalkName,
  NewToken,
  RepoRecord,
  SearchPage,
  SearchRequest,
  StoredCounter,
  TokenRecord,
  UserRecord,
} from './records';
import type { Storage } from './storage';
import { toRepo, type RepoRow } from './repo-row';
import { MIGRATIONS } from './schema';
import { SearchIndexWriter } from './sqlite-search-index';
import { hasEvents, readIssueEvents, readRepoEvents, readTimeline, refreshClosedBy } from './sqlite-timeline';
import { searchIssues } from './sqlite-search';
import { StatementCache } from './statement-cache';
import { StoreError } from './store-error';

export { StoreError };

interface MirrorWalkRow {
  walk: MirrorWalkName;
  first_url: string | null;
  etag: string | null;
  since: string | null;
  next_url: string | null;
  run_newest: string | null;
}

const SORT_COLUMNS = { created: 'created_at', updated: 'updated_at', comments: 'comments' } as const;

export interface StoreOpenOptions {
  readonly?: boolean;
  /**
   * For the commands that write thousands of rows in one transaction (import, demo, mirror):
   * each `INSERT OR REPLACE` keeps a statement journal, which SQLite otherwise writes to a temp
   * file, a write per statement that a large import spends a visible share of its time on. In
   * memory it holds one statement's pages. The server leaves its temp storage on disk, so a
   * large sort cannot grow its memory.
   */
  bulkWrites?: boolean;
  /**
   * For `import`, one transaction of hundreds of megabytes: when no other process has the file
   * open, take it for ourselves and write through a rollback journal until `close()`, which
   * returns it to WAL. In WAL mode every page is written twice, to the -wal file and again into
   * the database at the checkpoint; a rollback journal holds only the pages that existed before
   * (a new repository's rows are appended past them), so most of the import is written once and
   * a crash still rolls the whole import back. A process that opens the file meanwhile is told
   * another holds the lock. When a server already has the file open, the import stays in WAL and
   * the server's reads never wait for it.
   */
  exclusiveWhenAlone?: boolean;
}

export function openSqliteStore(file: string, options: StoreOpenOptions = {}): SqliteStore {
  const db = new Database(file, { readonly: options.readonly ?? false, fileMustExist: options.readonly ?? false });
  refuseForeignDatabase(db, file);
  if (!options.readonly) {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
  }
  if (options.bulkWrites) db.pragma('temp_store = MEMORY');
  db.pragma('foreign_keys = ON');
  const exclusive = options.exclusiveWhenAlone === true && !options.readonly && takeIfAlone(db);
  db.pragma('busy_timeout = 5000');
  migrate(db);
  return new SqliteStore(db, exclusive);
}

/**
 * Leaving WAL needs every other connection closed; SQLite answers SQLITE_BUSY at once (no
 * waiting) when another process has the file open, and the file stays in WAL. Exclusive locking
 * then keeps anyone from opening it until `close()`. Any other failure (a read-only file answers
 * with an I/O error here) also leaves WAL, for the write itself to report in its own words.
 */
function takeIfAlone(db: Database.Database): boolean {
  db.pragma('busy_timeout = 0');
  try {
    db.pragma('journal_mode = DELETE');
  } catch (err) {
    if (err instanceof Database.SqliteError) return false;
    throw err;
  }
  db.pragma('locking_mode = EXCLUSIVE');
  return true;
}

/**
 * Before anything is written (even the switch to WAL, which rewrites the header): a
 * mistyped --db naming another program's SQLite file, or one from a newer Issuescope,
 * is refused rather than altered.
 */
function refuseForeignDatabase(db: Database.Database, file: string): void {
  const version = db.pragma('user_version', { simple: true }) as number;
  const tables = db.prepare("SELECT COUNT(*) AS n FROM sqlite_master WHERE type = 'table'").pluck().get() as number;
  const problem =
    version === 0 && tables > 0 ? 'it is an SQLite database, but not an Issuescope one (it has tables of its own)'
    : version > MIGRATIONS.length ? `it was written by a newer Issuescope (schema ${version}; this one knows ${MIGRATIONS.length})`
    : null;
  if (problem === null) return;
  db.close();
  throw new StoreError(`cannot use ${file}: ${problem}`);
}

function migrate(db: Database.Database): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  for (let v = current; v < MIGRATIONS.length; v++) {
    db.transaction(() => {
      const migration = MIGRATIONS[v] ?? '';
      if (typeof migration === 'function') migration(db);
      else db.exec(migration);
      db.pragma(`user_version = ${v + 1}`);
    })();
  }
}

/**
 * Every method answers synchronously, so code that holds a `SqliteStore` (tests, the
 * fixtures they import) uses its answers directly; the service holds it as a `Storage`.
 */
export class SqliteStore implements Storage {
  private readonly statements = new Map<string, Database.Statement>();
  /** counts for `rel="last"`, valid until the next write */
  private readonly countCache = new Map<string, number>();
  private countCacheVersion = -1;
  private static readonly COUNT_CACHE_SIZE = 500;
  /** the first results of searches whose every page reads all their matches (sqlite-search.ts), valid until the next write */
  private readonly rankingCache = new Map<string, unknown[]>();
  private static readonly RANKING_CACHE_SIZE = 100;
  /** pages without OFFSET walks; its boundaries, like the counts, are valid until the next write */
  private readonly pager = new KeysetPager((sql) => this.stmt(sql));
  /** a search's SQL follows the shape of its query, so its statements are kept in a bounded cache */
  private static readonly SEARCH_STATEMENTS = 200;
  private readonly searchStatements: StatementCache;
  /** one snapshot for a page's count and rows, so a concurrent import cannot tear them apart */
  private readonly inSnapshot = <T>(read: () => T): T => this.db.transaction(read).deferred();

  constructor(
    private readonly db: Database.Database,
    /** opened with `exclusiveWhenAlone` and got the file: `close()` returns it to WAL */
    private readonly heldExclusively = false,
  ) {
    this.searchStatements = new StatementCache(db, SqliteStore.SEARCH_STATEMENTS);
  }

  /** whether `forgetIfChanged` has looked in this turn of the event loop */
  private checkedThisTurn = false;
  /** `changeVersion`: moves on with every change seen, this connection's own writes included */
  private generation = 0;

  /**
   * Drops what was derived from the data once another connection (the CLI's import or mirror)
   * has written. SQLite's data_version changes exactly when another connection has committed;
   * reading it starts a read transaction (file locks: system calls), so the lookups every
   * request makes (lookup-cache.ts asks `changeVersion`) share one look per turn of the event
   * loop: a commit counts from the next turn, which is as if it had come a moment later. A read
   * in a snapshot (`inSnapshot`) looks again inside it, so the remembered counts and page
   * boundaries it uses belong to the very data it reads.
   */
  private forgetIfChanged(inSnapshot = false): void {
    if (this.checkedThisTurn && !inSnapshot) return;
    const version = this.stmt('PRAGMA data_version').pluck().get() as number;
    if (version !== this.countCacheVersion) this.forgetDerived(version);
    if (!this.checkedThisTurn) {
      this.checkedThisTurn = true;
      setImmediate(() => (this.checkedThisTurn = false));
    }
  }

  private forgetDerived(version = this.countCacheVersion): void {
    this.countCache.clear();
    this.rankingCache.clear();
    this.pager.clear();
    this.countCacheVersion = version;
    this.generation += 1;
  }

  changeVersion(): number {
    this.forgetIfChanged();
    return this.generation;
  }

  private stmt(sql: string): Database.Statement {
    let s = this.statements.get(sql);
    if (!s) {
      s = this.db.prepare(sql);
      this.statements.set(sql, s);
    }
    return s;
  }

  findRepo(owner: string, name: string): RepoRecord | null {
    return this.readRepo(owner, name);
  }

  private readRepo(owner: string, name: string): RepoRecord | null {
    const row = this.stmt('SELECT * FROM repos WHERE owner = ? AND name = ?').get(owner, name) as RepoRow | undefined;
    return row ? toRepo(row) : null;
  }

  findRenamed(owner: string, name: string): RepoRecord | null {
    const row = this.stmt(
      'SELECT r.* FROM repo_redirects d JOIN repos r ON r.id = d.repo_id WHERE d.owner = ? AND d.name = ?',
    ).get(owner, name) as RepoRow | undefined;
    return row ? toRepo(row) : null;
  }

  listIssues(repoId: number, params: ListParams): DocumentPage {
    return this.inSnapshot(() => this.readIssues(repoId, params));
  }

  private readIssues(repoId: number, params: ListParams): DocumentPage {
    this.forgetIfChanged(true);
    const where: string[] = ['repo_id = ?'];
    const args: unknown[] = [repoId];
    if (params.state !== 'all') {
      where.push('state = ?');
      args.push(params.state);
    }
    if (params.since) {
      where.push('updated_at >= ?');
      args.push(params.since);
    }
    if (params.creator) {
      where.push('creator = ?');
      args.push(params.creator);
    }
    if (params.milestone === '*') where.push('milestone IS NOT NULL');
    else if (params.milestone === 'none') where.push('milestone IS NULL');
    else if (params.milestone !== null) {
      // A milestone that is not a number matches nothing, as on GitHub.
      where.push('milestone = ?');
      args.push(/^\d+$/.test(params.milestone) ? Number(params.milestone) : -1);
    }
    if (params.assignee === '*') where.push('assignee_count > 0');
    else if (params.assignee === 'none') where.push('assignee_count = 0');
    else if (params.assignee !== null) {
      where.push('number IN (SELECT number FROM issue_assignees WHERE repo_id = ? AND login = ?)');
      args.push(repoId, params.assignee);
    }
    if (params.mentioned !== null) {
      where.push('number IN (SELECT number FROM issue_mentions WHERE repo_id = ? AND login = ?)');
      args.push(repoId, params.mentioned);
    }
    if (params.labels.length > 0) {
      const ids = params.labels.map(
        (name) => (this.stmt('SELECT id FROM labels WHERE repo_id = ? AND name = ?').get(repoId, name) as { id: number } | undefined)?.id,
      );
      // A label the repository does not have: no issue carries it.
      if (ids.some((id) => id === undefined)) return { total: 0, documents: [] };
      where.push(
        `number IN (SELECT number FROM issue_labels WHERE repo_id = ? AND label_id IN (${ids.map(() => '?').join(',')}) GROUP BY number HAVING COUNT(*) = ?)`,
      );
      args.push(repoId, ...ids, ids.length);
    }
    const whereSql = where.join(' AND ');
    const total = this.count(`SELECT COUNT(*) AS n FROM issues WHERE ${whereSql}`, args);
    const offset = (params.page - 1) * params.perPage;
    if (offset >= total) return { total, documents: [] };
    const list = { from: 'issues', where: whereSql, args, sortColumn: SORT_COLUMNS[params.sort], tieColumn: 'number', descending: params.direction !== 'asc' } as const;
    return { total, documents: this.pager.page(list, offset, params.perPage) };
  }

  /** The rows of a search statement, remembered like the counts (callers check with `forgetIfChanged` first). */
  private rankedRows(sql: string, args: unknown[], prepare: (text: string) => Database.Statement): unknown[] {
    const key = `${sql}\u0000${JSON.stringify(args)}`;
    const cached = this.rankingCache.get(key);
    if (cached !== undefined) return cached;
    const rows = prepare(sql).all(...args);
    if (this.rankingCache.size >= SqliteStore.RANKING_CACHE_SIZE) this.rankingCache.clear();
    this.rankingCache.set(key, rows);
    return rows;
  }

  /** Counts for `rel="last"`, remembered until the data changes (callers check with `forgetIfChanged` first). */
  private count(sql: string, args: unknown[], prepare = (text: string) => this.stmt(text)): number {
    const key = `${sql}\u0000${JSON.stringify(args)}`;
    const cached = this.countCache.get(key);
    if (cached !== undefined) return cached;
    const n = (prepare(sql).get(...args) as { n: number }).n;
    if (this.countCache.size >= SqliteStore.COUNT_CACHE_SIZE) this.countCache.clear();
    this.countCache.set(key, n);
    return n;
  }

  getIssue(repoId: number, number: number): string | null {
    const row = this.stmt('SELECT doc FROM issues WHERE repo_id = ? AND number = ?').get(repoId, number) as { doc: string } | undefined;
    return row?.doc ?? null;
  }

  listComments(repoId: number, number: number, params: PageParams & { since: string | null }): DocumentPage {
    return this.inSnapshot(() => this.readComments(repoId, number, params));
  }

  private readComments(repoId: number, number: number, params: PageParams & { since: string | null }): DocumentPage {
    this.forgetIfChanged(true);
    const where = params.since ? 'repo_id = ? AND issue_number = ? AND updated_at >= ?' : 'repo_id = ? AND issue_number = ?';
    const args: unknown[] = params.since ? [repoId, number, params.since] : [repoId, number];
    const total = this.count(`SELECT COUNT(*) AS n FROM comments WHERE ${where}`, args);
    const offset = (params.page - 1) * params.perPage;
    if (offset >= total) return { total, documents: [] };
    const list = { from: 'comments', where, args, sortColumn: 'created_at', tieColumn: 'id', descending: false } as const;
    return { total, documents: this.pager.page(list, offset, params.perPage) };
  }

  listRepoComments(repoId: number, params: RepoCommentParams): DocumentPage {
    return this.inSnapshot(() => this.readRepoComments(repoId, params));
  }

  private readRepoComments(repoId: number, params: RepoCommentParams): DocumentPage {
    this.forgetIfChanged(true);
    const where = params.since ? 'repo_id = ? AND updated_at >= ?' : 'repo_id = ?';
    const args: unknown[] = params.since ? [repoId, params.since] : [repoId];
    const total = this.count(`SELECT COUNT(*) AS n FROM comments WHERE ${where}`, args);
    const offset = (params.page - 1) * params.perPage;
    if (offset >= total) return { total, documents: [] };
    const list = {
      from: 'comments',
      where,
      args,
      sortColumn: params.sort === 'updated' ? 'updated_at' : 'created_at',
      tieColumn: 'id',
      descending: params.direction !== 'asc',
    } as const;
    return { total, documents: this.pager.page(list, offset, params.perPage) };
  }

  listTimeline(repoId: number, number: number, params: PageParams): DocumentPage {
    return this.inSnapshot(() => {
      this.forgetIfChanged(true);
      return readTimeline((sql) => this.stmt(sql), (sql, args) => this.count(sql, args), repoId, number, params);
    });
  }

  listIssueEvents(repoId: number, number: number | null, params: PageParams): DocumentPage {
    return this.inSnapshot(() => {
      this.forgetIfChanged(true);
      const prepare = (sql: string) => this.stmt(sql);
      const count = (sql: string, args: unknown[]) => this.count(sql, args);
      return number === null ? readRepoEvents(prepare, count, repoId, params) : readIssueEvents(prepare, count, repoId, number, params);
    });
  }

  listLabels(repoId: number, params: PageParams): LabelPage {
    this.forgetIfChanged();
    const total = this.count('SELECT COUNT(*) AS n FROM labels WHERE repo_id = ?', [repoId]);
    const offset = (params.page - 1) * params.perPage;
    if (offset >= total) return { total, labels: [] };
    const rows = this.stmt(
      'SELECT id, name, color, description, is_default FROM labels WHERE repo_id = ? ORDER BY name COLLATE NOCASE ASC LIMIT ? OFFSET ?',
    ).all(repoId, params.perPage, offset) as Array<{ id: number; name: string; color: string; description: string | null; is_default: number }>;
    return { total, labels: rows.map((r) => ({ id: r.id, name: r.name, color: r.color, description: r.description, isDefault: r.is_default === 1 })) };
  }

  searchIssues(request: SearchRequest): SearchPage {
    return this.inSnapshot(() => {
      this.forgetIfChanged(true);
      const prepare = (sql: string): Database.Statement => this.searchStatements.prepare(sql);
      return searchIssues(request, {
        prepare,
        count: (sql, args) => this.count(sql, args, prepare),
        rows: (sql, args) => this.rankedRows(sql, args, prepare),
        repo: (row) => toRepo(row as RepoRow),
      });
    });
  }

  openIssueCount(repoId: number): number {
    this.forgetIfChanged();
    return this.count("SELECT COUNT(*) AS n FROM issues WHERE repo_id = ? AND state = 'open'", [repoId]);
  }

  findToken(hash: string): TokenRecord | null {
    const row = this.stmt('SELECT hash, login, name, expires_at, created_at FROM tokens WHERE hash = ?').get(hash) as
      | { hash: string; login: string; name: string; expires_at: number | null; created_at: number }
      | undefined;
    if (!row) return null;
    const repos = this.stmt('SELECT repo_id FROM token_repos WHERE token_hash = ?').all(hash) as Array<{ repo_id: number }>;
    return {
      hash: row.hash,
      login: row.login,
      name: row.name,
      expiresAt: row.expires_at,
      createdAt: row.created_at,
      privateRepoIds: new Set(repos.map((r) => r.repo_id)),
    };
  }

  findUser(login: string): UserRecord | null {
    const row = this.stmt('SELECT login, id, name, type FROM users WHERE login = ?').get(login) as UserRecord | undefined;
    return row ?? null;
  }

  importIssues(options: ImportOptions, issues: ImportedIssue[], comments: ImportedComment[], nowMs: number, events: ImportedEvent[] = []): ImportResult {
    return this.importFrom(options, importSourceOf(issues, comments, { localAvatars: options.localAvatars ?? false }, events), nowMs);
  }

  importFrom(options: ImportOptions, source: ImportSource, nowMs: number): ImportResult {
    // Before the write lock is taken: a worker source is still reading its files.
    const { plan } = source;
    const run = this.db.transaction((): ImportResult => {
      const repo = this.ensureRepo(options, nowMs);
      for (const user of plan.users) this.upsertUser(user);
      // Rows hanging off an issue stored before (labels, assignees, mentions) are replaced;
      // a new issue has none, so it skips three deletes and a read of its comments.
      const stored = new Set(this.stmt('SELECT number FROM issues WHERE repo_id = ?').pluck().all(repo.id) as number[]);
      const labels = this.upsertLabels(repo.id, plan.labels);
      const numbers = new Set(plan.numbers);
      /** issue number → logins mentioned in its body and in this import's comments on it */
      const mentions = new Map<number, Set<string>>();
      const mention = (n: number, logins: string[]): void => {
        const set = mentions.get(n) ?? new Set<string>();
        for (const login of logins) set.add(login);
        mentions.set(n, set);
      };

      // CAST: a document built on the import's worker arrives as UTF-8 bytes, which SQLite
      // would otherwise store as a BLOB; as text it is exactly what a string would have been.
      const insertIssue = this.stmt(
        `INSERT OR REPLACE INTO issues (repo_id, number, state, created_at, updated_at, comments, creator, milestone, assignee_count, doc,
           is_pull_request, closed_at, milestone_title)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, CAST(? AS TEXT), ?, ?, ?)`,
      );
      const searchIndex = new SearchIndexWriter((sql) => this.stmt(sql));
      let issueCount = 0;
      for (const row of source.issueRows(repo.id, labels)) {
        insertIssue.run(
          repo.id, row.number, row.state, row.createdAt, row.updatedAt, row.comments, row.creator, row.milestone, row.assigneeCount, row.doc,
          row.isPullRequest ? 1 : 0, row.closedAt, row.milestoneTitle,
        );
        // A new issue's row carries all its text (this import's comments on it included);
        // a stored one may also have comments from earlier imports.
        if (stored.has(row.number)) searchIndex.markStale(repo.id, row.number);
        else searchIndex.add(repo.id, row.number, row.search);
        if (stored.has(row.number)) {
          this.stmt('DELETE FROM issue_labels WHERE repo_id = ? AND number = ?').run(repo.id, row.number);
          this.stmt('DELETE FROM issue_assignees WHERE repo_id = ? AND number = ?').run(repo.id, row.number);
          this.stmt('DELETE FROM issue_mentions WHERE repo_id = ? AND number = ?').run(repo.id, row.number);
          this.stmt('DELETE FROM issue_references WHERE repo_id = ? AND source_number = ? AND source_comment = 0').run(repo.id, row.number);
        }
        this.addReferences(repo.id, row.number, 0, row.references, row.createdAt);
        for (const id of row.labelIds) this.stmt('INSERT OR IGNORE INTO issue_labels (repo_id, label_id, number) VALUES (?, ?, ?)').run(repo.id, id, row.number);
        for (const login of row.assignees) this.stmt('INSERT OR IGNORE INTO issue_assignees (repo_id, login, number) VALUES (?, ?, ?)').run(repo.id, login, row.number);
        mention(row.number, row.mentions);
        issueCount++;
      }

      let commentCount = 0;
      for (const row of source.commentRows()) {
        const n = row.issueNumber;
        if (!numbers.has(n) && this.getIssue(repo.id, n) === null) {
          throw new StoreError(`comment ${row.id} belongs to issue #${n}, which ${options.owner}/${options.name} does not have`);
        }
        // A comment given again under another issue (or repository) moves: the text of the
        // issue it leaves is rebuilt too.
        const before = this.stmt('SELECT repo_id, issue_number FROM comments WHERE id = ?').get(row.id) as
          | { repo_id: number; issue_number: number }
          | undefined;
        if (before && (before.repo_id !== repo.id || before.issue_number !== n)) searchIndex.markStale(before.repo_id, before.issue_number);
        if (before) this.stmt('DELETE FROM issue_references WHERE repo_id = ? AND source_number = ? AND source_comment = ?').run(before.repo_id, before.issue_number, row.id);
        this.addReferences(repo.id, n, row.id, row.references, row.createdAt);
        this.stmt(
          'INSERT OR REPLACE INTO comments (id, repo_id, issue_number, created_at, updated_at, doc, author) VALUES (?, ?, ?, ?, ?, CAST(? AS TEXT), ?)',
        ).run(row.id, repo.id, n, row.createdAt, row.updatedAt, row.doc, row.author);
        if (!numbers.has(n) || stored.has(n)) searchIndex.markStale(repo.id, n);
        mention(n, row.mentions);
        commentCount++;
      }

      for (const [n, logins] of mentions) {
        // A re-imported issue lost its mentions above; those in comments imported earlier
        // (an incremental mirror brings an issue and only its new comments) still count.
        if (numbers.has(n) && stored.has(n)) for (const login of this.storedCommentMentions(repo.id, n)) logins.add(login);
        for (const login of logins) this.stmt('INSERT OR IGNORE INTO issue_mentions (repo_id, login, number) VALUES (?, ?, ?)').run(repo.id, login, n);
      }

      let eventCount = 0;
      /** issues whose `closed_by` may have changed: those given events now, and those imported again */
      const closable = new Set<number>(numbers);
      for (const row of source.eventRows()) {
        const n = row.issueNumber;
        if (!numbers.has(n) && this.getIssue(repo.id, n) === null) {
          throw new StoreError(`event ${row.id} happened to issue #${n}, which ${options.owner}/${options.name} does not have`);
        }
        this.stmt('INSERT OR REPLACE INTO issue_events (id, repo_id, issue_number, event, created_at, doc) VALUES (?, ?, ?, ?, ?, CAST(? AS TEXT))').run(
          row.id, repo.id, n, row.event, row.createdAt, row.doc,
        );
        closable.add(n);
        eventCount++;
      }
      const prepare = (sql: string) => this.stmt(sql);
      if (eventCount > 0 || hasEvents(prepare, repo.id)) for (const n of closable) refreshClosedBy(prepare, repo.id, n);

      searchIndex.rebuildStale();
      this.touch(repo.id, nowMs);
      return { repo: this.readRepo(repo.owner, repo.name) ?? repo, issues: issueCount, comments: commentCount, events: eventCount };
    });
    const result = run.immediate();
    this.forgetDerived();
    return result;
  }

  /** Records that issue `source` (its body, or comment `comment`) names each of `targets` as `#N`. */
  private addReferences(repoId: number, source: number, comment: number, targets: readonly number[], createdAt: string): void {
    for (const target of targets) {
      this.stmt('INSERT OR IGNORE INTO issue_references (repo_id, target_number, source_number, source_comment, created_at) VALUES (?, ?, ?, ?, ?)').run(
        repoId, target, source, comment, createdAt,
      );
    }
  }

  private storedCommentMentions(repoId: number, number: number): string[] {
    const rows = this.stmt('SELECT doc FROM comments WHERE repo_id = ? AND issue_number = ?').all(repoId, number) as Array<{ doc: string }>;
    return rows.flatMap((r) => mentionsIn((JSON.parse(r.doc) as { body?: string | null }).body));
  }

  private ensureRepo(options: ImportOptions, nowMs: number): RepoRecord {
    const existing = this.readRepo(options.owner, options.name);
    if (existing) {
      if (options.makePrivate && !existing.isPrivate) this.stmt('UPDATE repos SET private = 1 WHERE id = ?').run(existing.id);
      if (options.description !== undefined) this.stmt('UPDATE repos SET description = ? WHERE id = ?').run(options.description, existing.id);
      return existing;
    }
    // The name now belongs to a real repository, so it no longer redirects.
    this.stmt('DELETE FROM repo_redirects WHERE owner = ? AND name = ?').run(options.owner, options.name);
    this.stmt('INSERT INTO repos (owner, name, private, description, created_at, modified_at) VALUES (?, ?, ?, ?, ?, ?)').run(
      options.owner, options.name, options.makePrivate ? 1 : 0, options.description ?? null, toIsoSeconds(nowMs), Math.floor(nowMs / 1000),
    );
    const created = this.readRepo(options.owner, options.name);
    if (!created) throw new Error('repository row vanished after insert');
    return created;
  }

  /** Writes one user; `lastWordOnEachUser` first folds an import's many mentions of each into one. */
  private upsertUser(user: ImportedUser): void {
    this.stmt(
      `INSERT INTO users (login, id, name, type) VALUES (?, ?, ?, ?)
       ON CONFLICT (login) DO UPDATE SET id = excluded.id, name = COALESCE(excluded.name, users.name), type = excluded.type`,
    ).run(cleanText(user.login), userId(user), user.name ?? null, user.type ?? (user.login.endsWith('[bot]') ? 'Bot' : 'User'));
  }

  /** Creates or updates the labels an import names; returns `labelKey(name)` → record. */
  private upsertLabels(repoId: number, labels: readonly LabelSpec[]): Map<string, LabelRecord> {
    const upsert = this.stmt(
      `INSERT INTO labels (repo_id, name, color, description, is_default) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (repo_id, name) DO UPDATE SET color = excluded.color, description = excluded.description, is_default = excluded.is_default`,
    );
    const result = new Map<string, LabelRecord>();
    for (const l of labels) {
      upsert.run(repoId, l.name, l.color, l.description, l.isDefault ? 1 : 0);
      const row = this.stmt('SELECT id, name, color, description, is_default FROM labels WHERE repo_id = ? AND name = ?').get(repoId, l.name) as {
        id: number; name: string; color: string; description: string | null; is_default: number;
      };
      result.set(labelKey(l.name), { id: row.id, name: row.name, color: row.color, description: row.description, isDefault: row.is_default === 1 });
    }
    return result;
  }

  private touch(repoId: number, nowMs: number): void {
    this.stmt('UPDATE repos SET data_version = data_version + 1, modified_at = ? WHERE id = ?').run(Math.floor(nowMs / 1000), repoId);
  }

  renameRepo(from: { owner: string; name: string }, to: { owner: string; name: string }, nowMs: number): RepoRecord {
    const run = this.db.transaction((): RepoRecord => {
      const repo = this.readRepo(from.owner, from.name);
      if (!repo) throw new StoreError(`no repository ${from.owner}/${from.name}`);
      const taken = this.readRepo(to.owner, to.name);
      if (taken && taken.id !== repo.id) throw new StoreError(`${to.owner}/${to.name} already exists`);
      this.stmt('UPDATE repos SET owner = ?, name = ? WHERE id = ?').run(to.owner, to.name, repo.id);
      this.stmt('DELETE FROM repo_redirects WHERE owner = ? AND name = ?').run(to.owner, to.name);
      if (from.owner.toLowerCase() !== to.owner.toLowerCase() || from.name.toLowerCase() !== to.name.toLowerCase()) {
        this.stmt('INSERT OR REPLACE INTO repo_redirects (owner, name, repo_id) VALUES (?, ?, ?)').run(repo.owner, repo.name, repo.id);
      }
      this.touch(repo.id, nowMs);
      const renamed = this.readRepo(to.owner, to.name);
      if (!renamed) throw new Error('repository vanished during rename');
      return renamed;
    });
    const result = run.immediate();
    this.forgetDerived();
    return result;
  }

  findMirror(owner: string, name: string, source: string): MirrorRecord | null {
    const repo = this.readRepo(owner, name);
    const record = repo ? this.readMirror(repo) : null;
    return record !== null && record.source === source ? record : null;
  }

  openMirror(options: ImportOptions, source: string, nowMs: number): MirrorRecord {
    const record = this.db.transaction((): MirrorRecord => {
      const repo = this.ensureRepo(options, nowMs);
      const existing = this.readMirror(repo);
      if (existing !== null && existing.source === source) return existing;
      this.stmt('DELETE FROM mirrors WHERE repo_id = ?').run(repo.id);
      this.stmt('INSERT INTO mirrors (repo_id, source) VALUES (?, ?)').run(repo.id, source);
      const created = this.readMirror(this.readRepo(repo.owner, repo.name) ?? repo);
      if (!created) throw new Error('mirror row vanished after insert');
      return created;
    }).immediate();
    // It may have created the repository or changed its description or visibility.
    this.forgetDerived();
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
    page: { issues: ImportedIssue[]; comments?: ImportedComment[]; events?: ImportedEvent[] },
    nowMs: number,
  ): void {
    this.db.transaction(() => {
      // Nested: importIssues' own transaction becomes a savepoint of this one.
      const { repo } = this.importIssues(options, page.issues, page.comments ?? [], nowMs, page.events ?? []);
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

  createToken(token: NewToken, nowMs: number): void {
    this.db.transaction(() => {
      const repoIds = token.repos.map((fullName) => {
        const [owner = '', name = ''] = fullName.split('/');
        const repo = this.readRepo(owner, name);
        if (!repo) throw new StoreError(`no repository ${fullName}`);
        return repo.id;
      });
      this.upsertUserIfMissing(token.login);
      this.stmt('INSERT INTO tokens (hash, login, name, expires_at, created_at) VALUES (?, ?, ?, ?, ?)').run(
        token.hash, token.login, token.name, token.expiresAt, Math.floor(nowMs / 1000),
      );
      for (const id of repoIds) this.stmt('INSERT OR IGNORE INTO token_repos (token_hash, repo_id) VALUES (?, ?)').run(token.hash, id);
    }).immediate();
  }

  private upsertUserIfMissing(login: string): void {
    if (!this.findUser(login)) this.upsertUser({ login });
  }

  revokeToken(hash: string): boolean {
    const revoked = this.stmt('DELETE FROM tokens WHERE hash = ?').run(hash).changes > 0;
    this.forgetDerived();
    return revoked;
  }

  loadCounters(): StoredCounter[] {
    const rows = this.stmt('SELECT key, window_start_ms, used FROM rate_counters').all() as Array<{ key: string; window_start_ms: number; used: number }>;
    return rows.map((r) => ({ key: r.key, windowStartMs: r.window_start_ms, used: r.used }));
  }

  saveCounters(counters: StoredCounter[]): void {
    const upsert = this.stmt(
      `INSERT INTO rate_counters (key, window_start_ms, used) VALUES (?, ?, ?)
       ON CONFLICT (key) DO UPDATE SET window_start_ms = excluded.window_start_ms, used = excluded.used`,
    );
    this.db.transaction(() => {
      for (const c of counters) upsert.run(c.key, c.windowStartMs, c.used);
    })();
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
      this.forgetDerived();
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
