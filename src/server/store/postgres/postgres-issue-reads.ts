/**
 * What a request reads on PostgreSQL: repositories and users by name, and a
 * repository's issues, comments, labels and history as pages of stored
 * documents, with the same answers as SQLite's (the contract suite runs on both).
 *
 * Counts for `rel="last"` are kept until the data changes, as on SQLite; a
 * page's rows are found by an index-only walk of the sort key before the
 * documents are read, so a deep page does not read the documents it skips.
 */
import type { ListParams, PageParams, RepoCommentParams } from '../../../shared/list-params';
import type { DocumentPage, LabelPage, RepoRecord, SearchPage, SearchRequest, UserRecord } from '../records';
import { toRepo, type RepoRow } from '../repo-row';
import type { IssueReader, IssueSearch, RepositoryReader } from '../storage';
import { readRepo } from './postgres-repository-rows';
import { searchIssuesOnPostgres } from './postgres-search';
import { readIssueEvents, readRepoEvents, readTimeline } from './postgres-timeline';
import { countOf, hasNul, Params, type Sql } from './sql';
import type { WriteTransactions } from './write-transaction';

const COUNT_CACHE_SIZE = 500;

const SORT_COLUMNS = { created: 'created_at', updated: 'updated_at', comments: 'comments' } as const;

export class PostgresIssueReads implements RepositoryReader, IssueReader, IssueSearch {
  /** counts for `rel="last"`, valid until the change version moves */
  private readonly counts = new Map<string, number>();
  private countsVersion = -1;

  constructor(private readonly tx: WriteTransactions) {}

  private get sql(): Sql {
    return this.tx.sql;
  }

  private async count(text: string, args: readonly unknown[]): Promise<number> {
    const version = this.tx.changes.version();
    if (version !== this.countsVersion) {
      this.counts.clear();
      this.countsVersion = version;
    }
    const key = `${text}\u0000${JSON.stringify(args)}`;
    const known = this.counts.get(key);
    if (known !== undefined) return known;
    const n = await countOf(this.sql, text, args);
    // Kept only if nothing changed while it was counted.
    if (this.countsVersion === version && this.tx.changes.version() === version) {
      if (this.counts.size >= COUNT_CACHE_SIZE) this.counts.clear();
      this.counts.set(key, n);
    }
    return n;
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
      // Every label named (citext: without case): an issue carries as many of the named labels as
      // there are names, so a name the repository lacks, or the same label named twice, matches
      // nothing, as on SQLite.
      where.push(
        `number IN (SELECT il.number FROM issue_labels il JOIN labels l ON l.id = il.label_id
           WHERE il.repo_id = ${repo} AND l.repo_id = ${repo} AND l.name = ANY(${p.next(params.labels)}::citext[])
           GROUP BY il.number HAVING COUNT(*) = ${p.next(params.labels.length)})`,
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
    return this.tx.inSnapshot((sql) => searchIssuesOnPostgres(sql, request));
  }
}
