/**
 * The storage on PostgreSQL, for several service instances sharing one
 * database: the same answers as SQLite's (the contract suite runs on both),
 * over a connection pool. Every write is one transaction that also bumps
 * `store_version`, so every instance hears of it (change-listener.ts).
 *
 * Counts for `rel="last"` are kept until the data changes, as on SQLite; a
 * page's rows are found by an index-only walk of the sort key before the
 * documents are read, so a deep page does not read the documents it skips.
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
} from '../records';
import { toRepo, type RepoRow } from '../repo-row';
import type { Storage } from '../storage';
import { StoreError } from '../store-error';
import { ChangeListener } from './change-listener';
import { migratePostgres } from './migrate';
import { toPostgresStorageError } from './postgres-errors';
import { ensureRepo, importRows, readRepo, touchRepo, upsertUsers } from './postgres-import';
import { searchIssuesOnPostgres } from './postgres-search';
import { readIssueEvents, readRepoEvents, readTimeline } from './postgres-timeline';
import { describePostgresUrl } from './postgres-url';
import { countOf, hasNul, Params, sqlOf, type Sql } from './sql';

export interface PostgresOpenOptions {
  /** connections this instance may hold (pg's pool `max`) */
  maxConnections?: number;
  log?: (line: string) => void;
}

/** How long a connection may take to open, and a statement to answer, before the request gives up (a 503, not a hang). */
const CONNECT_TIMEOUT_MS = 2500;
const STATEMENT_TIMEOUT_MS = 3000;
/** the client's own bound, for a server that stops answering altogether (its statement_timeout cannot fire) */
const ANSWER_TIMEOUT_MS = 3500;
const COUNT_CACHE_SIZE = 500;

const SORT_COLUMNS = { created: 'created_at', updated: 'updated_at', comments: 'comments' } as const;

interface MirrorWalkRow extends Record<string, unknown> {
  walk: MirrorWalkName;
  first_url: string | null;
  etag: string | null;
  since: string | null;
  next_url: string | null;
  run_newest: string | null;
}

/** Opens, migrates and listens; a database that cannot be reached is a StorageError naming it. */
export async function openPostgresStorage(url: string, options: PostgresOpenOptions = {}): Promise<PostgresStorage> {
  const name = describePostgresUrl(url);
  const log = options.log ?? ((line: string) => console.error(line));
  const config: pg.PoolConfig = {
    connectionString: url,
    max: options.maxConnections ?? 10,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    statement_timeout: STATEMENT_TIMEOUT_MS,
    query_timeout: ANSWER_TIMEOUT_MS,
  };
  const pool = new pg.Pool(config);
  // An idle connection the server drops (a restart) must not crash the process; the next query reports it.
  pool.on('error', () => undefined);
  const listener = new ChangeListener({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS }, log);
  try {
    const client = await pool.connect();
    try {
      await migratePostgres(client, { name });
    } finally {
      client.release();
    }
    await listener.start();
  } catch (err) {
    await listener.close();
    await pool.end().catch(() => undefined);
    throw toPostgresStorageError(err, name);
  }
  return new PostgresStorage(pool, listener, name, null);
}

export class PostgresStorage implements Storage {
  private readonly sql: Sql;
  /** counts for `rel="last"`, valid until `changeVersion` moves */
  private readonly counts = new Map<string, number>();
  private countsVersion = -1;

  constructor(
    private readonly pool: pg.Pool,
    private readonly listener: ChangeListener,
    /** the database as messages name it (no password) */
    readonly name: string,
    /** the transaction of `atomically`, when this storage is its view */
    private readonly transaction: pg.PoolClient | null,
  ) {
    this.sql = sqlOf(transaction ?? pool);
  }

  /** the pool's queries, outside any transaction (the shared rate limits use them) */
  get queries(): Sql {
    return sqlOf(this.pool);
  }

  changeVersion(): number {
    return this.listener.version();
  }

  private async count(text: string, args: readonly unknown[]): Promise<number> {
    const version = this.changeVersion();
    if (version !== this.countsVersion) {
      this.counts.clear();
      this.countsVersion = version;
    }
    const key = `${text}\u0000${JSON.stringify(args)}`;
    const known = this.counts.get(key);
    if (known !== undefined) return known;
    const n = await countOf(this.sql, text, args);
    // Kept only if nothing changed while it was counted.
    if (this.countsVersion === version && this.listener.version() === version) {
      if (this.counts.size >= COUNT_CACHE_SIZE) this.counts.clear();
      this.counts.set(key, n);
    }
    return n;
  }

  /**
   * Runs `work` on one pooled connection inside `BEGIN` (with `begin`'s options) … `COMMIT`,
   * rolled back if it fails. A write (`bumps`) also moves the store version in the same
   * transaction, which notifies every instance at commit.
   */
  private async transactionOf<T>(begin: string, bumps: boolean, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    const sql = sqlOf(client);
    try {
      await sql.query(begin);
      const result = await work(client);
      if (bumps) await sql.query('UPDATE store_version SET version = version + 1 WHERE id = 1');
      await sql.query('COMMIT');
      return result;
    } catch (err) {
      await sql.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      client.release();
      if (bumps) this.listener.bump();
    }
  }

  /** Runs `work` as one write transaction, or, inside `atomically`, as a savepoint of its transaction. */
  private async write<T>(work: (sql: Sql) => Promise<T>): Promise<T> {
    if (!this.transaction) return this.transactionOf('BEGIN', true, (client) => work(sqlOf(client)));
    const sql = sqlOf(this.transaction);
    await sql.query('SAVEPOINT write');
    try {
      const result = await work(sql);
      await sql.query('RELEASE SAVEPOINT write');
      return result;
    } catch (err) {
      await sql.query('ROLLBACK TO SAVEPOINT write');
      throw err;
    }
  }

  atomically<T>(work: (storage: Storage) => Promise<T>): Promise<T> {
    if (this.transaction) return work(this);
    return this.transactionOf('BEGIN', true, (client) => work(new PostgresStorage(this.pool, this.listener, this.name, client)));
  }

  async close(): Promise<void> {
    if (this.transaction) return;
    await this.listener.close();
    await this.pool.end();
  }

  // Repositories and users

  findRepo(owner: string, name: string): Promise<RepoRecord | null> {
    return readRepo(this.sql, owner, name);
  }

  async findRenamed(owner: string, name: string): Promise<RepoRecord | null> {
    if (hasNul(owner, name)) return null;
    const [row] = await this.sql.query<RepoRow & Record<string, unknown>>(
      'SELECT r.* FROM repo_redirects d JOIN repos r ON r.id = d.repo_id WHERE d.owner = $1 AND d.name = $2',
      [owner, name],
    );
    return row ? toRepo(row) : null;
  }

  async findUser(login: string): Promise<UserRecord | null> {
    if (hasNul(login)) return null;
    const [row] = await this.sql.query<UserRecord & Record<string, unknown>>('SELECT login::text, id, name, type FROM users WHERE login = $1', [login]);
    return row ?? null;
  }

  // Issues, comments, labels, history

  async listIssues(repoId: number, params: ListParams): Promise<DocumentPage> {
    // A filter no stored issue can meet (see `hasNul`).
    if (hasNul(params.creator, params.assignee, params.mentioned, params.milestone, params.since, ...params.labels)) return { total: 0, documents: [] };
    const p = new Params();
    const repo = p.next(repoId);
    const where: string[] = [`repo_id = ${repo}`];
    if (params.state !== 'all') where.push(`state = ${p.next(params.state)}`);
    if (params.since) where.push(`updated_at >= ${p.next(params.since)}`);
    if (params.creator) where.push(`creator = ${p.next(params.creator)}`);
    if (params.milestone === '*') where.push('milestone IS NOT NULL');
    else if (params.milestone === 'none') where.push('milestone IS NULL');
    // A milestone that is not a number matches nothing, as on GitHub; nor does one past any stored (and BIGINT's range).
    else if (params.milestone !== null) {
      const number = /^\d+$/.test(params.milestone) ? Number(params.milestone) : -1;
      where.push(`milestone = ${p.next(Number.isSafeInteger(number) ? number : -1)}`);
    }
    if (params.assignee === '*') where.push('assignee_count > 0');
    else if (params.assignee === 'none') where.push('assignee_count = 0');
    else if (params.assignee !== null) where.push(`number IN (SELECT number FROM issue_assignees WHERE repo_id = ${repo} AND login = ${p.next(params.assignee)})`);
    if (params.mentioned !== null) where.push(`number IN (SELECT number FROM issue_mentions WHERE repo_id = ${repo} AND login = ${p.next(params.mentioned)})`);
    if (params.labels.length > 0) {
      const ids: Array<number | undefined> = [];
      for (const name of params.labels) {
        const [row] = await this.sql.query<{ id: number }>('SELECT id FROM labels WHERE repo_id = $1 AND name = $2', [repoId, name]);
        ids.push(row?.id);
      }
      // A label the repository does not have: no issue carries it.
      if (ids.some((id) => id === undefined)) return { total: 0, documents: [] };
      where.push(
        `number IN (SELECT number FROM issue_labels WHERE repo_id = ${repo} AND label_id = ANY(${p.next(ids)}::bigint[]) GROUP BY number HAVING COUNT(*) = ${p.next(ids.length)})`,
      );
    }
    const whereSql = where.join(' AND ');
    const total = await this.count(`SELECT COUNT(*) FROM issues WHERE ${whereSql}`, p.values);
    const offset = (params.page - 1) * params.perPage;
    if (offset >= total) return { total, documents: [] };
    const column = SORT_COLUMNS[params.sort];
    const dir = params.direction === 'asc' ? 'ASC' : 'DESC';
    const rows = await this.sql.query<{ doc: string }>(
      `SELECT i.doc FROM (SELECT number, ${column} AS key FROM issues WHERE ${whereSql} ORDER BY ${column} ${dir}, number ${dir}
         LIMIT ${p.next(params.perPage)} OFFSET ${p.next(offset)}) k
       JOIN issues i ON i.repo_id = ${repo} AND i.number = k.number
       ORDER BY k.key ${dir}, k.number ${dir}`,
      p.values,
    );
    return { total, documents: rows.map((r) => r.doc) };
  }

  async getIssue(repoId: number, number: number): Promise<string | null> {
    const [row] = await this.sql.query<{ doc: string }>('SELECT doc FROM issues WHERE repo_id = $1 AND number = $2', [repoId, number]);
    return row?.doc ?? null;
  }

  /** A page of comments in the order given (`created_at`/`updated_at`, then id). */
  private async commentPage(where: string, args: unknown[], column: 'created_at' | 'updated_at', dir: 'ASC' | 'DESC', params: PageParams): Promise<DocumentPage> {
    const total = await this.count(`SELECT COUNT(*) FROM comments WHERE ${where}`, args);
    const offset = (params.page - 1) * params.perPage;
    if (offset >= total) return { total, documents: [] };
    const n = args.length;
    const rows = await this.sql.query<{ doc: string }>(
      `SELECT c.doc FROM (SELECT id, ${column} AS key FROM comments WHERE ${where} ORDER BY ${column} ${dir}, id ${dir} LIMIT $${n + 1} OFFSET $${n + 2}) k
       JOIN comments c ON c.id = k.id ORDER BY k.key ${dir}, k.id ${dir}`,
      [...args, params.perPage, offset],
    );
    return { total, documents: rows.map((r) => r.doc) };
  }

  listComments(repoId: number, number: number, params: PageParams & { since: string | null }): Promise<DocumentPage> {
    const where = params.since ? 'repo_id = $1 AND issue_number = $2 AND updated_at >= $3' : 'repo_id = $1 AND issue_number = $2';
    return this.commentPage(where, params.since ? [repoId, number, params.since] : [repoId, number], 'created_at', 'ASC', params);
  }

  listRepoComments(repoId: number, params: RepoCommentParams): Promise<DocumentPage> {
    const where = params.since ? 'repo_id = $1 AND updated_at >= $2' : 'repo_id = $1';
    const column = params.sort === 'updated' ? 'updated_at' : 'created_at';
    return this.commentPage(where, params.since ? [repoId, params.since] : [repoId], column, params.direction === 'asc' ? 'ASC' : 'DESC', params);
  }

  async listLabels(repoId: number, params: PageParams): Promise<LabelPage> {
    const total = await this.count('SELECT COUNT(*) FROM labels WHERE repo_id = $1', [repoId]);
    const offset = (params.page - 1) * params.perPage;
    if (offset >= total) return { total, labels: [] };
    const rows = await this.sql.query<{ id: number; name: string; color: string; description: string | null; is_default: number }>(
      // citext orders without case, as SQLite's COLLATE NOCASE; the id keeps equal names apart.
      'SELECT id, name::text, color, description, is_default FROM labels WHERE repo_id = $1 ORDER BY name, id LIMIT $2 OFFSET $3',
      [repoId, params.perPage, offset],
    );
    return { total, labels: rows.map((r) => ({ id: r.id, name: r.name, color: r.color, description: r.description, isDefault: r.is_default === 1 })) };
  }

  listTimeline(repoId: number, number: number, params: PageParams): Promise<DocumentPage> {
    return readTimeline(this.sql, repoId, number, params);
  }

  listIssueEvents(repoId: number, number: number | null, params: PageParams): Promise<DocumentPage> {
    return number === null ? readRepoEvents(this.sql, repoId, params) : readIssueEvents(this.sql, repoId, number, params);
  }

  openIssueCount(repoId: number): Promise<number> {
    return this.count("SELECT COUNT(*) FROM issues WHERE repo_id = $1 AND state = 'open'", [repoId]);
  }

  /** Its statements (the total, the page) read one snapshot, so an import between them cannot tear the answer. */
  searchIssues(request: SearchRequest): Promise<SearchPage> {
    if (this.transaction) return searchIssuesOnPostgres(this.sql, request);
    return this.inSnapshot((sql) => searchIssuesOnPostgres(sql, request));
  }

  private inSnapshot<T>(read: (sql: Sql) => Promise<T>): Promise<T> {
    return this.transactionOf('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY', false, (client) => read(sqlOf(client)));
  }

  // Imports and renames

  importIssues(options: ImportOptions, issues: ImportedIssue[], comments: ImportedComment[], nowMs: number, events: ImportedEvent[] = []): Promise<ImportResult> {
    return this.importFrom(options, importSourceOf(issues, comments, { localAvatars: options.localAvatars ?? false }, events), nowMs);
  }

  importFrom(options: ImportOptions, source: ImportSource, nowMs: number): Promise<ImportResult> {
    return this.write((sql) => importRows(sql, options, source, nowMs));
  }

  renameRepo(from: { owner: string; name: string }, to: { owner: string; name: string }, nowMs: number): Promise<RepoRecord> {
    return this.write(async (sql) => {
      const repo = await readRepo(sql, from.owner, from.name);
      if (!repo) throw new StoreError(`no repository ${from.owner}/${from.name}`);
      const taken = await readRepo(sql, to.owner, to.name);
      if (taken && taken.id !== repo.id) throw new StoreError(`${to.owner}/${to.name} already exists`);
      await sql.query('UPDATE repos SET owner = $1, name = $2 WHERE id = $3', [to.owner, to.name, repo.id]);
      await sql.query('DELETE FROM repo_redirects WHERE owner = $1 AND name = $2', [to.owner, to.name]);
      if (from.owner.toLowerCase() !== to.owner.toLowerCase() || from.name.toLowerCase() !== to.name.toLowerCase()) {
        await sql.query(
          `INSERT INTO repo_redirects (owner, name, repo_id) VALUES ($1, $2, $3)
           ON CONFLICT (owner, name) DO UPDATE SET owner = excluded.owner, name = excluded.name, repo_id = excluded.repo_id`,
          [repo.owner, repo.name, repo.id],
        );
      }
      await touchRepo(sql, repo.id, nowMs);
      const renamed = await readRepo(sql, to.owner, to.name);
      if (!renamed) throw new Error('repository vanished during rename');
      return renamed;
    });
  }

  // Tokens

  async findToken(hash: string): Promise<TokenRecord | null> {
    if (hasNul(hash)) return null;
    const rows = await this.sql.query<{ hash: string; login: string; name: string; expires_at: number | null; created_at: number; repo_id: number | null }>(
      `SELECT t.hash, t.login::text, t.name, t.expires_at, t.created_at, g.repo_id
       FROM tokens t LEFT JOIN token_repos g ON g.token_hash = t.hash WHERE t.hash = $1`,
      [hash],
    );
    const [row] = rows;
    if (!row) return null;
    return {
      hash: row.hash,
      login: row.login,
      name: row.name,
      expiresAt: row.expires_at,
      createdAt: row.created_at,
      privateRepoIds: new Set(rows.flatMap((r) => (r.repo_id === null ? [] : [r.repo_id]))),
    };
  }

  createToken(token: NewToken, nowMs: number): Promise<void> {
    return this.write(async (sql) => {
      const repoIds: number[] = [];
      for (const fullName of token.repos) {
        const [owner = '', name = ''] = fullName.split('/');
        const repo = await readRepo(sql, owner, name);
        if (!repo) throw new StoreError(`no repository ${fullName}`);
        repoIds.push(repo.id);
      }
      const known = await sql.query('SELECT 1 FROM users WHERE login = $1', [token.login]);
      if (known.length === 0) await upsertUsers(sql, [{ login: token.login }]);
      await sql.query('INSERT INTO tokens (hash, login, name, expires_at, created_at) VALUES ($1, $2, $3, $4, $5)', [
        token.hash, token.login, token.name, token.expiresAt, Math.floor(nowMs / 1000),
      ]);
      if (repoIds.length > 0) {
        await sql.query('INSERT INTO token_repos (token_hash, repo_id) SELECT $1, unnest($2::bigint[]) ON CONFLICT DO NOTHING', [token.hash, repoIds]);
      }
    });
  }

  revokeToken(hash: string): Promise<boolean> {
    return this.write(async (sql) => (await sql.query('DELETE FROM tokens WHERE hash = $1 RETURNING hash', [hash])).length > 0);
  }

  // Rate-limit counters

  async loadCounters(): Promise<StoredCounter[]> {
    const rows = await this.sql.query<{ key: string; window_start_ms: number; used: number }>('SELECT key, window_start_ms, used FROM rate_counters');
    return rows.map((r) => ({ key: r.key, windowStartMs: r.window_start_ms, used: r.used }));
  }

  async saveCounters(counters: StoredCounter[]): Promise<void> {
    if (counters.length === 0) return;
    const rows = [...new Map(counters.map((c) => [c.key, c])).values()];
    await this.sql.query(
      `INSERT INTO rate_counters (key, window_start_ms, used) SELECT * FROM unnest($1::text[], $2::bigint[], $3::int[])
       ON CONFLICT (key) DO UPDATE SET window_start_ms = excluded.window_start_ms, used = excluded.used`,
      [rows.map((c) => c.key), rows.map((c) => c.windowStartMs), rows.map((c) => c.used)],
    );
  }

  // Mirror state

  private async readMirror(sql: Sql, repo: RepoRecord): Promise<MirrorRecord | null> {
    const [row] = await sql.query<{ source: string; source_private: number | null; completed_at: number | null }>(
      'SELECT source, source_private, completed_at FROM mirrors WHERE repo_id = $1',
      [repo.id],
    );
    if (!row) return null;
    const walks = await sql.query<MirrorWalkRow>('SELECT * FROM mirror_walks WHERE repo_id = $1', [repo.id]);
    const walkOf = (name: MirrorWalkName): MirrorWalk => {
      const w = walks.find((r) => r.walk === name);
      return { firstUrl: w?.first_url ?? null, etag: w?.etag ?? null, since: w?.since ?? null, nextUrl: w?.next_url ?? null, runNewest: w?.run_newest ?? null };
    };
    return {
      repo,
      source: row.source,
      sourcePrivate: row.source_private === null ? null : row.source_private === 1,
      completedAt: row.completed_at,
      walks: { issues: walkOf('issues'), comments: walkOf('comments'), events: walkOf('events') },
    };
  }

  async findMirror(owner: string, name: string, source: string): Promise<MirrorRecord | null> {
    const repo = await readRepo(this.sql, owner, name);
    const record = repo ? await this.readMirror(this.sql, repo) : null;
    return record !== null && record.source === source ? record : null;
  }

  openMirror(options: ImportOptions, source: string, nowMs: number): Promise<MirrorRecord> {
    return this.write(async (sql) => {
      const repo = await ensureRepo(sql, options, nowMs);
      const existing = await this.readMirror(sql, repo);
      if (existing !== null && existing.source === source) return existing;
      await sql.query('DELETE FROM mirrors WHERE repo_id = $1', [repo.id]);
      await sql.query('INSERT INTO mirrors (repo_id, source) VALUES ($1, $2)', [repo.id, source]);
      const created = await this.readMirror(sql, (await readRepo(sql, repo.owner, repo.name)) ?? repo);
      if (!created) throw new Error('mirror row vanished after insert');
      return created;
    });
  }

  saveMirrorPage(
    options: ImportOptions,
    walk: MirrorWalkName,
    state: MirrorWalk,
    page: { issues: ImportedIssue[]; comments?: ImportedComment[]; events?: ImportedEvent[] },
    nowMs: number,
  ): Promise<void> {
    return this.write(async (sql) => {
      const source = importSourceOf(page.issues, page.comments ?? [], { localAvatars: options.localAvatars ?? false }, page.events ?? []);
      const { repo } = await importRows(sql, options, source, nowMs);
      await saveWalk(sql, repo.id, walk, state);
    });
  }

  saveMirrorWalk(repoId: number, walk: MirrorWalkName, state: MirrorWalk): Promise<void> {
    return this.write((sql) => saveWalk(sql, repoId, walk, state));
  }

  async setMirrorSourcePrivate(repoId: number, isPrivate: boolean): Promise<void> {
    await this.write((sql) => sql.query('UPDATE mirrors SET source_private = $1 WHERE repo_id = $2', [isPrivate ? 1 : 0, repoId]));
  }

  async completeMirror(repoId: number, nowMs: number): Promise<void> {
    await this.write((sql) => sql.query('UPDATE mirrors SET completed_at = $1 WHERE repo_id = $2', [Math.floor(nowMs / 1000), repoId]));
  }
}

async function saveWalk(sql: Sql, repoId: number, walk: MirrorWalkName, state: MirrorWalk): Promise<void> {
  await sql.query(
    `INSERT INTO mirror_walks (repo_id, walk, first_url, etag, since, next_url, run_newest) VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (repo_id, walk) DO UPDATE SET first_url = excluded.first_url, etag = excluded.etag, since = excluded.since,
       next_url = excluded.next_url, run_newest = excluded.run_newest`,
    [repoId, walk, state.firstUrl, state.etag, state.since, state.nextUrl, state.runNewest],
  );
}
