/**
 * Imports and renames on SQLite (`IssueWriter`): each one transaction that writes the issues,
 * comments and events, the rows hanging off them (labels, assignees, mentions, references) and
 * the full-text index (sqlite-search-index.ts), then moves the repository's data version on.
 */
import { mentionsIn, type LabelRecord } from '../build-documents';
import { FACT_COLUMNS } from '../fact-columns';
import { importSourceOf, labelKey, type ImportSource, type LabelSpec } from '../import-rows';
import type { ImportedComment, ImportedEvent, ImportedIssue } from '../import-schema';
import type { ImportOptions, ImportResult, RepoRecord } from '../records';
import { SearchIndexWriter } from './sqlite-search-index';
import { hasEvents, refreshClosedBy } from '../core/timeline-reads';
import { rewriteCrossParentUrls, writeIssueLinks } from '../core/issue-link-store';
import type { IssueWriter } from '../storage';
import { StoreRefusal } from '../store-error';
import type { SqliteConnection } from './connection';
import type { DerivedCaches } from './derived-caches';
import type { SqliteIssueReads } from './sqlite-issue-reads';
import { ensureRepo, findRepo, touchRepo, upsertUser } from '../core/repository-rows';
import { SQLITE_DIALECT } from './sqlite-dialect';

export class SqliteIssueWriter implements IssueWriter {
  constructor(
    private readonly connection: SqliteConnection,
    private readonly caches: DerivedCaches,
    private readonly reads: SqliteIssueReads,
  ) {}

  private stmt(sql: string) {
    return this.connection.stmt(sql);
  }

  importIssues(options: ImportOptions, issues: ImportedIssue[], comments: ImportedComment[], nowMs: number, events: ImportedEvent[] = []): ImportResult {
    return this.importFrom(options, importSourceOf(issues, comments, { localAvatars: options.localAvatars ?? false }, events), nowMs);
  }

  importFrom(options: ImportOptions, source: ImportSource, nowMs: number): ImportResult {
    // Before the write lock is taken: a worker source is still reading its files.
    const { plan } = source;
    const run = this.connection.db.transaction((): ImportResult => {
      const repo = this.connection.run(ensureRepo(SQLITE_DIALECT, options, nowMs));
      for (const user of plan.users) this.connection.run(upsertUser(SQLITE_DIALECT, user));
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
           is_pull_request, closed_at, milestone_title, reactions, merged_at, ${FACT_COLUMNS.map((c) => c.name).join(', ')})
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, CAST(? AS TEXT), ?, ?, ?, ?, ?${', ?'.repeat(FACT_COLUMNS.length)})`,
      );
      const searchIndex = new SearchIndexWriter((sql) => this.stmt(sql));
      let issueCount = 0;
      for (const row of source.issueRows(repo.id, labels)) {
        insertIssue.run(
          repo.id, row.number, row.state, row.createdAt, row.updatedAt, row.comments, row.creator, row.milestone, row.assigneeCount, row.doc,
          row.isPullRequest ? 1 : 0, row.closedAt, row.milestoneTitle, row.reactions, row.mergedAt, ...FACT_COLUMNS.map((c) => c.value(row)),
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
        if (!numbers.has(n) && this.reads.getIssue(repo.id, n) === null) {
          throw new StoreRefusal(`comment ${row.id} belongs to issue #${n}, which ${options.owner}/${options.name} does not have`);
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
        if (!numbers.has(n) && this.reads.getIssue(repo.id, n) === null) {
          throw new StoreRefusal(`event ${row.id} happened to issue #${n}, which ${options.owner}/${options.name} does not have`);
        }
        this.stmt('INSERT OR REPLACE INTO issue_events (id, repo_id, issue_number, event, created_at, doc) VALUES (?, ?, ?, ?, ?, CAST(? AS TEXT))').run(
          row.id, repo.id, n, row.event, row.createdAt, row.doc,
        );
        closable.add(n);
        eventCount++;
      }
      if (eventCount > 0 || this.connection.run(hasEvents(SQLITE_DIALECT, repo.id))) for (const n of closable) this.connection.run(refreshClosedBy(SQLITE_DIALECT, repo.id, n));
      // A link across repositories changes the other repository's answers too (issue 47).
      for (const other of this.connection.run(writeIssueLinks(SQLITE_DIALECT, repo.id, plan))) this.connection.run(touchRepo(SQLITE_DIALECT, other, nowMs));

      searchIndex.finish();
      this.connection.run(touchRepo(SQLITE_DIALECT, repo.id, nowMs));
      return { repo: this.connection.run(findRepo(SQLITE_DIALECT, repo.owner, repo.name)) ?? repo, issues: issueCount, comments: commentCount, events: eventCount };
    });
    const result = run.immediate();
    this.caches.forgetDerived();
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

  renameRepo(from: { owner: string; name: string }, to: { owner: string; name: string }, nowMs: number): RepoRecord {
    const run = this.connection.db.transaction((): RepoRecord => {
      const repo = this.connection.run(findRepo(SQLITE_DIALECT, from.owner, from.name));
      if (!repo) throw new StoreRefusal(`no repository ${from.owner}/${from.name}`);
      const taken = this.connection.run(findRepo(SQLITE_DIALECT, to.owner, to.name));
      if (taken && taken.id !== repo.id) throw new StoreRefusal(`${to.owner}/${to.name} already exists`);
      this.stmt('UPDATE repos SET owner = ?, name = ? WHERE id = ?').run(to.owner, to.name, repo.id);
      this.stmt('DELETE FROM repo_redirects WHERE owner = ? AND name = ?').run(to.owner, to.name);
      if (from.owner.toLowerCase() !== to.owner.toLowerCase() || from.name.toLowerCase() !== to.name.toLowerCase()) {
        this.stmt('INSERT OR REPLACE INTO repo_redirects (owner, name, repo_id) VALUES (?, ?, ?)').run(repo.owner, repo.name, repo.id);
      }
      // Sub-issues in other repositories name their parent here by its new name (issue 47).
      for (const other of this.connection.run(rewriteCrossParentUrls(SQLITE_DIALECT, repo.id))) this.connection.run(touchRepo(SQLITE_DIALECT, other, nowMs));
      this.connection.run(touchRepo(SQLITE_DIALECT, repo.id, nowMs));
      const renamed = this.connection.run(findRepo(SQLITE_DIALECT, to.owner, to.name));
      if (!renamed) throw new Error('repository vanished during rename');
      return renamed;
    });
    const result = run.immediate();
    this.caches.forgetDerived();
    return result;
  }
}
