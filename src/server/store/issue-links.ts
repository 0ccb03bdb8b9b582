/**
 * Issue types and sub-issue links as an import leaves them, the same on every engine: the
 * statements (numbered `$n` placeholders, which the SQLite driver binds by name) and the rules. The
 * engines' drivers (sqlite/sqlite-issue-links.ts, postgres/postgres-issue-links.ts) run them
 * inside the import's transaction, after every issue of the import is stored.
 *
 * GitHub keeps a parent's sub-issues in a priority order, new ones last
 * ("Adding sub-issues"); an imported issue's `parent_issue_url` says which parent it has but
 * not where among its siblings, so a link new to the service goes last, and the new links of one
 * import go in the order of the issues' numbers, the order they were created in.
 */
import { subIssuesSummary } from './build-documents';
import type { ImportPlan } from './import-rows';

export const LINK_SQL = {
  upsertType: `INSERT INTO issue_types (repo_id, name, doc) VALUES ($1, $2, $3)
    ON CONFLICT (repo_id, name) DO UPDATE SET doc = excluded.doc`,
  deleteLink: 'DELETE FROM sub_issues WHERE repo_id = $1 AND number = $2',
  // CAST: PostgreSQL infers no type for a bare placeholder in a select list.
  insertLink: `INSERT INTO sub_issues (repo_id, number, parent_number, position)
    SELECT CAST($1 AS BIGINT), CAST($2 AS BIGINT), CAST($3 AS BIGINT), COALESCE(MAX(position), 0) + 1
    FROM sub_issues WHERE repo_id = $1 AND parent_number = $3`,
  /** a parent's sub-issues that are stored, and how many of them are closed */
  counts: `SELECT COUNT(*) AS total, COALESCE(SUM(CASE WHEN c.state = 'closed' THEN 1 ELSE 0 END), 0) AS completed
    FROM sub_issues s JOIN issues c ON c.repo_id = s.repo_id AND c.number = s.number
    WHERE s.repo_id = $1 AND s.parent_number = $2`,
  setDoc: 'UPDATE issues SET doc = $1 WHERE repo_id = $2 AND number = $3',
  /** a sub-issue's place in its parent's priority order, as the source lists it (mirror) */
  setPosition: 'UPDATE sub_issues SET position = $1 WHERE repo_id = $2 AND number = $3 AND parent_number = $4',
  countSubIssues: `SELECT COUNT(*) AS n FROM sub_issues s JOIN issues c ON c.repo_id = s.repo_id AND c.number = s.number
    WHERE s.repo_id = $1 AND s.parent_number = $2`,
  subIssuePage: `SELECT c.doc FROM sub_issues s JOIN issues c ON c.repo_id = s.repo_id AND c.number = s.number
    WHERE s.repo_id = $1 AND s.parent_number = $2 ORDER BY s.position, s.number LIMIT $3 OFFSET $4`,
  parent: `SELECT p.doc FROM sub_issues s JOIN issues p ON p.repo_id = s.repo_id AND p.number = s.parent_number
    WHERE s.repo_id = $1 AND s.number = $2`,
  /** by name as GitHub's list has them (its order is the organization's; here, the name's) */
  issueTypes: 'SELECT doc FROM issue_types WHERE repo_id = $1 ORDER BY lower(name), name',
  /** an account's repositories, and their issue types (null `doc`: a repository without any) */
  ownerIssueTypes: `SELECT r.id, r.private, t.name, t.doc FROM repos r LEFT JOIN issue_types t ON t.repo_id = r.id
    WHERE r.owner = $1 ORDER BY r.id, lower(t.name), t.name`,
} as const;

/** The imported issues whose link changes: each with the parent it had (null: none) and the one it has now. */
export function changedLinks(
  plan: Pick<ImportPlan, 'parents'>,
  storedParent: ReadonlyMap<number, number>,
): Array<{ number: number; before: number | null; after: number | null }> {
  return plan.parents
    .map(({ number, parent }) => ({ number, before: storedParent.get(number) ?? null, after: parent }))
    .filter((link) => link.before !== link.after)
    .sort((a, b) => a.number - b.number);
}

/** The parents whose counts may have changed: those a link left or joined, and those whose sub-issues were imported again. */
export function parentsToCount(
  plan: Pick<ImportPlan, 'parents'>,
  storedParent: ReadonlyMap<number, number>,
  importedParents: Iterable<number>,
): Set<number> {
  const parents = new Set<number>(importedParents);
  for (const { number, parent } of plan.parents) {
    const before = storedParent.get(number);
    if (before !== undefined) parents.add(before);
    if (parent !== null) parents.add(parent);
  }
  return parents;
}

/** The issue's document with these counts, or null when it has them already. */
export function withSubIssueCounts(doc: string, total: number, completed: number): string | null {
  const issue = JSON.parse(doc) as { sub_issues_summary?: { total: number; completed: number; percent_completed: number } };
  const summary = subIssuesSummary(Number(total), Number(completed));
  const had = issue.sub_issues_summary;
  if (had && had.total === summary.total && had.completed === summary.completed && had.percent_completed === summary.percent_completed) return null;
  issue.sub_issues_summary = summary;
  return JSON.stringify(issue);
}

/**
 * The types an account's repositories have, among those the caller may see, one per name without
 * case (the first repository's, by id), by name; null when the caller sees none of them.
 */
export function visibleOwnerTypes(
  rows: ReadonlyArray<{ id: number; private: number; name: string | null; doc: string | null }>,
  privateRepoIds: ReadonlySet<number>,
): string[] | null {
  const visible = rows.filter((r) => Number(r.private) === 0 || privateRepoIds.has(Number(r.id)));
  if (visible.length === 0) return null;
  const byName = new Map<string, string>();
  for (const r of visible) if (r.name !== null && r.doc !== null && !byName.has(r.name.toLowerCase())) byName.set(r.name.toLowerCase(), r.doc);
  return [...byName.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, doc]) => doc);
}
