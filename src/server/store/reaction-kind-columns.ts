/** The columns that count each kind of reaction (migration 7; store/fact-columns.ts writes them). */

/**
 * The column of each kind of reaction an order counts (shared/search-query-tree.ts
 * REACTION_SORT_KEYS), keyed by the issue's `reactions` rollup. `rocket` and `eyes` have none:
 * no GitHub order or qualifier counts them alone.
 */
export const REACTION_KIND_COLUMNS = {
  '+1': 'reactions_plus_one',
  '-1': 'reactions_minus_one',
  laugh: 'reactions_laugh',
  hooray: 'reactions_hooray',
  confused: 'reactions_confused',
  heart: 'reactions_heart',
} as const;

export type ReactionKind = keyof typeof REACTION_KIND_COLUMNS;

export const REACTION_KINDS = Object.keys(REACTION_KIND_COLUMNS) as ReactionKind[];

/** The column that counts one kind of reaction; undefined for a rollup key without one. */
export function reactionKindColumn(key: string): string | undefined {
  return Object.hasOwn(REACTION_KIND_COLUMNS, key) ? REACTION_KIND_COLUMNS[key as ReactionKind] : undefined;
}
