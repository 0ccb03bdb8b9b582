/**
 * An issue's history read from PostgreSQL, with the answers sqlite-timeline.ts gives from
 * SQLite on the same rows: its timeline (comments, events and the references of other issues,
 * in time order), its events, the repository's events (newest first), and who closed it.
 * Reads take the pool; `refreshClosedBy` and `hasEvents` take the import's transaction client.
 * Pages are `LIMIT … OFFSET`: an issue's history is short, and the repository's events are
 * walked by their index (`issue_events_repo`, backwards).
 */
import type { PageParams } from '../../../shared/list-params';
import type { DocumentPage } from '../records';
import { eventWithIssue, withClosedBy } from '../timeline-documents';
import { timelineDocument, timelineUnion, type TimelineRow } from '../timeline-rows';
import type { Row, SqlRunner } from './sql';

const TIMELINE = timelineUnion('$1', '$2');

/**
 * A page and the total it belongs to, from one statement and so from one snapshot: an import
 * committing between a count and a page would give a total its pages do not add up to. The
 * count's single row always comes back, so a page past the end still has its total (with the
 * page's columns null). Not `COUNT(*) OVER ()`: that reads and holds every row of the list,
 * documents and all, before handing out the first, and says nothing past the end.
 *
 * `count` selects `total`; `page` is an ordered SELECT whose rows are `p` outside, where
 * `order` sorts them again, since a join promises no order. `args` are `$1 …`; the limit and
 * offset follow them.
 */
export async function pageWithTotal<R extends Row>(
  sql: SqlRunner,
  statements: { count: string; page: string; order: string },
  args: readonly unknown[],
  params: PageParams,
): Promise<{ total: number; rows: R[] }> {
  const offset = (params.page - 1) * params.perPage;
  const rows = await sql.query<R & { total: number }>(
    `SELECT n.total, p.* FROM (${statements.count}) n
       LEFT JOIN (${statements.page} LIMIT $${args.length + 1} OFFSET $${args.length + 2}) p ON true
     ORDER BY ${statements.order}`,
    [...args, params.perPage, offset],
  );
  const total = Number(rows[0]?.total ?? 0);
  return { total, rows: offset >= total ? [] : rows };
}

export async function readTimeline(sql: SqlRunner, repoId: number, number: number, params: PageParams): Promise<DocumentPage> {
  const { total, rows } = await pageWithTotal<TimelineRow & Row>(
    sql,
    {
      count: `SELECT COUNT(*) AS total FROM (${TIMELINE}) timeline`,
      page: `${TIMELINE} ORDER BY created_at, kind, tie`,
      order: 'p.created_at, p.kind, p.tie',
    },
    [repoId, number],
    params,
  );
  return { total, documents: rows.map(timelineDocument) };
}

/** One issue's events, oldest first (`GET …/issues/{n}/events`). */
export async function readIssueEvents(sql: SqlRunner, repoId: number, number: number, params: PageParams): Promise<DocumentPage> {
  const { total, rows } = await pageWithTotal<{ doc: string }>(
    sql,
    {
      count: 'SELECT COUNT(*) AS total FROM issue_events WHERE repo_id = $1 AND issue_number = $2',
      page: 'SELECT doc, created_at, id FROM issue_events WHERE repo_id = $1 AND issue_number = $2 ORDER BY created_at, id',
      order: 'p.created_at, p.id',
    },
    [repoId, number],
    params,
  );
  return { total, documents: rows.map((r) => r.doc) };
}

/**
 * The repository's events, newest first, each with its issue (`GET …/issues/events`). The
 * total counts the events alone, as SQLite's does.
 */
export async function readRepoEvents(sql: SqlRunner, repoId: number, params: PageParams): Promise<DocumentPage> {
  const { total, rows } = await pageWithTotal<{ doc: string; issue: string }>(
    sql,
    {
      count: 'SELECT COUNT(*) AS total FROM issue_events WHERE repo_id = $1',
      page: `SELECT e.doc, i.doc AS issue, e.created_at, e.id
               FROM issue_events e JOIN issues i ON i.repo_id = e.repo_id AND i.number = e.issue_number
              WHERE e.repo_id = $1 ORDER BY e.created_at DESC, e.id DESC`,
      order: 'p.created_at DESC, p.id DESC',
    },
    [repoId],
    params,
  );
  return { total, documents: rows.map((r) => eventWithIssue(r.doc, r.issue)) };
}

/**
 * Writes `closed_by` into the stored issue from its events, within an import's transaction:
 * the issue's document carries it, on the single issue and in lists alike. The row is locked
 * as it is read, so the document written back is the one read and not an older one another
 * transaction has replaced since.
 */
export async function refreshClosedBy(sql: SqlRunner, repoId: number, number: number): Promise<void> {
  const [issue] = await sql.query<{ doc: string; closing: string | null }>(
    `SELECT doc,
            (SELECT e.doc FROM issue_events e
              WHERE e.repo_id = $1 AND e.issue_number = $2 AND e.event = 'closed'
              ORDER BY e.created_at DESC, e.id DESC LIMIT 1) AS closing
       FROM issues WHERE repo_id = $1 AND number = $2 FOR UPDATE`,
    [repoId, number],
  );
  if (issue === undefined) return;
  const updated = withClosedBy(issue.doc, issue.closing);
  if (updated !== null) await sql.query('UPDATE issues SET doc = $1 WHERE repo_id = $2 AND number = $3', [updated, repoId, number]);
}

/** Whether the repository has any events: an import of issues alone then need not look for closers. */
export async function hasEvents(sql: SqlRunner, repoId: number): Promise<boolean> {
  const rows = await sql.query('SELECT 1 FROM issue_events WHERE repo_id = $1 LIMIT 1', [repoId]);
  return rows.length > 0;
}
