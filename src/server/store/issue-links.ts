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
import { apiUrl } from './issue-document';

/**
 * A link is shown (listed by `…/sub_issues`, counted in `sub_issues_summary`, named by
 * `parent_issue_url`, returned by `…/parent`, found by search) when its two issues are in one
 * repository, or when the other side's repository is public: an answer is one per repository,
 * kept by its data version, so it may name another repository's issue only when every caller
 * who may read it may read that one too (docs/api.md, "Sub-issues across repositories").
 * `c` is the child's repository, `p` the parent's.
 */
const CHILD_SHOWN = '(s.repo_id = s.parent_repo_id OR c_repo.private = 0)';
const PARENT_SHOWN = '(s.parent_repo_id = s.repo_id OR p_repo.private = 0)';

export const LINK_SQL = {
  upsertType: `INSERT INTO issue_types (repo_id, name, doc) VALUES ($1, $2, $3)
    ON CONFLICT (repo_id, name) DO UPDATE SET doc = excluded.doc`,
  repoOwner: 'SELECT owner FROM repos WHERE id = $1',
  repoByName: 'SELECT id FROM repos WHERE owner = $1 AND name = $2',
  storedParent: 'SELECT parent_repo_id, parent_number FROM sub_issues WHERE repo_id = $1 AND number = $2',
  deleteLink: 'DELETE FROM sub_issues WHERE repo_id = $1 AND number = $2',
  // CAST: PostgreSQL infers no type for a bare placeholder in a select list.
  insertLink: `INSERT INTO sub_issues (repo_id, number, parent_repo_id, parent_number, position)
    SELECT CAST($1 AS BIGINT), CAST($2 AS BIGINT), CAST($3 AS BIGINT), CAST($4 AS BIGINT), COALESCE(MAX(position), 0) + 1
    FROM sub_issues WHERE parent_repo_id = $3 AND parent_number = $4`,
  isParent: 'SELECT 1 FROM sub_issues WHERE parent_repo_id = $1 AND parent_number = $2 LIMIT 1',
  /** the parents in other repositories of this repository's sub-issues */
  parentsElsewhere: 'SELECT DISTINCT parent_repo_id, parent_number FROM sub_issues WHERE repo_id = $1 AND parent_repo_id <> $1',
  /** a parent's sub-issues that are stored and shown, and how many of them are closed */
  counts: `SELECT COUNT(*) AS total, COALESCE(SUM(CASE WHEN c.state = 'closed' THEN 1 ELSE 0 END), 0) AS completed
    FROM sub_issues s JOIN issues c ON c.repo_id = s.repo_id AND c.number = s.number JOIN repos c_repo ON c_repo.id = s.repo_id
    WHERE s.parent_repo_id = $1 AND s.parent_number = $2 AND ${CHILD_SHOWN}`,
  /**
   * The links between this repository and another, either way round, with the parent's
   * repository's name and visibility: what the child's `parent_issue_url` says depends on them.
   */
  crossLinks: `SELECT s.repo_id, s.number, s.parent_number, p_repo.owner, p_repo.name, p_repo.private
    FROM sub_issues s JOIN repos p_repo ON p_repo.id = s.parent_repo_id WHERE s.repo_id = $1 AND s.parent_repo_id <> $1
    UNION ALL
    SELECT s.repo_id, s.number, s.parent_number, p_repo.owner, p_repo.name, p_repo.private
    FROM sub_issues s JOIN repos p_repo ON p_repo.id = s.parent_repo_id WHERE s.parent_repo_id = $1 AND s.repo_id <> $1`,
  issueDoc: 'SELECT doc FROM issues WHERE repo_id = $1 AND number = $2',
  setDoc: 'UPDATE issues SET doc = $1 WHERE repo_id = $2 AND number = $3',
  /** a sub-issue's place in its parent's priority order, as the source lists it (mirror: the parent's own repository's) */
  setPosition: 'UPDATE sub_issues SET position = $1 WHERE repo_id = $2 AND number = $3 AND parent_repo_id = $2 AND parent_number = $4',
  countSubIssues: `SELECT COUNT(*) AS n FROM sub_issues s JOIN issues c ON c.repo_id = s.repo_id AND c.number = s.number
    JOIN repos c_repo ON c_repo.id = s.repo_id WHERE s.parent_repo_id = $1 AND s.parent_number = $2 AND ${CHILD_SHOWN}`,
  /** `owner` and `name` are the child's repository's, null when it is the parent's own */
  subIssuePage: `SELECT c.doc, s.position, s.repo_id, s.number,
      CASE WHEN s.repo_id = s.parent_repo_id THEN NULL ELSE c_repo.owner END AS owner,
      CASE WHEN s.repo_id = s.parent_repo_id THEN NULL ELSE c_repo.name END AS name
    FROM sub_issues s JOIN issues c ON c.repo_id = s.repo_id AND c.number = s.number JOIN repos c_repo ON c_repo.id = s.repo_id
    WHERE s.parent_repo_id = $1 AND s.parent_number = $2 AND ${CHILD_SHOWN} ORDER BY s.position, s.repo_id, s.number`,
  /** `owner` and `name` are the parent's repository's, null when it is the child's own */
  parent: `SELECT p.doc,
      CASE WHEN s.repo_id = s.parent_repo_id THEN NULL ELSE p_repo.owner END AS owner,
      CASE WHEN s.repo_id = s.parent_repo_id THEN NULL ELSE p_repo.name END AS name
    FROM sub_issues s JOIN issues p ON p.repo_id = s.parent_repo_id AND p.number = s.parent_number
    JOIN repos p_repo ON p_repo.id = s.parent_repo_id
    WHERE s.repo_id = $1 AND s.number = $2 AND ${PARENT_SHOWN}`,
  /** by name as GitHub's list has them (its order is the organization's; here, the name's) */
  issueTypes: 'SELECT doc FROM issue_types WHERE repo_id = $1 ORDER BY lower(name), name',
  /** an account's repositories, and their issue types (null `doc`: a repository without any) */
  ownerIssueTypes: `SELECT r.id, r.private, t.name, t.doc FROM repos r LEFT JOIN issue_types t ON t.repo_id = r.id
    WHERE r.owner = $1 ORDER BY r.id, lower(t.name), t.name`,
} as const;

/** An issue of a repository here: one side of a link. */
export interface IssueKey {
  repoId: number;
  number: number;
}

const keyText = (key: IssueKey | null): string => (key === null ? '' : `${key.repoId}#${key.number}`);

/** The imported issues with the parent each names now, resolved to a repository here (null: none, or none here). */
export type ResolvedParents = Array<{ number: number; parent: IssueKey | null }>;

/**
 * Each imported issue's parent as a repository here: its own, or another of the same owner
 * (GitHub links no further) that is here. A parent whose repository is not here is no link:
 * the child is linked when it is imported again after that repository (docs/api.md).
 */
export function resolveParents(
  plan: Pick<ImportPlan, 'parents'>,
  repo: { id: number; owner: string },
  repoIdOf: (owner: string, name: string) => number | null,
): ResolvedParents {
  return plan.parents.map(({ number, parent, otherRepository }) => {
    if (parent === null) return { number, parent: null };
    if (otherRepository === null) return { number, parent: { repoId: repo.id, number: parent } };
    if (otherRepository.owner.toLowerCase() !== repo.owner.toLowerCase()) return { number, parent: null };
    const repoId = repoIdOf(otherRepository.owner, otherRepository.name);
    return { number, parent: repoId === null ? null : { repoId, number: parent } };
  });
}

/** The imported issues whose link changes: each with the parent it had (null: none) and the one it has now. */
export function changedLinks(
  resolved: ResolvedParents,
  storedParent: ReadonlyMap<number, IssueKey>,
): Array<{ number: number; before: IssueKey | null; after: IssueKey | null }> {
  return resolved
    .map(({ number, parent }) => ({ number, before: storedParent.get(number) ?? null, after: parent }))
    .filter((link) => keyText(link.before) !== keyText(link.after))
    .sort((a, b) => a.number - b.number);
}

/**
 * The parents whose counts may have changed: those a link left or joined, those whose
 * sub-issues were imported again, and the parents in other repositories of this repository's
 * sub-issues (whether they count them depends on this repository's visibility, which an import
 * may change).
 */
export function parentsToCount(
  resolved: ResolvedParents,
  storedParent: ReadonlyMap<number, IssueKey>,
  importedParents: Iterable<IssueKey>,
  parentsElsewhere: Iterable<IssueKey>,
): IssueKey[] {
  const parents = new Map<string, IssueKey>();
  const add = (key: IssueKey | null | undefined) => {
    if (key) parents.set(keyText(key), { repoId: Number(key.repoId), number: Number(key.number) });
  };
  for (const key of importedParents) add(key);
  for (const key of parentsElsewhere) add(key);
  for (const { number, parent } of resolved) {
    add(storedParent.get(number));
    add(parent);
  }
  return [...parents.values()];
}

/** A link across repositories as `crossLinks` reads it. */
export type CrossLinkRow = {
  repo_id: number;
  number: number;
  parent_number: number;
  owner: string;
  name: string;
  private: number | boolean;
};

/** What the child's `parent_issue_url` says of a parent in another repository: its URL when that repository is public. */
export function crossParentUrl(link: CrossLinkRow): string | null {
  return Number(link.private) === 0 ? apiUrl(`/repos/${link.owner}/${link.name}/issues/${link.parent_number}`) : null;
}

/** The issue's document naming this parent, or null when it does already. */
export function withParentUrl(doc: string, url: string | null): string | null {
  const issue = JSON.parse(doc) as { parent_issue_url?: string | null };
  if ((issue.parent_issue_url ?? null) === url) return null;
  issue.parent_issue_url = url;
  return JSON.stringify(issue);
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
