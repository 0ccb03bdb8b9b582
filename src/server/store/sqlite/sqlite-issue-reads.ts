/**
 * A repository's issues, comments, labels and history read from SQLite (`IssueReader`), and
 * searches over them (`IssueSearch`, compiled by sqlite-search.ts). The issues, comments and
 * labels, the history and sub-issues are the shared core's reads (../core/issue-reads.ts,
 * timeline-reads.ts, issue-link-store.ts), run here synchronously, a page's count and rows in one
 * snapshot; the counts and page boundaries they remember are the derived
 * caches' (derived-caches.ts), forgotten when another connection's commit moves data_version.
 */
import type Database from 'better-sqlite3';
import { readIssueTypes, readOwnerIssueTypes, readParentIssue, readSubIssues } from '../core/issue-link-store';
import type { ListParams, PageParams, RepoCommentParams } from '../../../shared/list-params';
import type { DocumentPage, LabelPage, SearchPage, SearchRequest } from '../records';
import { toRepo, type RepoRow } from '../repo-row';
import { searchIssues } from './sqlite-search';
import { readIssueEvents, readRepoEvents, readTimeline } from '../core/timeline-reads';
import { StatementCache } from './statement-cache';
import type { IssueReader, IssueSearch } from '../storage';
import type { SqliteConnection } from './connection';
import type { DerivedCaches } from './derived-caches';
import { SQLITE_DIALECT } from './sqlite-dialect';
import { getIssue, listComments, listIssues, listLabels, listRepoComments, openIssueCount } from '../core/issue-reads';
import type { Remembered } from '../core/remembered-counts';
import type { Operation } from '../core/prepared-query';

export class SqliteIssueReads implements IssueReader, IssueSearch {
  /** a search's SQL follows the shape of its query, so its statements are kept in a bounded cache */
  private static readonly SEARCH_STATEMENTS = 200;
  private readonly searchStatements: StatementCache;
  private readonly remembered: Remembered;

  constructor(
    private readonly connection: SqliteConnection,
    private readonly caches: DerivedCaches,
  ) {
    this.searchStatements = new StatementCache(connection.db, SqliteIssueReads.SEARCH_STATEMENTS);
    // A read runs in a snapshot taken after `forgetIfChanged`, so what it finds is always current.
    this.remembered = { counts: caches.counts, pager: caches.pager, stillCurrent: () => true };
  }

  private stmt(sql: string): Database.Statement {
    return this.connection.stmt(sql);
  }

  /**
   * Runs a read of the shared core in one snapshot, its count and rows alike, after forgetting
   * what was derived from data another connection has since changed.
   */
  private readInSnapshot<T>(read: Operation<T>): T {
    return this.connection.inSnapshot(() => {
      this.caches.forgetIfChanged(true);
      return this.connection.run(read);
    });
  }

  listIssues(repoId: number, params: ListParams): DocumentPage {
    return this.readInSnapshot(listIssues(SQLITE_DIALECT, this.remembered, repoId, params));
  }

  getIssue(repoId: number, number: number): string | null {
    return this.connection.run(getIssue(SQLITE_DIALECT, repoId, number));
  }

  listComments(repoId: number, number: number, params: PageParams & { since: string | null }): DocumentPage {
    return this.readInSnapshot(listComments(SQLITE_DIALECT, this.remembered, repoId, number, params));
  }

  listRepoComments(repoId: number, params: RepoCommentParams): DocumentPage {
    return this.readInSnapshot(listRepoComments(SQLITE_DIALECT, this.remembered, repoId, params));
  }

  listTimeline(repoId: number, number: number, params: PageParams): DocumentPage {
    return this.readInSnapshot(readTimeline(SQLITE_DIALECT, this.remembered, repoId, number, params));
  }

  listIssueEvents(repoId: number, number: number | null, params: PageParams): DocumentPage {
    return this.readInSnapshot(
      number === null ? readRepoEvents(SQLITE_DIALECT, this.remembered, repoId, params) : readIssueEvents(SQLITE_DIALECT, this.remembered, repoId, number, params),
    );
  }

  listLabels(repoId: number, params: PageParams): LabelPage {
    this.caches.forgetIfChanged();
    return this.connection.run(listLabels(SQLITE_DIALECT, this.remembered, repoId, params));
  }

  searchIssues(request: SearchRequest): SearchPage {
    return this.connection.inSnapshot(() => {
      this.caches.forgetIfChanged(true);
      const prepare = (sql: string): Database.Statement => this.searchStatements.prepare(sql);
      return searchIssues(request, {
        prepare,
        count: (sql, args) => this.caches.count(sql, args, prepare),
        rows: (sql, args) => this.caches.rankedRows(sql, args, prepare),
        repo: (row) => toRepo(row as RepoRow),
      });
    });
  }

  listSubIssues(repoId: number, number: number, params: PageParams): DocumentPage {
    return this.readInSnapshot(readSubIssues(SQLITE_DIALECT, this.remembered, repoId, number, params));
  }

  getParentIssue(repoId: number, number: number): string | null {
    return this.connection.run(readParentIssue(SQLITE_DIALECT, repoId, number));
  }

  listIssueTypes(repoId: number): string[] {
    return this.connection.run(readIssueTypes(SQLITE_DIALECT, repoId));
  }

  listOwnerIssueTypes(owner: string, privateRepoIds: ReadonlySet<number>): string[] | null {
    return this.connection.run(readOwnerIssueTypes(SQLITE_DIALECT, owner, privateRepoIds));
  }

  openIssueCount(repoId: number): number {
    this.caches.forgetIfChanged();
    return this.connection.run(openIssueCount(SQLITE_DIALECT, this.remembered, repoId));
  }
}
