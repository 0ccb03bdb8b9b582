/**
 * Pages of an ordered list on SQLite from remembered keyset boundaries
 * (../keyset-boundaries.ts decides where a page starts and why); this module
 * runs the statements. The owner clears the boundaries whenever the database
 * changes (sqlite/derived-caches.ts).
 */
import type Database from 'better-sqlite3';
import { fromKey, KeysetBoundaries, orderBy, type BoundaryKey, type OrderedList } from '../keyset-boundaries';

export class KeysetPager {
  private readonly boundaries = new KeysetBoundaries();

  constructor(private readonly prepare: (sql: string) => Database.Statement) {}

  clear(): void {
    this.boundaries.clear();
  }

  /** The `doc` of `limit` entries from `offset` on: the same rows as `LIMIT limit OFFSET offset`. */
  page(list: OrderedList, offset: number, limit: number): string[] {
    const start = this.boundaries.start(list, offset);
    let key = start.key;
    if (start.walk) {
      key = this.entryKey(list, start.walk.from, start.walk.skip);
      if (key === null) return [];
      this.boundaries.remember(list, start.walk.block, key);
    }
    return this.prepare(`SELECT doc FROM ${list.from} WHERE ${this.where(list, key)} ORDER BY ${orderBy(list)} LIMIT ? OFFSET ?`)
      .pluck()
      .all(...list.args, ...(key ?? []), limit, start.skip) as string[];
  }

  /** The key of the entry `skip` on from `from` (from the list's start when null), or null past the end. */
  private entryKey(list: OrderedList, from: BoundaryKey | null, skip: number): BoundaryKey | null {
    const found = this.prepare(`SELECT ${list.sortColumn}, ${list.tieColumn} FROM ${list.from} WHERE ${this.where(list, from)} ORDER BY ${orderBy(list)} LIMIT 1 OFFSET ?`)
      .raw()
      .get(...list.args, ...(from ?? []), skip) as [unknown, unknown] | undefined;
    return found ?? null;
  }

  private where(list: OrderedList, key: BoundaryKey | null): string {
    return key === null ? list.where : `${list.where} AND ${fromKey(list, '?', '?')}`;
  }
}
