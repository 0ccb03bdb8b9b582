/**
 * Counts for `rel="last"`, remembered until the data changes, alike on both engines and for every
 * counted list (the issue list, comments, labels, the open-issue count, the timeline, events and
 * sub-issues): a list's total is read on every page of it, and counting a large repository's
 * issues or a long history costs more than reading one page of it. The owner clears them whenever
 * the data changes, as it does the keyset boundaries (sqlite/derived-caches.ts on SQLite's
 * data_version; postgres/postgres-issue-reads.ts when the store version moves).
 */
import type { KeysetPager } from './keyset-pager';
import type { Operation, Statement } from './prepared-query';

/** lists (filter set) whose counts are kept; all are dropped when it fills, as before a write */
const MAX_REMEMBERED_COUNTS = 500;

/** What an engine remembers of the data for its reads until the data changes, and whether it still may. */
export interface Remembered {
  readonly counts: RememberedCounts;
  readonly pager: KeysetPager;
  /**
   * Whether what a read finds may be kept: the data has not changed since the read began. On
   * SQLite always, since a read runs in a snapshot taken after the engine looked for changes; on
   * PostgreSQL, whose statements on the pool share no snapshot, only while the store version
   * this instance has heard of is the one it saw when the read began.
   */
  readonly stillCurrent: () => boolean;
}

export class RememberedCounts {
  private readonly counts = new Map<string, number>();

  clear(): void {
    this.counts.clear();
  }

  /**
   * The count `statement` reads (one row, the count its first column), read only when not
   * remembered; what it reads is remembered only while `stillCurrent()` says the data has not
   * changed since the caller looked, so a count read while another instance writes is not kept
   * past the change.
   */
  *count(statement: Statement, stillCurrent: () => boolean): Operation<number> {
    // A count is kept by its statement and the values it binds.
    const key = `${statement.sql}\u0000${JSON.stringify(statement.parameters)}`;
    const known = this.counts.get(key);
    if (known !== undefined) return known;
    const [value] = yield { ...statement, firstColumn: true };
    // PostgreSQL's COUNT is a BIGINT, which postgres/sql.ts reads as a number; Number() holds either engine to that.
    const n = Number(value ?? 0);
    if (stillCurrent()) {
      if (this.counts.size >= MAX_REMEMBERED_COUNTS) this.counts.clear();
      this.counts.set(key, n);
    }
    return n;
  }
}
