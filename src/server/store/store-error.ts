/** A failure the caller caused (unknown repository, name taken): its message is safe to show. */
export class StoreError extends Error {}

/** The kind of storage failure, for callers that react differently (the flush retries, the CLI exits). */
export type StorageProblem = 'read-only' | 'read-only-directory' | 'disk-full' | 'cannot-open' | 'not-a-database' | 'corrupt' | 'busy' | 'io';

/**
 * A failure of the storage itself (a read-only file, a full disk, a database
 * that cannot be reached), with a message that names the database and says
 * what to do; never SQL or data. Each engine maps its own errors to these.
 */
export class StorageError extends StoreError {
  constructor(
    message: string,
    readonly problem: StorageProblem,
    /** the engine's own code for it (e.g. `SQLITE_FULL`), for logs and tests */
    readonly code: string,
  ) {
    super(message);
  }
}
