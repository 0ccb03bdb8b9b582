/**
 * Issue types and sub-issue links on PostgreSQL: written within an import's transaction, a
 * statement per batch where SQLite runs one per row, and read for `…/sub_issues`, `…/parent`
 * and `…/issue-types`. The statements and rules are issue-links.ts's, shared with SQLite.
 */
import type { PageParams } from '../../../shared/list-params';
import type { ImportPlan } from '../import-rows';
import { changedLinks, LINK_SQL, parentsToCount, visibleOwnerTypes, withSubIssueCounts } from '../issue-links';
import type { DocumentPage, SubIssueOrder } from '../records';
import { pageWithTotal } from './postgres-timeline';
import { batches } from './row-batches';
import type { SqlRunner } from './sql';

/** Stores the import's issue types and links, then the counts of every parent they touch. */
export async function writeIssueLinks(sql: SqlRunner, repoId: number, plan: Pick<ImportPlan, 'issueTypes' | 'parents' | 'numbers'>): Promise<void> {
  for (const type of plan.issueTypes) await sql.query(LINK_SQL.upsertType, [repoId, type.name, JSON.stringify(type)]);
  const storedParent = new Map<number, number>();
  for (const batch of batches(plan.parents.map((p) => p.number))) {
    const rows = await sql.query<{ number: number; parent_number: number }>(
      'SELECT number, parent_number FROM sub_issues WHERE repo_id = $1 AND number = ANY($2::bigint[])',
      [repoId, batch],
    );
    for (const r of rows) storedParent.set(r.number, r.parent_number);
  }
  // One at a time: each new link goes after those before it, read by the next.
  for (const link of changedLinks(plan, storedParent)) {
    await sql.query(LINK_SQL.deleteLink, [repoId, link.number]);
    if (link.after !== null) await sql.query(LINK_SQL.insertLink, [repoId, link.number, link.after]);
  }
  const importedParents: number[] = [];
  for (const batch of batches(plan.numbers)) {
    const rows = await sql.query<{ parent_number: number }>(
      'SELECT DISTINCT parent_number FROM sub_issues WHERE repo_id = $1 AND parent_number = ANY($2::bigint[])',
      [repoId, batch],
    );
    importedParents.push(...rows.map((r) => r.parent_number));
  }
  for (const parent of parentsToCount(plan, storedParent, importedParents)) {
    const [issue] = await sql.query<{ doc: string }>('SELECT doc FROM issues WHERE repo_id = $1 AND number = $2 FOR UPDATE', [repoId, parent]);
    if (issue === undefined) continue;
    const [counts] = await sql.query<{ total: number; completed: number }>(LINK_SQL.counts, [repoId, parent]);
    const updated = withSubIssueCounts(issue.doc, counts?.total ?? 0, counts?.completed ?? 0);
    if (updated !== null) await sql.query(LINK_SQL.setDoc, [updated, repoId, parent]);
  }
}

/** A parent's stored sub-issues in priority order, the page and its total from one snapshot. */
export async function readSubIssues(sql: SqlRunner, repoId: number, number: number, params: PageParams): Promise<DocumentPage> {
  const { total, rows } = await pageWithTotal<{ doc: string; position: number; number: number }>(
    sql,
    {
      count: LINK_SQL.countSubIssues.replace('COUNT(*) AS n', 'COUNT(*) AS total'),
      page: `SELECT c.doc, s.position, s.number FROM sub_issues s JOIN issues c ON c.repo_id = s.repo_id AND c.number = s.number
        WHERE s.repo_id = $1 AND s.parent_number = $2 ORDER BY s.position, s.number`,
      order: 'p.position, p.number',
    },
    [repoId, number],
    params,
  );
  return { total, documents: rows.map((r) => r.doc) };
}

export async function readParentIssue(sql: SqlRunner, repoId: number, number: number): Promise<string | null> {
  const [row] = await sql.query<{ doc: string }>(LINK_SQL.parent, [repoId, number]);
  return row?.doc ?? null;
}

export async function readIssueTypes(sql: SqlRunner, repoId: number): Promise<string[]> {
  return (await sql.query<{ doc: string }>(LINK_SQL.issueTypes, [repoId])).map((r) => r.doc);
}

export async function readOwnerIssueTypes(sql: SqlRunner, owner: string, privateRepoIds: ReadonlySet<number>): Promise<string[] | null> {
  // No stored owner holds U+0000, which PostgreSQL's text cannot even be asked about (sql.ts).
  if (owner.includes('\u0000')) return null;
  const rows = await sql.query<{ id: number; private: number; name: string | null; doc: string | null }>(LINK_SQL.ownerIssueTypes, [owner]);
  return visibleOwnerTypes(rows, privateRepoIds);
}

/** Puts each parent's stored sub-issues in the source's priority order (mirror): one statement per parent. */
export async function writeSubIssueOrders(sql: SqlRunner, repoId: number, orders: readonly SubIssueOrder[]): Promise<void> {
  for (const { parent, children } of orders) {
    if (children.length === 0) continue;
    await sql.query(
      `UPDATE sub_issues s SET position = o.position FROM unnest($3::bigint[]) WITH ORDINALITY AS o(number, position)
       WHERE s.repo_id = $1 AND s.parent_number = $2 AND s.number = o.number`,
      [repoId, parent, children],
    );
  }
}
