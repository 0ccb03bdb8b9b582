/**
 * Issue types and sub-issue links on SQLite, within an import's transaction, and their reads
 * (`…/sub_issues`, `…/parent`, `…/issue-types`). The statements and rules are issue-links.ts's,
 * shared with PostgreSQL.
 */
import type Database from 'better-sqlite3';
import type { PageParams } from '../../../shared/list-params';
import type { ImportPlan } from '../import-rows';
import { changedLinks, LINK_SQL, parentsToCount, visibleOwnerTypes, withSubIssueCounts } from '../issue-links';
import type { DocumentPage, SubIssueOrder } from '../records';

type Prepare = (sql: string) => Database.Statement;

/** SQLite reads `$1` as a parameter named "$1", bound by name: `@p1` binds from an object. */
function named(sql: string): string {
  return sql.replace(/\$(\d+)/g, '@p$1');
}

function args(...values: unknown[]): Record<string, unknown> {
  return Object.fromEntries(values.map((v, i) => [`p${i + 1}`, v]));
}

/** Stores the import's issue types and links, then the counts of every parent they touch. */
export function writeIssueLinks(prepare: Prepare, repoId: number, plan: Pick<ImportPlan, 'issueTypes' | 'parents' | 'numbers'>): void {
  for (const type of plan.issueTypes) prepare(named(LINK_SQL.upsertType)).run(args(repoId, type.name, JSON.stringify(type)));
  const parentOf = prepare('SELECT parent_number FROM sub_issues WHERE repo_id = ? AND number = ?');
  const storedParent = new Map<number, number>();
  for (const { number } of plan.parents) {
    const row = parentOf.get(repoId, number) as { parent_number: number } | undefined;
    if (row) storedParent.set(number, row.parent_number);
  }
  for (const link of changedLinks(plan, storedParent)) {
    prepare(named(LINK_SQL.deleteLink)).run(args(repoId, link.number));
    if (link.after !== null) prepare(named(LINK_SQL.insertLink)).run(args(repoId, link.number, link.after));
  }
  const isParent = prepare('SELECT 1 FROM sub_issues WHERE repo_id = ? AND parent_number = ? LIMIT 1');
  const importedParents = plan.numbers.filter((n) => isParent.get(repoId, n) !== undefined);
  for (const parent of parentsToCount(plan, storedParent, importedParents)) {
    const issue = prepare('SELECT doc FROM issues WHERE repo_id = ? AND number = ?').get(repoId, parent) as { doc: string } | undefined;
    if (issue === undefined) continue;
    const counts = prepare(named(LINK_SQL.counts)).get(args(repoId, parent)) as { total: number; completed: number };
    const updated = withSubIssueCounts(issue.doc, counts.total, counts.completed);
    if (updated !== null) prepare(named(LINK_SQL.setDoc)).run(args(updated, repoId, parent));
  }
}

/** A parent's stored sub-issues in priority order (`GET …/issues/{n}/sub_issues`). */
export function readSubIssues(prepare: Prepare, count: (sql: string, args: unknown[]) => number, repoId: number, number: number, params: PageParams): DocumentPage {
  const total = count(named(LINK_SQL.countSubIssues), [args(repoId, number)]);
  const offset = (params.page - 1) * params.perPage;
  if (offset >= total) return { total, documents: [] };
  const rows = prepare(named(LINK_SQL.subIssuePage)).all(args(repoId, number, params.perPage, offset)) as Array<{ doc: string }>;
  return { total, documents: rows.map((r) => r.doc) };
}

/** The stored parent of an issue (`GET …/issues/{n}/parent`), or null. */
export function readParentIssue(prepare: Prepare, repoId: number, number: number): string | null {
  const row = prepare(named(LINK_SQL.parent)).get(args(repoId, number)) as { doc: string } | undefined;
  return row?.doc ?? null;
}

/** The repository's issue types by name (`GET /repos/{o}/{r}/issue-types`). */
export function readIssueTypes(prepare: Prepare, repoId: number): string[] {
  return (prepare(named(LINK_SQL.issueTypes)).all(args(repoId)) as Array<{ doc: string }>).map((r) => r.doc);
}

/** An account's issue types the caller may see (`GET /orgs/{org}/issue-types`), or null. */
export function readOwnerIssueTypes(prepare: Prepare, owner: string, privateRepoIds: ReadonlySet<number>): string[] | null {
  const rows = prepare(named(LINK_SQL.ownerIssueTypes)).all(args(owner)) as Array<{ id: number; private: number; name: string | null; doc: string | null }>;
  return visibleOwnerTypes(rows, privateRepoIds);
}

/** Puts each parent's stored sub-issues in the source's priority order (mirror). */
export function writeSubIssueOrders(prepare: Prepare, repoId: number, orders: readonly SubIssueOrder[]): void {
  for (const { parent, children } of orders) {
    children.forEach((child, i) => prepare(named(LINK_SQL.setPosition)).run(args(i + 1, repoId, child, parent)));
  }
}
