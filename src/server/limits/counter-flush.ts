/**
 * Writes changed rate-limit counters to the store, and keeps them when it
 * cannot: a read-only database or a full disk must not stop the service nor
 * lose counts. The limits are enforced from memory either way; what a failed
 * save risks is only the accounting carried over a restart.
 *
 * A lasting problem is logged once when it starts and once when it ends, not
 * on every attempt.
 */
import type { StoredCounter } from '../store/records';
import { StorageError } from '../store/store-error';

export interface CounterFlushDeps {
  /** counters changed since the last call (RateLimiter.drainDirty) */
  drain: () => StoredCounter[];
  save: (counters: StoredCounter[]) => void | Promise<void>;
  log: (line: string) => void;
  /** how often a failed save is tried again, for the warning's wording */
  retryMs: number;
}

export interface CounterFlush {
  /** Saves what changed plus whatever an earlier failed save still holds, after any flush under way; never rejects. */
  flush(): Promise<void>;
  /** Reports a problem known before any save is tried (a read-only file at start-up), so the first failed save does not repeat it. */
  announce(problem: StorageError): void;
  /** counters waiting for a successful save */
  pendingCount(): number;
}

export function createCounterFlush(deps: CounterFlushDeps): CounterFlush {
  // Newest value per counter: a later drain replaces what an earlier failed save held.
  const pending = new Map<string, StoredCounter>();
  let ongoing: string | null = null;
  /** flushes run one after another, so a slow save is never overtaken by an older value */
  let queue: Promise<void> = Promise.resolve();

  const warn = (problem: StorageError | string): void => {
    const key = problem instanceof StorageError ? problem.problem : problem;
    if (key === ongoing) return;
    ongoing = key;
    const what = problem instanceof StorageError ? problem.message : `could not save rate-limit counters: ${problem}`;
    deps.log(
      `warning: ${what}; rate limits are still enforced from memory, saving the counters is retried every ${deps.retryMs} ms, ` +
        'and counts not yet saved start over if the service restarts',
    );
  };

  const saveOnce = async (): Promise<void> => {
    for (const c of deps.drain()) pending.set(c.key, c);
    if (pending.size === 0) return;
    try {
      await deps.save([...pending.values()]);
    } catch (err) {
      warn(err instanceof StorageError ? err : err instanceof Error ? err.message : String(err));
      return;
    }
    pending.clear();
    if (ongoing !== null) {
      ongoing = null;
      deps.log('rate-limit counters are saved to the database again');
    }
  };

  return {
    flush() {
      queue = queue.then(saveOnce);
      return queue;
    },
    announce(problem) {
      warn(problem);
    },
    pendingCount: () => pending.size,
  };
}
