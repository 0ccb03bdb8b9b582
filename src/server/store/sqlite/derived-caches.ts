/**
 * What the SQLite store derives from the data and remembers until the next write: counts for
 * `rel="last"`, the first results of searches, the boundaries of keyset pages, and the version
 * (`changeVersion`) that tells the caches in front of the store when to forget theirs.
 */
import type Database from 'better-sqlite3';
import { KeysetPager } from '../core/keyset-pager';
import { RememberedCounts } from '../core/remembered-counts';
import type { SqliteConnection } from './connection';

export class DerivedCaches {
  /** counts for `rel="last"`, valid until the next write */
  readonly counts = new RememberedCounts();
  private countCacheVersion = -1;
  /** the first results of searches whose every page reads all their matches (sqlite-search.ts), valid until the next write */
  private readonly rankingCache = new Map<string, unknown[]>();
  private static readonly RANKING_CACHE_SIZE = 100;
  /** pages without OFFSET walks; its boundaries, like the counts, are valid until the next write */
  readonly pager: KeysetPager;

  constructor(private readonly connection: SqliteConnection) {
    this.pager = new KeysetPager();
  }

  /** whether `forgetIfChanged` has looked in this turn of the event loop */
  private checkedThisTurn = false;
  /** `changeVersion`: moves on with every change seen, this connection's own writes included */
  private generation = 0;

  /**
   * Drops what was derived from the data once another connection (the CLI's import or mirror)
   * has written. SQLite's data_version changes exactly when another connection has committed;
   * reading it starts a read transaction (file locks: system calls), so the lookups every
   * request makes (lookup-cache.ts asks `changeVersion`) share one look per turn of the event
   * loop: a commit counts from the next turn, which is as if it had come a moment later. A read
   * in a snapshot (`inSnapshot`) looks again inside it, so the remembered counts and page
   * boundaries it uses belong to the very data it reads.
   */
  forgetIfChanged(inSnapshot = false): void {
    if (this.checkedThisTurn && !inSnapshot) return;
    const version = this.connection.stmt('PRAGMA data_version').pluck().get() as number;
    if (version !== this.countCacheVersion) this.forgetDerived(version);
    if (!this.checkedThisTurn) {
      this.checkedThisTurn = true;
      setImmediate(() => (this.checkedThisTurn = false));
    }
  }

  forgetDerived(version = this.countCacheVersion): void {
    this.counts.clear();
    this.rankingCache.clear();
    this.pager.clear();
    this.countCacheVersion = version;
    this.generation += 1;
  }

  changeVersion(): number {
    this.forgetIfChanged();
    return this.generation;
  }

  /** The rows of a search statement, remembered like the counts (callers check with `forgetIfChanged` first). */
  rankedRows(sql: string, args: unknown[], prepare: (text: string) => Database.Statement): unknown[] {
    const key = `${sql}\u0000${JSON.stringify(args)}`;
    const cached = this.rankingCache.get(key);
    if (cached !== undefined) return cached;
    const rows = prepare(sql).all(...args);
    if (this.rankingCache.size >= DerivedCaches.RANKING_CACHE_SIZE) this.rankingCache.clear();
    this.rankingCache.set(key, rows);
    return rows;
  }

  /**
   * A search's count, remembered until the data changes as every count is (RememberedCounts;
   * callers check with `forgetIfChanged` first), read through the search's own statements.
   */
  count(sql: string, args: unknown[], prepare: (text: string) => Database.Statement): number {
    return this.connection.run(this.counts.count({ sql, parameters: args }, () => true), prepare);
  }
}
