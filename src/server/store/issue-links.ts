/**
 * The rules of issue types and sub-issue links as an import leaves them, the same on every engine;
 * core/issue-link-store.ts holds the statements and runs them inside the import's transaction,
 * after every issue of the import is stored. Which links are shown (docs/api.md, "Sub-issues
 * across repositories") is that module's `CHILD_SHOWN` and `PARENT_SHOWN`.
 *
 * GitHub keeps a parent's sub-issues in a priority order, new ones last
 * ("Adding sub-issues"); an imported issue's `parent_issue_url` says which parent it has but
 * not where among its siblings, so a link new to the service goes last, and the new links of one
 * import go in the order of the issues' numbers, the order they were created in.
 */
import { subIssuesSummary } from './build-documents';
import type { ImportPlan } from './import-rows';
import { apiUrl } from './issue-document';

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
