/**
 * Pages of an ordered list from remembered keyset boundaries, run alike on both engines
 * (../keyset-boundaries.ts decides where a page starts and why). The owner clears the boundaries
 * whenever the data changes (sqlite/derived-caches.ts; postgres/postgres-issue-reads.ts when the
 * store version moves). How a page's documents are read once its start is known is the engine's
 * (`StoreDialect.keysetPage`).
 */
import { fromKey, KeysetBoundaries, orderBy, type BoundaryKey, type OrderedList } from '../keyset-boundaries';
import type { Operation } from './prepared-query';
import type { StoreDialect } from './store-dialect';

export class KeysetPager {
  private readonly boundaries = new KeysetBoundaries();

  clear(): void {
    this.boundaries.clear();
  }

  /**
   * The `doc` of `limit` entries from `offset` on: the same rows as `LIMIT limit OFFSET offset`.
   * `list.where` is in the engine's placeholders for `list.args`. A boundary found is remembered
   * only while `stillCurrent()` says the data has not changed since the caller looked.
   */
  *page(dialect: StoreDialect, list: OrderedList, offset: number, limit: number, stillCurrent: () => boolean = () => true): Operation<string[]> {
    const start = this.boundaries.start(list, offset);
    let key = start.key;
    if (start.walk) {
      key = yield* entryKey(dialect, list, start.walk.from, start.walk.skip);
      if (key === null) return [];
      if (stillCurrent()) this.boundaries.remember(list, start.walk.block, key);
    }
    const args = [...list.args];
    const where = whereFrom(dialect, list, key, args);
    const limitPlaceholder = next(dialect, args, limit);
    const sql = dialect.keysetPage(list, where, limitPlaceholder, next(dialect, args, start.skip));
    return (yield { sql, parameters: args, firstColumn: true }) as string[];
  }
}

/** The key of the entry `skip` on from `from` (from the list's start when null), or null past the end. */
function* entryKey(dialect: StoreDialect, list: OrderedList, from: BoundaryKey | null, skip: number): Operation<BoundaryKey | null> {
  const args = [...list.args];
  const where = whereFrom(dialect, list, from, args);
  const sql = `SELECT ${list.sortColumn} AS key, ${list.tieColumn} AS tie FROM ${list.from} WHERE ${where} ORDER BY ${orderBy(list)} LIMIT 1 OFFSET ${next(dialect, args, skip)}`;
  const [row] = (yield { sql, parameters: args }) as Array<{ key: unknown; tie: unknown }>;
  return row ? [row.key, row.tie] : null;
}

/** Adds `value` to `args` and answers its placeholder. */
function next(dialect: StoreDialect, args: unknown[], value: unknown): string {
  args.push(value);
  return dialect.placeholder(args.length);
}

function whereFrom(dialect: StoreDialect, list: OrderedList, key: BoundaryKey | null, args: unknown[]): string {
  if (key === null) return list.where;
  const sortPlaceholder = next(dialect, args, key[0]);
  return `${list.where} AND ${fromKey(list, sortPlaceholder, next(dialect, args, key[1]))}`;
}
