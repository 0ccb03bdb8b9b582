/**
 * Rate-limit counters carried over a restart, on PostgreSQL. Saving them
 * changes nothing a reader sees, so it never moves the store version.
 */
import type { StoredCounter } from '../records';
import type { CounterStore } from '../storage';
import type { WriteTransactions } from './write-transaction';

export class PostgresCounterStore implements CounterStore {
  constructor(private readonly tx: WriteTransactions) {}

  async loadCounters(): Promise<StoredCounter[]> {
    const rows = await this.tx.sql.query<{ key: string; window_start_ms: number; used: number }>('SELECT key, window_start_ms, used FROM rate_counters');
    return rows.map((r) => ({ key: r.key, windowStartMs: r.window_start_ms, used: r.used }));
  }

  async saveCounters(counters: StoredCounter[]): Promise<void> {
    if (counters.length === 0) return;
    const rows = [...new Map(counters.map((c) => [c.key, c])).values()];
    await this.tx.sql.query(
      `INSERT INTO rate_counters (key, window_start_ms, used) SELECT * FROM unnest($1::text[], $2::bigint[], $3::int[])
       ON CONFLICT (key) DO UPDATE SET window_start_ms = excluded.window_start_ms, used = excluded.used`,
      [rows.map((c) => c.key), rows.map((c) => c.windowStartMs), rows.map((c) => c.used)],
    );
  }
}
