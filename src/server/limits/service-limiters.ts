/**
 * The rate limiters a running service uses, by where the counters live.
 *
 * - One process on SQLite: counters in memory, exact in that process, written
 *   to the database by a timer (counter-flush.ts) so a restart keeps them.
 *   The cached-answer lane answers with them without waiting.
 * - Instances sharing PostgreSQL: every credit is taken in the database
 *   (shared-rate-limiter.ts), one round trip per request, so the limit holds
 *   across instances; there is nothing to flush, and the lane answers when
 *   the credit is taken.
 */
import type { SqlRunner } from '../store/postgres/sql';
import type { CounterStore } from '../store/storage';
import { StorageError } from '../store/store-error';
import { createCounterFlush } from './counter-flush';
import type { RateLimiters } from './rate-limit';
import { limitsOf, RateLimiter, type RateLimitConfig } from './rate-limiter';
import { SharedRateLimiter } from './shared-rate-limiter';

export interface ServiceLimiters {
  limiters: RateLimiters;
  /** saves or settles what is still in flight; called at shutdown */
  finish(): Promise<void>;
}

export interface LimiterOptions {
  limits: RateLimitConfig;
  now: () => number;
  log: (line: string) => void;
  /** how often changed in-process counters are saved */
  flushMs: number;
  /** a problem already known at start (a read-only file), announced once */
  readOnly: StorageError | null;
  /** maps a failed save to the storage's own error */
  toStorageError: (err: unknown) => unknown;
}

/** Counters shared in PostgreSQL, when `shared` is its connection pool; otherwise in this process. */
export async function serviceLimiters(store: CounterStore, shared: SqlRunner | null, options: LimiterOptions): Promise<ServiceLimiters> {
  const { limits, now, log } = options;
  if (shared) {
    const core = new SharedRateLimiter(shared, limitsOf(limits, 'core'), now, 'core', log);
    const search = new SharedRateLimiter(shared, limitsOf(limits, 'search'), now, 'search', log);
    return {
      limiters: { core, search },
      finish: async () => {
        await Promise.all([core.settle(), search.settle()]);
      },
    };
  }

  const counters = await store.loadCounters();
  const core = new RateLimiter(limitsOf(limits, 'core'), now, counters, 'core');
  const search = new RateLimiter(limitsOf(limits, 'search'), now, counters, 'search');
  const flush = createCounterFlush({
    drain: () => [...core.drainDirty(), ...search.drainDirty()],
    save: async (changed) => {
      try {
        await store.saveCounters(changed);
      } catch (err) {
        throw options.toStorageError(err);
      }
    },
    log,
    retryMs: options.flushMs,
  });
  if (options.readOnly) flush.announce(options.readOnly);
  const timer = setInterval(() => void flush.flush(), options.flushMs);
  timer.unref();
  return {
    limiters: { core, search },
    finish: async () => {
      clearInterval(timer);
      await flush.flush();
    },
  };
}
