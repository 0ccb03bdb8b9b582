/**
 * A migration's walk over the rows a table already holds, a slice at a time
 * in rowid order: a large database's documents never sit in memory at once.
 */
import type Database from 'better-sqlite3';

/** Rows read at a time; enough to keep the walk quick, few enough to keep its memory small. */
export const BACKFILL_SLICE_ROWS = 500;

/**
 * Calls `visit` with every row `slice` selects, in rowid order. `slice` takes
 * the last rowid seen and a row count (`… WHERE rowid > ? ORDER BY rowid LIMIT ?`)
 * and selects `rowid` among its columns.
 */
export function backfillRows<Row extends { rowid: number }>(slice: Database.Statement, visit: (row: Row) => void, sliceRows = BACKFILL_SLICE_ROWS): void {
  for (let after = 0; ; ) {
    const rows = slice.all(after, sliceRows) as Row[];
    if (rows.length === 0) return;
    for (const row of rows) visit(row);
    after = rows[rows.length - 1]!.rowid;
  }
}
