/**
 * Pages of an ordered list whose cost does not grow with the page number, for
 * either engine (core/keyset-pager.ts runs the statements; this module
 * decides which, and remembers what they found).
 *
 * `LIMIT n OFFSET k` makes the database step over all k entries before the
 * page, so page 1,000 of a large repository costs far more than page 1. Here
 * the list remembers a boundary key (sort value, unique tie-breaker) every
 * `BOUNDARY_STRIDE_ROWS` entries, found with one index-only walk the first
 * time it is needed, and a page starts with a keyset seek
 * (`WHERE (col, tie) <= (…, …)`) at the boundary just before it, then skips
 * fewer than `BOUNDARY_STRIDE_ROWS` entries. The rows are exactly those of
 * `LIMIT n OFFSET k`, because (sort value, tie-breaker) orders the list totally.
 *
 * Boundaries describe one state of the data: the engine clears them whenever
 * the data changes, as it does its counts.
 */

/** At most this many entries are stepped over before a page starts. */
export const BOUNDARY_STRIDE_ROWS = 100;
/** Lists (filter set × order) whose boundaries are remembered; the least recently used goes first. */
const MAX_REMEMBERED_LISTS = 64;

export interface OrderedList {
  /** the table */
  from: 'issues' | 'comments';
  /** an SQL condition in the engine's own placeholders, which `args` fill */
  where: string;
  args: readonly unknown[];
  /** the sort column, and the unique column that breaks ties so the order is total */
  sortColumn: string;
  tieColumn: string;
  descending: boolean;
}

export type BoundaryKey = readonly [sortValue: unknown, tieValue: unknown];

/**
 * Where the page at an offset starts: `skip` entries on from `key` (from the
 * list's start when `key` is null). When `walk` is set, the key is not known
 * yet: the engine finds the entry `walk.skip` on from `walk.from`, gives it to
 * `remember`, and reads the page from it.
 */
export interface PageStart {
  key: BoundaryKey | null;
  skip: number;
  walk: { block: number; from: BoundaryKey | null; skip: number } | null;
}

export class KeysetBoundaries {
  /** list identity → block number → key of the block's first entry (insertion order = recency) */
  private readonly lists = new Map<string, Map<number, BoundaryKey>>();

  clear(): void {
    this.lists.clear();
  }

  /** How many lists have boundaries remembered (for tests of the bound). */
  get rememberedLists(): number {
    return this.lists.size;
  }

  /** Where the page from entry `offset` starts, with the walk that finds its boundary when none is remembered. */
  start(list: OrderedList, offset: number): PageStart {
    if (offset < BOUNDARY_STRIDE_ROWS) return { key: null, skip: offset, walk: null };
    const block = Math.floor(offset / BOUNDARY_STRIDE_ROWS);
    const skip = offset - block * BOUNDARY_STRIDE_ROWS;
    const known = this.remembered(list);
    const hit = known.get(block);
    if (hit) return { key: hit, skip, walk: null };
    // On from the nearest boundary known before it.
    let fromBlock = 0;
    let from: BoundaryKey | null = null;
    for (const [b, key] of known) {
      if (b < block && b > fromBlock) {
        fromBlock = b;
        from = key;
      }
    }
    return { key: null, skip, walk: { block, from, skip: (block - fromBlock) * BOUNDARY_STRIDE_ROWS } };
  }

  /** Keeps the key a walk found for `block`. */
  remember(list: OrderedList, block: number, key: BoundaryKey): void {
    this.remembered(list).set(block, key);
  }

  private remembered(list: OrderedList): Map<number, BoundaryKey> {
    const id = JSON.stringify([list.from, list.where, list.args, list.sortColumn, list.tieColumn, list.descending]);
    let known = this.lists.get(id);
    if (known) {
      this.lists.delete(id);
    } else {
      known = new Map();
      if (this.lists.size >= MAX_REMEMBERED_LISTS) {
        const oldest = this.lists.keys().next();
        if (!oldest.done) this.lists.delete(oldest.value);
      }
    }
    this.lists.set(id, known);
    return known;
  }
}

/** `ORDER BY` for the list: the sort column, then the tie-breaker, both in the list's direction. */
export function orderBy(list: OrderedList): string {
  const dir = list.descending ? 'DESC' : 'ASC';
  return `${list.sortColumn} ${dir}, ${list.tieColumn} ${dir}`;
}

/** Entries from a boundary key on, in list order (the boundary itself included); the placeholders take the key's two values. */
export function fromKey(list: OrderedList, sortPlaceholder: string, tiePlaceholder: string): string {
  return `(${list.sortColumn}, ${list.tieColumn}) ${list.descending ? '<=' : '>='} (${sortPlaceholder}, ${tiePlaceholder})`;
}
