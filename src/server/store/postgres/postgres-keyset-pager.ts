/**
 * Pages of an ordered list on PostgreSQL from remembered keyset boundaries
 * (../keyset-boundaries.ts decides where a page starts and why); this module
 * runs the statements. A page's entries are found by an index-only walk of the
 * sort key, and only then are their documents read, so the entries a page
 * skips cost no document reads.
 */
import { fromKey, KeysetBoundaries, orderBy, type BoundaryKey, type OrderedList } from '../keyset-boundaries';
import { Params, type SqlRunner } from './sql';

export class PostgresKeysetPager {
  private readonly boundaries = new KeysetBoundaries();

  clear(): void {
    this.boundaries.clear();
  }

  /**
   * The `doc` of `limit` entries from `offset` on: the same rows as `LIMIT limit OFFSET offset`.
   * `list.where` uses `$1 …` for `list.args`. A boundary found is remembered only while
   * `stillCurrent()` says the data has not changed since the caller looked.
   */
  async page(sql: SqlRunner, list: OrderedList, offset: number, limit: number, stillCurrent: () => boolean): Promise<string[]> {
    const start = this.boundaries.start(list, offset);
    let key = start.key;
    if (start.walk) {
      key = await this.entryKey(sql, list, start.walk.from, start.walk.skip);
      if (key === null) return [];
      if (stillCurrent()) this.boundaries.remember(list, start.walk.block, key);
    }
    const p = paramsAfter(list);
    const where = whereFrom(list, key, p);
    const dir = list.descending ? 'DESC' : 'ASC';
    const rows = await sql.query<{ doc: string }>(
      `SELECT t.doc FROM (SELECT repo_id, ${list.tieColumn} AS tie, ${list.sortColumn} AS key FROM ${list.from} WHERE ${where}
         ORDER BY ${orderBy(list)} LIMIT ${p.next(limit)} OFFSET ${p.next(start.skip)}) k
       JOIN ${list.from} t ON t.repo_id = k.repo_id AND t.${list.tieColumn} = k.tie
       ORDER BY k.key ${dir}, k.tie ${dir}`,
      p.values,
    );
    return rows.map((r) => r.doc);
  }

  /** The key of the entry `skip` on from `from` (from the list's start when null), or null past the end. */
  private async entryKey(sql: SqlRunner, list: OrderedList, from: BoundaryKey | null, skip: number): Promise<BoundaryKey | null> {
    const p = paramsAfter(list);
    const where = whereFrom(list, from, p);
    const [row] = await sql.query<{ key: unknown; tie: unknown }>(
      `SELECT ${list.sortColumn} AS key, ${list.tieColumn} AS tie FROM ${list.from} WHERE ${where} ORDER BY ${orderBy(list)} LIMIT 1 OFFSET ${p.next(skip)}`,
      p.values,
    );
    return row ? [row.key, row.tie] : null;
  }
}

/** Placeholders that go on after the list's own. */
function paramsAfter(list: OrderedList): Params {
  const p = new Params();
  for (const arg of list.args) p.next(arg);
  return p;
}

function whereFrom(list: OrderedList, key: BoundaryKey | null, p: Params): string {
  return key === null ? list.where : `${list.where} AND ${fromKey(list, p.next(key[0]), p.next(key[1]))}`;
}
