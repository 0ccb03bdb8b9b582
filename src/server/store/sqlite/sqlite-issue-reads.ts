/**
 * A repository's issues, comments, labels and history read from SQLite (`IssueReader`), and
 * searches over them (`IssueSearch`, compiled by sqlite-search.ts). A page's count and rows are
 * read in one snapshot, with the counts and page boundaries remembered until the data changes.
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

const SORT_COLUMNS = { created: 'created_at', updated: 'updated_at', comments: 'comments' } as const;

export class SqliteIssueReads implements IssueReader, IssueSearch {
  /** a search's SQL follows the shape of its query, so its statements are kept in a bounded cache */
  private static readonly SEARCH_STATEMENTS = 200;
  private readonly searchStatements: StatementCache;

  constructor(
    private readonly connection: SqliteConnection,
    private readonly caches: DerivedCaches,
  ) {
    this.searchStatements = new StatementCache(connection.db, SqliteIssueReads.SEARCH_STATEMENTS);
  }

  private stmt(sql: string): Database.Statement {
    return this.connection.stmt(sql);
  }

  private count(sql: string, args: unknown[]): number {
    return this.caches.count(sql, args);
  }

  listIssues(repoId: number, params: ListParams): DocumentPage {
    return this.connection.inSnapshot(() => this.readIssues(repoId, params));
  }

  private readIssues(repoId: number, params: ListParams): DocumentPage {
    this.caches.forgetIfChanged(true);
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
    return { total, documents: this.connection.run(this.caches.pager.page(SQLITE_DIALECT, list, offset, params.perPage)) };
  }

  getIssue(repoId: number, number: number): string | null {
    const row = this.stmt('SELECT doc FROM issues WHERE repo_id = ? AND number = ?').get(repoId, number) as { doc: string } | undefined;
    return row?.doc ?? null;
  }

  listComments(repoId: number, number: number, params: PageParams & { since: string | null }): DocumentPage {
    return this.connection.inSnapshot(() => this.readComments(repoId, number, params));
  }

  private readComments(repoId: number, number: number, params: PageParams & { since: string | null }): DocumentPage {
    this.caches.forgetIfChanged(true);
    const where = params.since ? 'repo_id = ? AND issue_number = ? AND updated_at >= ?' : 'repo_id = ? AND issue_number = ?';
    const args: unknown[] = params.since ? [repoId, number, params.since] : [repoId, number];
    const total = this.count(`SELECT COUNT(*) AS n FROM comments WHERE ${where}`, args);
    const offset = (params.page - 1) * params.perPage;
    if (offset >= total) return { total, documents: [] };
    const list = { from: 'comments', where, args, sortColumn: 'created_at', tieColumn: 'id', descending: false } as const;
    return { total, documents: this.connection.run(this.caches.pager.page(SQLITE_DIALECT, list, offset, params.perPage)) };
  }

  listRepoComments(repoId: number, params: RepoCommentParams): DocumentPage {
    return this.connection.inSnapshot(() => this.readRepoComments(repoId, params));
  }

  private readRepoComments(repoId: number, params: RepoCommentParams): DocumentPage {
    this.caches.forgetIfChanged(true);
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
    return { total, documents: this.connection.run(this.caches.pager.page(SQLITE_DIALECT, list, offset, params.perPage)) };
  }

  listTimeline(repoId: number, number: number, params: PageParams): DocumentPage {
    return this.connection.inSnapshot(() => {
      this.caches.forgetIfChanged(true);
      return this.connection.run(readTimeline(SQLITE_DIALECT, repoId, number, params, this.caches.counts));
    });
  }

  listIssueEvents(repoId: number, number: number | null, params: PageParams): DocumentPage {
    return this.connection.inSnapshot(() => {
      this.caches.forgetIfChanged(true);
      const counts = this.caches.counts;
      return this.connection.run(number === null ? readRepoEvents(SQLITE_DIALECT, repoId, params, counts) : readIssueEvents(SQLITE_DIALECT, repoId, number, params, counts));
    });
  }

  listLabels(repoId: number, params: PageParams): LabelPage {
    this.caches.forgetIfChanged();
    const total = this.count('SELECT COUNT(*) AS n FROM labels WHERE repo_id = ?', [repoId]);
    const offset = (params.page - 1) * params.perPage;
    if (offset >= total) return { total, labels: [] };
    const rows = this.stmt(
      'SELECT id, name, color, description, is_default FROM labels WHERE repo_id = ? ORDER BY name COLLATE NOCASE ASC LIMIT ? OFFSET ?',
    ).all(repoId, params.perPage, offset) as Array<{ id: number; name: string; color: string; description: string | null; is_default: number }>;
    return { total, labels: rows.map((r) => ({ id: r.id, name: r.name, color: r.color, description: r.description, isDefault: r.is_default === 1 })) };
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
    return this.connection.inSnapshot(() => {
      this.caches.forgetIfChanged(true);
      return this.connection.run(readSubIssues(SQLITE_DIALECT, repoId, number, params, this.caches.counts));
    });
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
    return this.count("SELECT COUNT(*) AS n FROM issues WHERE repo_id = ? AND state = 'open'", [repoId]);
  }
}
