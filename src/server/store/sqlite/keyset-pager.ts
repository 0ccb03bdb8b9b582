/**
 * Pages of an ordered list whose cost does not grow with the page number.
 *
 * `LIMIT n OFFSET k` makes SQLite step over all k entries before the page, so
 * page 1,000 of a large repository costs far more than page 1. Here the list
 * remembers a boundary key (sort value, unique tie-breaker) every
 * `BOUNDARY_STRIDE_ROWS` entries, found with one index-only walk the first
 * time it is needed, and a page starts with a keyset seek
 * (`WHERE (col, tie) <= (?, ?)`) at the boundary just before it, then skips
 * fewer than `BOUNDARY_STRIDE_ROWS` entries. The rows are exactly those of
 * `LIMIT n OFFSET k`, because (sort value, tie-breaker) orders the list totally.
 *
 * Boundaries describe one state of the data: the owner clears them whenever
 * the database changes (sqlite/derived-caches.ts).
 */
import type Database from 'better-sqlite3';

/** At most this many entries are stepped over before a page starts. */
export const BOUNDARY_STRIDE_ROWS = 100;
/** Lists (filter set × order) whose boundaries are remembered; the least recently used goes first. */
const MAX_REMEMBERED_LISTS = 64;

export interface OrderedList {
  /** the table */
  from: 'issues' | 'comments';
  /** an SQL condition with `?` placeholders */
  where: string;
  args: readonly unknown[];
  /** the sort column, and the unique column that breaks ties so the order is total */
  sortColumn: string;
  tieColumn: string;
  descending: boolean;
}

type BoundaryKey = [sortValue: unknown, tieValue: unknown];

export class KeysetPager {
  /** list identity → block number → key of the block's first entry (insertion order = recency) */
  private readonly lists = new Map<string, Map<number, BoundaryKey>>();

  constructor(private readonly prepare: (sql: string) => Database.Statement) {}

  clear(): void {
    this.lists.clear();
  }

  /** How many lists have boundaries remembered (for tests of the bound). */
  get rememberedLists(): number {
    return this.lists.size;
  }

  /** The `doc` of `limit` entries from `offset` on: the same rows as `LIMIT limit OFFSET offset`. */
  page(list: OrderedList, offset: number, limit: number): string[] {
    const order = orderBy(list);
    if (offset < BOUNDARY_STRIDE_ROWS) {
      return this.prepare(`SELECT doc FROM ${list.from} WHERE ${list.where} ORDER BY ${order} LIMIT ? OFFSET ?`)
        .pluck()
        .all(...list.args, limit, offset) as string[];
    }
    const block = Math.floor(offset / BOUNDARY_STRIDE_ROWS);
    const key = this.boundary(list, block);
    if (key === null) return [];
    return this.prepare(`SELECT doc FROM ${list.from} WHERE ${list.where} AND ${fromKey(list)} ORDER BY ${order} LIMIT ? OFFSET ?`)
      .pluck()
      .all(...list.args, ...key, limit, offset - block * BOUNDARY_STRIDE_ROWS) as string[];
  }

  /** The key of entry `block × BOUNDARY_STRIDE_ROWS`, walking on from the nearest boundary known before it. */
  private boundary(list: OrderedList, block: number): BoundaryKey | null {
    const known = this.remembered(list);
    const hit = known.get(block);
    if (hit) return hit;

    let startBlock = 0;
    let startKey: BoundaryKey | null = null;
    for (const [b, key] of known) {
      if (b < block && b > startBlock) {
        startBlock = b;
        startKey = key;
      }
    }
    const columns = `${list.sortColumn}, ${list.tieColumn}`;
    const skip = (block - startBlock) * BOUNDARY_STRIDE_ROWS;
    const found = (
      startKey === null
        ? this.prepare(`SELECT ${columns} FROM ${list.from} WHERE ${list.where} ORDER BY ${orderBy(list)} LIMIT 1 OFFSET ?`)
            .raw()
            .get(...list.args, skip)
        : this.prepare(`SELECT ${columns} FROM ${list.from} WHERE ${list.where} AND ${fromKey(list)} ORDER BY ${orderBy(list)} LIMIT 1 OFFSET ?`)
            .raw()
            .get(...list.args, ...startKey, skip)
    ) as BoundaryKey | undefined;
    if (!found) return null;
    known.set(block, found);
    return found;
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

function orderBy(list: OrderedList): string {
  const dir = list.descending ? 'DESC' : 'ASC';
  return `${list.sortColumn} ${dir}, ${list.tieColumn} ${dir}`;
}

/** Entries from a boundary key on, in list order (the boundary itself included). */
function fromKey(list: OrderedList): string {
  return `(${list.sortColumn}, ${list.tieColumn}) ${list.descending ? '<=' : '>='} (?, ?)`;
}
