/**
 * What a request reads on PostgreSQL: repositories and users by name, and a
 * repository's issues, comments, labels and history as pages of stored
 * documents, with the same answers as SQLite's (the contract suite runs on both).
 *
 * Counts for `rel="last"` and the boundaries of keyset pages
 * (../core/keyset-pager.ts) are kept until the data changes, as on SQLite, so
 * a deep page costs about what page 1 does.
 */
import { readIssueTypes, readOwnerIssueTypes, readParentIssue, readSubIssues } from './postgres-issue-links';
import type { ListParams, PageParams, RepoCommentParams } from '../../../shared/list-params';
import type { DocumentPage, LabelPage, RepoRecord, SearchPage, SearchRequest, UserRecord } from '../records';
import { findRenamed, findUser } from '../core/repository-rows';
import { POSTGRES_DIALECT } from './postgres-dialect';
import type { IssueReader, IssueSearch, RepositoryReader } from '../storage';
import { readRepo } from './postgres-repository-rows';
import { searchIssuesOnPostgres } from './postgres-search';
import { readIssueEvents, readRepoEvents, readTimeline } from './postgres-timeline';
import { KeysetPager } from '../core/keyset-pager';
import { listComments, listIssues, listRepoComments, type Remembered } from '../core/issue-reads';
import { RememberedCounts } from '../core/remembered-counts';
import { countOf, runOperation, type SqlRunner } from './sql';
import type { WriteTransactions } from './write-transaction';

const COUNT_CACHE_SIZE = 500;

export class PostgresIssueReads implements RepositoryReader, IssueReader, IssueSearch {
  /** counts for `rel="last"` and the pager's boundaries, valid until the change version moves */
  private readonly counts = new Map<string, number>();
  private readonly rememberedCounts = new RememberedCounts();
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
      this.rememberedCounts.clear();
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

  /** What a read may use of what was derived from the data, and keep of what it finds. */
  private remembered(): Remembered {
    return { counts: this.rememberedCounts, pager: this.pager, stillCurrent: this.derivedFromNow() };
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

  listIssues(repoId: number, params: ListParams): Promise<DocumentPage> {
    return runOperation(this.sql, listIssues(POSTGRES_DIALECT, this.remembered(), repoId, params));
  }

  listSubIssues(repoId: number, number: number, params: PageParams): Promise<DocumentPage> {
    return readSubIssues(this.sql, repoId, number, params);
  }

  getParentIssue(repoId: number, number: number): Promise<string | null> {
    return readParentIssue(this.sql, repoId, number);
  }

  listIssueTypes(repoId: number): Promise<string[]> {
    return readIssueTypes(this.sql, repoId);
  }

  listOwnerIssueTypes(owner: string, privateRepoIds: ReadonlySet<number>): Promise<string[] | null> {
    return readOwnerIssueTypes(this.sql, owner, privateRepoIds);
  }

  async getIssue(repoId: number, number: number): Promise<string | null> {
    const [row] = await this.sql.query<{ doc: string }>('SELECT doc FROM issues WHERE repo_id = $1 AND number = $2', [repoId, number]);
    return row?.doc ?? null;
  }

  listComments(repoId: number, number: number, params: PageParams & { since: string | null }): Promise<DocumentPage> {
    return runOperation(this.sql, listComments(POSTGRES_DIALECT, this.remembered(), repoId, number, params));
  }

  listRepoComments(repoId: number, params: RepoCommentParams): Promise<DocumentPage> {
    return runOperation(this.sql, listRepoComments(POSTGRES_DIALECT, this.remembered(), repoId, params));
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
