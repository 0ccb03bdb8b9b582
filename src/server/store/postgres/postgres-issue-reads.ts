/**
 * What a request reads on PostgreSQL: repositories and users by name, and a
 * repository's issues, comments, labels and history as pages of stored
 * documents, with the same answers as SQLite's (the contract suite runs on both).
 *
 * Counts for `rel="last"` and the boundaries of keyset pages
 * (../core/keyset-pager.ts) are kept until the data changes, as on SQLite, so
 * a deep page costs about what page 1 does.
 */
import { readIssueTypes, readOwnerIssueTypes, readParentIssue, readSubIssues } from '../core/issue-link-store';
import type { ListParams, PageParams, RepoCommentParams } from '../../../shared/list-params';
import type { DocumentPage, LabelPage, RepoRecord, SearchPage, SearchRequest, UserRecord } from '../records';
import { findRenamed, findUser } from '../core/repository-rows';
import { POSTGRES_DIALECT } from './postgres-dialect';
import type { IssueReader, IssueSearch, RepositoryReader } from '../storage';
import { readRepo } from './postgres-repository-rows';
import { searchIssuesOnPostgres } from './postgres-search';
import { readIssueEvents, readRepoEvents, readTimeline } from '../core/timeline-reads';
import type { OrderedList } from '../keyset-boundaries';
import { KeysetPager } from '../core/keyset-pager';
import { countOf, hasNul, Params, runOperation, type SqlRunner } from './sql';
import type { WriteTransactions } from './write-transaction';

const COUNT_CACHE_SIZE = 500;

const SORT_COLUMNS = { created: 'created_at', updated: 'updated_at', comments: 'comments' } as const;

export class PostgresIssueReads implements RepositoryReader, IssueReader, IssueSearch {
  /** counts for `rel="last"` and the pager's boundaries, valid until the change version moves */
  private readonly counts = new Map<string, number>();
  private readonly pager = new KeysetPager();
  private derivedVersion = -1;

  constructor(private readonly tx: WriteTransactions) {}

  private get sql(): SqlRunner {
    return this.tx.sql;
  }

  /**
   * Forgets what was derived from an earlier version of the data, and answers whether what is
   * derived from now on may be kept: only if nothing changes before it is found.
   */
  private derivedFromNow(): () => boolean {
    const version = this.tx.changes.version();
    if (version !== this.derivedVersion) {
      this.counts.clear();
      this.pager.clear();
      this.derivedVersion = version;
    }
    return () => this.derivedVersion === version && this.tx.changes.version() === version;
  }

  private async count(text: string, args: readonly unknown[]): Promise<number> {
    const stillCurrent = this.derivedFromNow();
    const key = `${text}\u0000${JSON.stringify(args)}`;
    const known = this.counts.get(key);
    if (known !== undefined) return known;
    const n = await countOf(this.sql, text, args);
    if (stillCurrent()) {
      if (this.counts.size >= COUNT_CACHE_SIZE) this.counts.clear();
      this.counts.set(key, n);
    }
    return n;
  }

  /** A page of a list counted by `count` first (so what is remembered is fresh). */
  private page(list: OrderedList, offset: number, limit: number): Promise<string[]> {
    return runOperation(this.sql, this.pager.page(POSTGRES_DIALECT, list, offset, limit, this.derivedFromNow()));
  }

  // Repositories and users

  findRepo(owner: string, name: string): Promise<RepoRecord | null> {
    return readRepo(this.sql, owner, name);
  }

  findRenamed(owner: string, name: string): Promise<RepoRecord | null> {
    return runOperation(this.sql, findRenamed(POSTGRES_DIALECT, owner, name));
  }

  findUser(login: string): Promise<UserRecord | null> {
    return runOperation(this.sql, findUser(POSTGRES_DIALECT, login));
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
    const list = { from: 'issues', where: whereSql, args: p.values, sortColumn: SORT_COLUMNS[params.sort], tieColumn: 'number', descending: params.direction !== 'asc' } as const;
    return { total, documents: await this.page(list, offset, params.perPage) };
  }

  listSubIssues(repoId: number, number: number, params: PageParams): Promise<DocumentPage> {
    return runOperation(this.sql, readSubIssues(POSTGRES_DIALECT, repoId, number, params));
  }

  getParentIssue(repoId: number, number: number): Promise<string | null> {
    return runOperation(this.sql, readParentIssue(POSTGRES_DIALECT, repoId, number));
  }

  listIssueTypes(repoId: number): Promise<string[]> {
    return runOperation(this.sql, readIssueTypes(POSTGRES_DIALECT, repoId));
  }

  listOwnerIssueTypes(owner: string, privateRepoIds: ReadonlySet<number>): Promise<string[] | null> {
    return runOperation(this.sql, readOwnerIssueTypes(POSTGRES_DIALECT, owner, privateRepoIds));
  }

  async getIssue(repoId: number, number: number): Promise<string | null> {
    const [row] = await this.sql.query<{ doc: string }>('SELECT doc FROM issues WHERE repo_id = $1 AND number = $2', [repoId, number]);
    return row?.doc ?? null;
  }

  /** A page of comments in the order given (`created_at`/`updated_at`, then id). */
  private async commentPage(where: string, args: unknown[], column: 'created_at' | 'updated_at', descending: boolean, params: PageParams): Promise<DocumentPage> {
    const total = await this.count(`SELECT COUNT(*) FROM comments WHERE ${where}`, args);
    const offset = (params.page - 1) * params.perPage;
    if (offset >= total) return { total, documents: [] };
    const list = { from: 'comments', where, args, sortColumn: column, tieColumn: 'id', descending } as const;
    return { total, documents: await this.page(list, offset, params.perPage) };
  }

  listComments(repoId: number, number: number, params: PageParams & { since: string | null }): Promise<DocumentPage> {
    const where = params.since ? 'repo_id = $1 AND issue_number = $2 AND updated_at >= $3' : 'repo_id = $1 AND issue_number = $2';
    return this.commentPage(where, params.since ? [repoId, number, params.since] : [repoId, number], 'created_at', false, params);
  }

  listRepoComments(repoId: number, params: RepoCommentParams): Promise<DocumentPage> {
    const where = params.since ? 'repo_id = $1 AND updated_at >= $2' : 'repo_id = $1';
    const column = params.sort === 'updated' ? 'updated_at' : 'created_at';
    return this.commentPage(where, params.since ? [repoId, params.since] : [repoId], column, params.direction !== 'asc', params);
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
    return runOperation(this.sql, readTimeline(POSTGRES_DIALECT, repoId, number, params));
  }

  listIssueEvents(repoId: number, number: number | null, params: PageParams): Promise<DocumentPage> {
    return runOperation(this.sql, number === null ? readRepoEvents(POSTGRES_DIALECT, repoId, params) : readIssueEvents(POSTGRES_DIALECT, repoId, number, params));
  }

  openIssueCount(repoId: number): Promise<number> {
    return this.count("SELECT COUNT(*) FROM issues WHERE repo_id = $1 AND state = 'open'", [repoId]);
  }

  /** Its statements (the total, the page) read one snapshot, so an import between them cannot tear the answer. */
  searchIssues(request: SearchRequest): Promise<SearchPage> {
    return this.tx.inSnapshot((sql) => searchIssuesOnPostgres(sql, request));
  }
}
