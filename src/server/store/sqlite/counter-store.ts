/**
 * Rate-limit counters carried over a restart, on SQLite (`CounterStore`; limits/rate-limiter.ts
 * owns their meaning).
 */
import type { StoredCounter } from '../records';
import type { CounterStore } from '../storage';
import type { SqliteConnection } from './connection';

export class SqliteCounterStore implements CounterStore {
  constructor(private readonly connection: SqliteConnection) {}

  loadCounters(): StoredCounter[] {
    const rows = this.connection.stmt('SELECT key, window_start_ms, used FROM rate_counters').all() as Array<{ key: string; window_start_ms: number; used: number }>;
    return rows.map((r) => ({ key: r.key, windowStartMs: r.window_start_ms, used: r.used }));
  }

  saveCounters(counters: StoredCounter[]): void {
    const upsert = this.connection.stmt(
      `INSERT INTO rate_counters (key, window_start_ms, used) VALUES (?, ?, ?)
       ON CONFLICT (key) DO UPDATE SET window_start_ms = excluded.window_start_ms, used = excluded.used`,
    );
    this.connection.db.transaction(() => {
      for (const c of counters) upsert.run(c.key, c.windowStartMs, c.used);
    })();
  }
}
