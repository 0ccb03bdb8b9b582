/**
 * Opens the storage a `--db` names, for every command and the service: a file
 * path is SQLite, the embedded default. A failure to open is a StorageError
 * naming the database.
 */
import { accessSync, constants } from 'node:fs';
import { openSqliteExplainingFaults, openSqliteReportingFaults, toSqliteStorageError } from './sqlite-errors';
import type { StoreOpenOptions } from './sqlite-store';
import type { Storage } from './storage';
import { StorageError } from './store-error';

/** What the SQLite engine may be asked for when a command opens it (ignored by other engines). */
export type StorageOpenOptions = StoreOpenOptions;

/** For a command: every storage failure, in any later call too, arrives as a StorageError naming the database. */
export async function openCommandStorage(db: string, options: StorageOpenOptions = {}): Promise<Storage> {
  return openSqliteReportingFaults(db, options);
}

/**
 * For the service: a request's storage failure reaches the error handler as the engine
 * raised it (no wrapper on the hot path); the counter flush maps its own with `toStorageError`.
 */
export async function openServiceStorage(db: string): Promise<Storage> {
  return openSqliteExplainingFaults(db);
}

/** `err` as a StorageError when it is one of the engine's storage failures; anything else unchanged. */
export function toStorageError(err: unknown, db: string): unknown {
  return toSqliteStorageError(err, db);
}

/**
 * A problem the service should announce at start though it still serves: a
 * database file this process may not write (a read-only snapshot, say) serves
 * reads, and only the rate-limit counters cannot be saved.
 */
export function readOnlyAtStart(db: string): StorageError | null {
  try {
    accessSync(db, constants.W_OK);
    return null;
  } catch {
    return new StorageError(`the database file ${db} is read-only: reads are served normally`, 'read-only', 'SQLITE_READONLY');
  }
}
