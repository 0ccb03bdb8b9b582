/**
 * Counts for `rel="last"`, remembered until the data changes, alike on both engines: a list's
 * total is read on every page of it, and counting a large repository's issues costs far more than
 * reading one page of them. The owner clears them whenever the data changes, as it does the keyset
 * boundaries (sqlite/derived-caches.ts on SQLite's data_version; postgres/postgres-issue-reads.ts
 * when the store version moves).
 */
import type { Operation, Statement } from './prepared-query';
import type { CountMemory } from './store-dialect';

/** lists (filter set) whose counts are kept; all are dropped when it fills, as before a write */
const MAX_REMEMBERED_COUNTS = 500;

export class RememberedCounts implements CountMemory {
  private readonly counts = new Map<string, number>();

  clear(): void {
    this.counts.clear();
  }

  /** The key of a count statement with its arguments. */
  keyOf(sql: string, args: readonly unknown[]): string {
    return `${sql}\u0000${JSON.stringify(args)}`;
  }

  recall(key: string): number | undefined {
    return this.counts.get(key);
  }

  keep(key: string, n: number): void {
    if (this.counts.size >= MAX_REMEMBERED_COUNTS) this.counts.clear();
    this.counts.set(key, n);
  }

  /**
   * The count `statement` reads (`SELECT COUNT(*) AS n …`), read only when not remembered; what it
   * reads is remembered only while `stillCurrent()` says the data has not changed since the caller looked.
   */
  *count(statement: Statement, stillCurrent: () => boolean): Operation<number> {
    const key = this.keyOf(statement.sql, statement.parameters);
    const known = this.counts.get(key);
    if (known !== undefined) return known;
    const [row] = (yield statement) as Array<{ n: number | string }>;
    // PostgreSQL's COUNT is a BIGINT, which postgres/sql.ts reads as a number; Number() holds either engine to that.
    const n = row === undefined ? 0 : Number(row.n);
    if (stillCurrent()) this.keep(key, n);
    return n;
  }
}
