/**
 * An issue's history read from SQLite: its timeline (comments, events and the references of
 * other issues, in time order), its events, the repository's events (newest first), and who
 * closed it. Statements come from the store's cache, shared with its own queries: none is
 * switched to `pluck()` here, which would change it for every user. Pages are `LIMIT … OFFSET`: an issue's history is short, and the repository's
 * events are walked by their index.
 */
import type Database from 'better-sqlite3';
import type { PageParams } from '../../../shared/list-params';
import type { DocumentPage } from '../records';
import { eventWithIssue, withClosedBy } from '../timeline-documents';
import { timelineDocument, timelineUnion, type TimelineRow } from '../timeline-rows';

type Prepare = (sql: string) => Database.Statement;
type Count = (sql: string, args: unknown[]) => number;

const TIMELINE = timelineUnion('@repo', '@number');

export function readTimeline(prepare: Prepare, count: Count, repoId: number, number: number, params: PageParams): DocumentPage {
  const total = count(`SELECT COUNT(*) AS n FROM (${TIMELINE})`, [{ repo: repoId, number }]);
  const offset = (params.page - 1) * params.perPage;
  if (offset >= total) return { total, documents: [] };
  const rows = prepare(`${TIMELINE} ORDER BY created_at, kind, tie LIMIT @limit OFFSET @offset`).all({ repo: repoId, number, limit: params.perPage, offset }) as TimelineRow[];
  return { total, documents: rows.map(timelineDocument) };
}

/** One issue's events, oldest first (`GET …/issues/{n}/events`). */
export function readIssueEvents(prepare: Prepare, count: Count, repoId: number, number: number, params: PageParams): DocumentPage {
  const total = count('SELECT COUNT(*) AS n FROM issue_events WHERE repo_id = ? AND issue_number = ?', [repoId, number]);
  const offset = (params.page - 1) * params.perPage;
  if (offset >= total) return { total, documents: [] };
  const rows = prepare('SELECT doc FROM issue_events WHERE repo_id = ? AND issue_number = ? ORDER BY created_at, id LIMIT ? OFFSET ?').all(
    repoId, number, params.perPage, offset,
  ) as Array<{ doc: string }>;
  return { total, documents: rows.map((r) => r.doc) };
}

/** The repository's events, newest first, each with its issue (`GET …/issues/events`). */
export function readRepoEvents(prepare: Prepare, count: Count, repoId: number, params: PageParams): DocumentPage {
  const total = count('SELECT COUNT(*) AS n FROM issue_events WHERE repo_id = ?', [repoId]);
  const offset = (params.page - 1) * params.perPage;
  if (offset >= total) return { total, documents: [] };
  const rows = prepare(
    `SELECT e.doc, i.doc AS issue FROM issue_events e JOIN issues i ON i.repo_id = e.repo_id AND i.number = e.issue_number
     WHERE e.repo_id = ? ORDER BY e.created_at DESC, e.id DESC LIMIT ? OFFSET ?`,
  ).all(repoId, params.perPage, offset) as Array<{ doc: string; issue: string }>;
  return { total, documents: rows.map((r) => eventWithIssue(r.doc, r.issue)) };
}

/**
 * Writes `closed_by` into the stored issue from its events, within an import's transaction:
 * the issue's document carries it, on the single issue and in lists alike.
 */
export function refreshClosedBy(prepare: Prepare, repoId: number, number: number): void {
  const issue = prepare('SELECT doc FROM issues WHERE repo_id = ? AND number = ?').get(repoId, number) as { doc: string } | undefined;
  if (issue === undefined) return;
  const closing = prepare(
    `SELECT doc FROM issue_events WHERE repo_id = ? AND issue_number = ? AND event = 'closed' ORDER BY created_at DESC, id DESC LIMIT 1`,
  ).get(repoId, number) as { doc: string } | undefined;
  const updated = withClosedBy(issue.doc, closing?.doc ?? null);
  if (updated !== null) prepare('UPDATE issues SET doc = ? WHERE repo_id = ? AND number = ?').run(updated, repoId, number);
}

/** Whether the repository has any events: an import of issues alone then need not look for closers. */
export function hasEvents(prepare: Prepare, repoId: number): boolean {
  return prepare('SELECT 1 FROM issue_events WHERE repo_id = ? LIMIT 1').get(repoId) !== undefined;
}
