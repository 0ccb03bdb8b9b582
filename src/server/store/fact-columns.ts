/**
 * The facts of an issue migration 7 keeps as columns of `issues` on both engines, for search:
 * `locked` (`is:locked`), `draft` (`is:draft`, `draft:`), `state_reason` (`reason:`) and the
 * reactions of each kind an order counts (`sort:reactions-heart` …); and, from the migration after
 * the sub-issues' (issue 47), `type_name` (`type:`). Read from each stored document instead, one
 * of these alone over 100,000 issues took seconds a page. The writers
 * (SQLite's insert, PostgreSQL's COPY and upsert) and the search plan read the names here; the
 * migrations spell them out, as a migration never changes once shipped.
 */
import type { IssueRow } from './import-rows';
import { REACTION_KIND_COLUMNS, REACTION_KINDS } from './reaction-kind-columns';

export interface FactColumn {
  name: string;
  /** a 0/1 flag, a text or NULL, a count */
  type: 'flag' | 'text' | 'count';
  value(row: IssueRow): number | string | null;
}

/**
 * An issue type's name as `type_name` holds it and `type:` compares it: folded in ASCII letters
 * only, as SQLite's `lower()` folds, so the upgrade's backfill (SQLite's `lower()`, PostgreSQL's
 * `translate()`) writes what an import writes. GitHub's "Searching issues and pull requests":
 * "Search is not case sensitive".
 */
export function issueTypeKey(name: string): string {
  return name.replace(/[A-Z]/g, (c) => c.toLowerCase());
}

/** In the order the migrations add the columns (migration 7's, then `type_name`). */
export const FACT_COLUMNS: readonly FactColumn[] = [
  { name: 'locked', type: 'flag', value: (r) => (r.locked ? 1 : 0) },
  { name: 'draft', type: 'flag', value: (r) => (r.draft ? 1 : 0) },
  { name: 'state_reason', type: 'text', value: (r) => r.stateReason },
  ...REACTION_KINDS.map((kind): FactColumn => ({ name: REACTION_KIND_COLUMNS[kind], type: 'count', value: (r) => r.reactionKinds[kind] })),
  { name: 'type_name', type: 'text', value: (r) => (r.typeName === null ? null : issueTypeKey(r.typeName)) },
];
