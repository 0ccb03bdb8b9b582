/**
 * Rate-limit counters carried over a restart (`CounterStore`; limits/rate-limiter.ts owns their
 * meaning), written once for both engines. Saving them changes nothing a reader sees.
 */
import type { StoredCounter } from '../records';
import { compileNow, prepareQuery, rowsOf, type Operation } from './prepared-query';
import type { StoreDialect } from './store-dialect';

/** counters per statement: one round trip to PostgreSQL each, 3 parameters a row, far below either engine's limit */
const COUNTERS_PER_STATEMENT = 1000;

const ALL_COUNTERS = prepareQuery((db) => db.selectFrom('rate_counters').select(['key', 'window_start_ms', 'used']));

export function* loadCounters(dialect: StoreDialect): Operation<StoredCounter[]> {
  const rows = yield* rowsOf(ALL_COUNTERS, dialect, {});
  return rows.map((r) => ({ key: r.key, windowStartMs: r.window_start_ms, used: r.used }));
}

export function* saveCounters(dialect: StoreDialect, counters: readonly StoredCounter[]): Operation<void> {
  // One row per key, the last word on each: PostgreSQL refuses a statement that updates a row twice.
  const rows = [...new Map(counters.map((c) => [c.key, c])).values()];
  for (let start = 0; start < rows.length; start += COUNTERS_PER_STATEMENT) {
    const batch = rows.slice(start, start + COUNTERS_PER_STATEMENT);
    yield compileNow(dialect, (db) =>
      db
        .insertInto('rate_counters')
        .values(batch.map((c) => ({ key: c.key, window_start_ms: c.windowStartMs, used: c.used })))
        .onConflict((oc) =>
          oc.column('key').doUpdateSet((eb) => ({ window_start_ms: eb.ref('excluded.window_start_ms'), used: eb.ref('excluded.used') })),
        ),
    );
  }
}
