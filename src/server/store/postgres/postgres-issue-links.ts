/**
 * Issue types and sub-issue links on PostgreSQL: written within an import's transaction, a
 * statement per batch where SQLite runs one per row, and read for `…/sub_issues`, `…/parent`
 * and `…/issue-types`. The statements and rules are issue-links.ts's, shared with SQLite.
 */
import type { PageParams } from '../../../shared/list-params';
import type { ImportPlan } from '../import-rows';
import { withRepoPath } from '../issue-document';
import { changedLinks, crossParentUrl, LINK_SQL, parentsToCount, resolveParents, visibleOwnerTypes, withParentUrl, withSubIssueCounts } from '../issue-links';
import type { CrossLinkRow, IssueKey } from '../issue-links';
import type { DocumentPage, SubIssueOrder } from '../records';
import { batches } from './row-batches';
import type { Row, SqlRunner } from './sql';

/**
 * Stores the import's issue types and links, then the counts of every parent they touch and the
 * `parent_issue_url` of every link across repositories; returns the other repositories whose
 * documents it changed, whose data versions the caller moves on with its own.
 */
export async function writeIssueLinks(sql: SqlRunner, repoId: number, plan: Pick<ImportPlan, 'issueTypes' | 'parents' | 'numbers'>): Promise<number[]> {
  for (const type of plan.issueTypes) await sql.query(LINK_SQL.upsertType, [repoId, type.name, JSON.stringify(type)]);
  const [here] = await sql.query<{ owner: string }>(LINK_SQL.repoOwner, [repoId]);
  const repoIds = new Map<string, number | null>();
  for (const { otherRepository } of plan.parents) {
    if (otherRepository === null) continue;
    const key = `${otherRepository.owner}/${otherRepository.name}`;
    if (repoIds.has(key)) continue;
    // No stored name holds U+0000, which PostgreSQL's text cannot even be asked about (sql.ts).
    const [row] = key.includes('\u0000') ? [] : await sql.query<{ id: number }>(LINK_SQL.repoByName, [otherRepository.owner, otherRepository.name]);
    repoIds.set(key, row === undefined ? null : Number(row.id));
  }
  const resolved = resolveParents(plan, { id: repoId, owner: here?.owner ?? '' }, (o, n) => repoIds.get(`${o}/${n}`) ?? null);
  const storedParent = new Map<number, IssueKey>();
  for (const batch of batches(plan.parents.map((p) => p.number))) {
    const rows = await sql.query<{ number: number; parent_repo_id: number; parent_number: number }>(
      'SELECT number, parent_repo_id, parent_number FROM sub_issues WHERE repo_id = $1 AND number = ANY($2::bigint[])',
      [repoId, batch],
    );
    for (const r of rows) storedParent.set(Number(r.number), { repoId: Number(r.parent_repo_id), number: Number(r.parent_number) });
  }
  // One at a time: each new link goes after those before it, read by the next.
  for (const link of changedLinks(resolved, storedParent)) {
    await sql.query(LINK_SQL.deleteLink, [repoId, link.number]);
    if (link.after !== null) await sql.query(LINK_SQL.insertLink, [repoId, link.number, link.after.repoId, link.after.number]);
  }
  const importedParents: IssueKey[] = [];
  for (const batch of batches(plan.numbers)) {
    const rows = await sql.query<{ parent_number: number }>(
      'SELECT DISTINCT parent_number FROM sub_issues WHERE parent_repo_id = $1 AND parent_number = ANY($2::bigint[])',
      [repoId, batch],
    );
    importedParents.push(...rows.map((r) => ({ repoId, number: Number(r.parent_number) })));
  }
  const elsewhere = (await sql.query<{ parent_repo_id: number; parent_number: number }>(LINK_SQL.parentsElsewhere, [repoId]))
    .map((r) => ({ repoId: Number(r.parent_repo_id), number: Number(r.parent_number) }));
  const touched = new Set<number>();
  for (const parent of parentsToCount(resolved, storedParent, importedParents, elsewhere)) {
    const [issue] = await sql.query<{ doc: string }>(`${LINK_SQL.issueDoc} FOR UPDATE`, [parent.repoId, parent.number]);
    if (issue === undefined) continue;
    const [counts] = await sql.query<{ total: number; completed: number }>(LINK_SQL.counts, [parent.repoId, parent.number]);
    const updated = withSubIssueCounts(issue.doc, counts?.total ?? 0, counts?.completed ?? 0);
    if (updated === null) continue;
    await sql.query(LINK_SQL.setDoc, [updated, parent.repoId, parent.number]);
    touched.add(parent.repoId);
  }
  for (const other of await rewriteCrossParentUrls(sql, repoId)) touched.add(other);
  touched.delete(repoId);
  return [...touched];
}

/**
 * Writes the `parent_issue_url` of every link between this repository and another as the
 * parent's repository's name and visibility now say (after an import, which may make it private,
 * or a rename); returns the repositories whose documents changed.
 */
export async function rewriteCrossParentUrls(sql: SqlRunner, repoId: number): Promise<number[]> {
  const touched = new Set<number>();
  for (const link of await sql.query<CrossLinkRow>(LINK_SQL.crossLinks, [repoId])) {
    const [child] = await sql.query<{ doc: string }>(`${LINK_SQL.issueDoc} FOR UPDATE`, [link.repo_id, link.number]);
    const updated = child === undefined ? null : withParentUrl(child.doc, crossParentUrl(link));
    if (updated === null) continue;
    await sql.query(LINK_SQL.setDoc, [updated, link.repo_id, link.number]);
    touched.add(Number(link.repo_id));
  }
  return [...touched];
}

/** A stored document of another repository, its repository named in it (issue-document.ts). */
function ownDocument(row: { doc: string; owner: string | null; name: string | null }): string {
  return row.owner === null || row.name === null ? row.doc : withRepoPath(row.doc, `${row.owner}/${row.name}`);
}

/**
 * A page and the total it belongs to, from one statement and so from one snapshot (the shared
 * core's counted pages do the same, core/counted-page.ts, for the timeline).
 */
async function pageWithTotal<R extends Row>(
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

/** A parent's shown sub-issues in priority order, the page and its total from one snapshot. */
export async function readSubIssues(sql: SqlRunner, repoId: number, number: number, params: PageParams): Promise<DocumentPage> {
  const { total, rows } = await pageWithTotal<{ doc: string; position: number; repo_id: number; number: number; owner: string | null; name: string | null }>(
    sql,
    {
      count: LINK_SQL.countSubIssues.replace('COUNT(*) AS n', 'COUNT(*) AS total'),
      page: LINK_SQL.subIssuePage,
      order: 'p.position, p.repo_id, p.number',
    },
    [repoId, number],
    params,
  );
  return { total, documents: rows.map(ownDocument) };
}

export async function readParentIssue(sql: SqlRunner, repoId: number, number: number): Promise<string | null> {
  const [row] = await sql.query<{ doc: string; owner: string | null; name: string | null }>(LINK_SQL.parent, [repoId, number]);
  return row === undefined ? null : ownDocument(row);
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
       WHERE s.repo_id = $1 AND s.parent_repo_id = $1 AND s.parent_number = $2 AND s.number = o.number`,
      [repoId, parent, children],
    );
  }
}
