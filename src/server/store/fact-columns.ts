/**
 * The facts of an issue migration 7 keeps as columns of `issues` on both engines, for search:
 * `locked` (`is:locked`), `draft` (`is:draft`, `draft:`), `state_reason` (`reason:`) and the
 * reactions of each kind an order counts (`sort:reactions-heart` …). Read from each stored
 * document instead, one of these alone over 100,000 issues took seconds a page. The writers
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

/** In the order of the columns in the table (migration 7 adds them in this order). */
export const FACT_COLUMNS: readonly FactColumn[] = [
  { name: 'locked', type: 'flag', value: (r) => (r.locked ? 1 : 0) },
  { name: 'draft', type: 'flag', value: (r) => (r.draft ? 1 : 0) },
  { name: 'state_reason', type: 'text', value: (r) => r.stateReason },
  ...REACTION_KINDS.map((kind): FactColumn => ({ name: REACTION_KIND_COLUMNS[kind], type: 'count', value: (r) => r.reactionKinds[kind] })),
];
