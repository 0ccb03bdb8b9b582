/**
 * What the store refused because of what it was asked (an unknown repository, a name taken, an
 * import that contradicts itself, a file that is not a database of ours): the caller's to fix,
 * and its message is safe to show.
 */
export class StoreRefusal extends Error {}

/** The kind of storage failure, for callers that react differently (the flush retries, the CLI exits). */
export type StorageProblem =
  | 'read-only'
  | 'read-only-directory'
  | 'disk-full'
  | 'cannot-open'
  | 'not-a-database'
  | 'corrupt'
  | 'busy'
  | 'io'
  /** a database server that does not answer (down, a network fault, a timeout) */
  | 'unreachable';

/**
 * A failure of the storage itself (a read-only file, a full disk, a database
 * that cannot be reached), with a message that names the database and says
 * what to do; never SQL or data. Each engine maps its own errors to these.
 */
export class StorageError extends Error {
  constructor(
    message: string,
    readonly problem: StorageProblem,
    /** the engine's own code for it (e.g. `SQLITE_FULL`), for logs and tests */
    readonly code: string,
  ) {
    super(message);
  }
}

/** Whether the store explains `err` in a message safe to show: a refusal, or a failure of the storage itself. */
export function isExplainedByStore(err: unknown): err is StoreRefusal | StorageError {
  return err instanceof StoreRefusal || err instanceof StorageError;
}

/**
 * `target` with every failure of its methods mapped by `map`, whether thrown
 * (SQLite answers synchronously) or rejected (an engine over a network): one
 * wrapper for every method, so it never drifts from the interface.
 */
export function withFaultsMapped<T extends object>(target: T, map: (err: unknown) => unknown): T {
  return new Proxy(target, {
    get(object, property, receiver) {
      const value: unknown = Reflect.get(object, property, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        try {
          const result: unknown = (value as (...a: unknown[]) => unknown).apply(object, args);
          return result instanceof Promise ? result.catch((err: unknown) => Promise.reject(map(err))) : result;
        } catch (err) {
          throw map(err);
        }
      };
    },
  });
}
