/**
 * Opens the storage a `--db` names, for every command and the service: a
 * `postgres://` or `postgresql://` URL is PostgreSQL (several instances may
 * share it), anything else a file path for SQLite, the embedded default. A
 * failure to open is a StorageError naming the database (without password).
 */
import { accessSync, constants } from 'node:fs';
import { openPostgresStorage, PostgresStorage } from './postgres/postgres-storage';
import type { SqlRunner } from './postgres/sql';
import { toPostgresStorageError } from './postgres/postgres-errors';
import { describePostgresUrl, isPostgresUrl } from './postgres/postgres-url';
import { openSqliteExplainingFaults, openSqliteReportingFaults, toSqliteStorageError } from './sqlite/sqlite-errors';
import type { StoreOpenOptions } from './sqlite/sqlite-storage';
import type { Storage } from './storage';
import { StorageError, withFaultsMapped } from './store-error';

/** What the SQLite engine may be asked for when a command opens it (PostgreSQL has no such choices). */
export type StorageOpenOptions = StoreOpenOptions;

/** The database as a message or log line may name it. */
export function describeDatabase(db: string): string {
  return isPostgresUrl(db) ? describePostgresUrl(db) : db;
}

/** `err` as a StorageError when it is one of the engine's storage failures; anything else unchanged. */
export function toStorageError(err: unknown, db: string): unknown {
  return isPostgresUrl(db) ? toPostgresStorageError(err, describePostgresUrl(db)) : toSqliteStorageError(err, db);
}

/**
 * For a command: every storage failure, in any later call too, arrives as a StorageError naming
 * the database. On PostgreSQL it does not listen for other instances' writes (a command keeps
 * nothing derived from the data, so that connection would only be held, never read), and its
 * statements are not bounded as a request's are: an import on a busy host takes what it takes.
 */
export async function openCommandStorage(db: string, options: StorageOpenOptions = {}): Promise<Storage> {
  if (isPostgresUrl(db)) return withFaultsMapped(await openPostgresStorage(db), (err) => toStorageError(err, db));
  return openSqliteReportingFaults(db, options);
}

/**
 * For the service: a request's storage failure reaches the error handler as the engine
 * raised it (no wrapper on the hot path), which maps it with `toStorageError`. On PostgreSQL
 * it listens, so its caches last until any instance or command writes what readers see, and
 * each statement is bounded, so a request answers quickly while the database is slow or away.
 */
export async function openServiceStorage(db: string, log?: (line: string) => void): Promise<Storage> {
  if (isPostgresUrl(db)) return openPostgresStorage(db, { log, serving: true });
  return openSqliteExplainingFaults(db);
}

/** Where rate-limit counters every instance shares are kept: PostgreSQL's pool; null for SQLite (one process). */
export function sharedCountersOf(storage: Storage): SqlRunner | null {
  return storage instanceof PostgresStorage ? storage.queries : null;
}

/**
 * A problem the service should announce at start though it still serves: a
 * database file this process may not write (a read-only snapshot, say) serves
 * reads, and only the rate-limit counters cannot be saved.
 */
export function readOnlyAtStart(db: string): StorageError | null {
  if (isPostgresUrl(db)) return null;
  try {
    accessSync(db, constants.W_OK);
    return null;
  } catch {
    return new StorageError(`the database file ${db} is read-only: reads are served normally`, 'read-only', 'SQLITE_READONLY');
  }
}
