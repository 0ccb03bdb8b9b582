/**
 * Issue types and sub-issue links on SQLite, within an import's transaction, and their reads
 * (`…/sub_issues`, `…/parent`, `…/issue-types`). The statements and rules are issue-links.ts's,
 * shared with PostgreSQL.
 */
import type Database from 'better-sqlite3';
import type { PageParams } from '../../../shared/list-params';
import type { ImportPlan } from '../import-rows';
import { changedLinks, crossParentUrl, LINK_SQL, parentsToCount, resolveParents, visibleOwnerTypes, withParentUrl, withSubIssueCounts } from '../issue-links';
import type { CrossLinkRow, IssueKey } from '../issue-links';
import { withRepoPath } from '../issue-document';
import type { DocumentPage, SubIssueOrder } from '../records';

type Prepare = (sql: string) => Database.Statement;

/** SQLite reads `$1` as a parameter named "$1", bound by name: `@p1` binds from an object. */
function named(sql: string): string {
  return sql.replace(/\$(\d+)/g, '@p$1');
}

function args(...values: unknown[]): Record<string, unknown> {
  return Object.fromEntries(values.map((v, i) => [`p${i + 1}`, v]));
}

/**
 * Stores the import's issue types and links, then the counts of every parent they touch and the
 * `parent_issue_url` of every link across repositories; returns the other repositories whose
 * documents it changed, whose data versions the caller moves on with its own.
 */
export function writeIssueLinks(prepare: Prepare, repoId: number, plan: Pick<ImportPlan, 'issueTypes' | 'parents' | 'numbers'>): number[] {
  const run = (sql: string, ...values: unknown[]) => prepare(named(sql)).run(args(...values));
  const get = <T>(sql: string, ...values: unknown[]) => prepare(named(sql)).get(args(...values)) as T | undefined;
  const all = <T>(sql: string, ...values: unknown[]) => prepare(named(sql)).all(args(...values)) as T[];
  for (const type of plan.issueTypes) run(LINK_SQL.upsertType, repoId, type.name, JSON.stringify(type));
  const owner = get<{ owner: string }>(LINK_SQL.repoOwner, repoId)?.owner ?? '';
  const resolved = resolveParents(plan, { id: repoId, owner }, (o, n) => get<{ id: number }>(LINK_SQL.repoByName, o, n)?.id ?? null);
  const storedParent = new Map<number, IssueKey>();
  for (const { number } of plan.parents) {
    const row = get<{ parent_repo_id: number; parent_number: number }>(LINK_SQL.storedParent, repoId, number);
    if (row) storedParent.set(number, { repoId: row.parent_repo_id, number: row.parent_number });
  }
  for (const link of changedLinks(resolved, storedParent)) {
    run(LINK_SQL.deleteLink, repoId, link.number);
    if (link.after !== null) run(LINK_SQL.insertLink, repoId, link.number, link.after.repoId, link.after.number);
  }
  const importedParents = plan.numbers.filter((n) => get(LINK_SQL.isParent, repoId, n) !== undefined).map((number) => ({ repoId, number }));
  const elsewhere = all<{ parent_repo_id: number; parent_number: number }>(LINK_SQL.parentsElsewhere, repoId).map((r) => ({ repoId: r.parent_repo_id, number: r.parent_number }));
  const touched = new Set<number>();
  for (const parent of parentsToCount(resolved, storedParent, importedParents, elsewhere)) {
    const issue = get<{ doc: string }>(LINK_SQL.issueDoc, parent.repoId, parent.number);
    if (issue === undefined) continue;
    const counts = get<{ total: number; completed: number }>(LINK_SQL.counts, parent.repoId, parent.number) ?? { total: 0, completed: 0 };
    const updated = withSubIssueCounts(issue.doc, counts.total, counts.completed);
    if (updated === null) continue;
    run(LINK_SQL.setDoc, updated, parent.repoId, parent.number);
    touched.add(parent.repoId);
  }
  for (const other of rewriteCrossParentUrls(prepare, repoId)) touched.add(other);
  touched.delete(repoId);
  return [...touched];
}

/**
 * Writes the `parent_issue_url` of every link between this repository and another as the
 * parent's repository's name and visibility now say (after an import, which may make it private,
 * or a rename); returns the repositories whose documents changed.
 */
export function rewriteCrossParentUrls(prepare: Prepare, repoId: number): number[] {
  const touched = new Set<number>();
  for (const link of prepare(named(LINK_SQL.crossLinks)).all(args(repoId)) as CrossLinkRow[]) {
    const child = prepare(named(LINK_SQL.issueDoc)).get(args(link.repo_id, link.number)) as { doc: string } | undefined;
    const updated = child === undefined ? null : withParentUrl(child.doc, crossParentUrl(link));
    if (updated === null) continue;
    prepare(named(LINK_SQL.setDoc)).run(args(updated, link.repo_id, link.number));
    touched.add(link.repo_id);
  }
  return [...touched];
}

/** A stored document of another repository, its repository named in it (issue-document.ts). */
function ownDocument(row: { doc: string; owner: string | null; name: string | null }): string {
  return row.owner === null || row.name === null ? row.doc : withRepoPath(row.doc, `${row.owner}/${row.name}`);
}

/** A parent's shown sub-issues in priority order (`GET …/issues/{n}/sub_issues`). */
export function readSubIssues(prepare: Prepare, count: (sql: string, args: unknown[]) => number, repoId: number, number: number, params: PageParams): DocumentPage {
  const total = count(named(LINK_SQL.countSubIssues), [args(repoId, number)]);
  const offset = (params.page - 1) * params.perPage;
  if (offset >= total) return { total, documents: [] };
  const rows = prepare(named(`${LINK_SQL.subIssuePage} LIMIT $3 OFFSET $4`)).all(args(repoId, number, params.perPage, offset)) as Array<{ doc: string; owner: string | null; name: string | null }>;
  return { total, documents: rows.map(ownDocument) };
}

/** The shown parent of an issue (`GET …/issues/{n}/parent`), or null. */
export function readParentIssue(prepare: Prepare, repoId: number, number: number): string | null {
  const row = prepare(named(LINK_SQL.parent)).get(args(repoId, number)) as { doc: string; owner: string | null; name: string | null } | undefined;
  return row === undefined ? null : ownDocument(row);
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
