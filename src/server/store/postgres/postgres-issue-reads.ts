/**
 * What a request reads on PostgreSQL: repositories and users by name, and a repository's
 * issues, comments, labels and history as pages of stored documents. They are the shared core's
 * reads (../core/issue-reads.ts, timeline-reads.ts, issue-link-store.ts), run here on the pool; what
 * this engine keeps is when what they remember (counts for `rel="last"`, keyset boundaries) is
 * forgotten: whenever the store version moves, whichever instance wrote. A page's count and rows
 * are two statements on the pool, which share no snapshot: a count read while the version moves
 * is not kept (`derivedFromNow`).
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
import { KeysetPager } from '../core/keyset-pager';
import { getIssue, listComments, listIssues, listLabels, listRepoComments, openIssueCount } from '../core/issue-reads';
import { RememberedCounts, type Remembered } from '../core/remembered-counts';
import { runOperation, type SqlRunner } from './sql';
import type { WriteTransactions } from './write-transaction';

export class PostgresIssueReads implements RepositoryReader, IssueReader, IssueSearch {
  /** counts for `rel="last"` and the pager's boundaries, valid until the change version moves */
  private readonly counts = new RememberedCounts();
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

  /** What a read may use of what was derived from the data, and keep of what it finds. */
  private remembered(): Remembered {
    return { counts: this.counts, pager: this.pager, stillCurrent: this.derivedFromNow() };
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
    return runOperation(this.sql, readSubIssues(POSTGRES_DIALECT, this.remembered(), repoId, number, params));
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

  getIssue(repoId: number, number: number): Promise<string | null> {
    return runOperation(this.sql, getIssue(POSTGRES_DIALECT, repoId, number));
  }

  listComments(repoId: number, number: number, params: PageParams & { since: string | null }): Promise<DocumentPage> {
    return runOperation(this.sql, listComments(POSTGRES_DIALECT, this.remembered(), repoId, number, params));
  }

  listRepoComments(repoId: number, params: RepoCommentParams): Promise<DocumentPage> {
    return runOperation(this.sql, listRepoComments(POSTGRES_DIALECT, this.remembered(), repoId, params));
  }

  listLabels(repoId: number, params: PageParams): Promise<LabelPage> {
    return runOperation(this.sql, listLabels(POSTGRES_DIALECT, this.remembered(), repoId, params));
  }

  listTimeline(repoId: number, number: number, params: PageParams): Promise<DocumentPage> {
    return runOperation(this.sql, readTimeline(POSTGRES_DIALECT, this.remembered(), repoId, number, params));
  }

  listIssueEvents(repoId: number, number: number | null, params: PageParams): Promise<DocumentPage> {
    return runOperation(this.sql, number === null ? readRepoEvents(POSTGRES_DIALECT, this.remembered(), repoId, params) : readIssueEvents(POSTGRES_DIALECT, this.remembered(), repoId, number, params));
  }

  openIssueCount(repoId: number): Promise<number> {
    return runOperation(this.sql, openIssueCount(POSTGRES_DIALECT, this.remembered(), repoId));
  }

  /** Its statements (the total, the page) read one snapshot, so an import between them cannot tear the answer. */
  searchIssues(request: SearchRequest): Promise<SearchPage> {
    return this.tx.inSnapshot((sql) => searchIssuesOnPostgres(sql, request));
  }
}
