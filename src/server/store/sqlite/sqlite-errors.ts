/**
 * What SQLite's failures mean for the person running the service, in one
 * place (as StorageErrors, store-error.ts): a read-only file or directory, a full disk, a file that is not a
 * database, a corrupt one, a lock held by another process. The CLI prints
 * these messages as its one-line error; the counter flush logs them.
 *
 * Messages name the file and say what to do; they never include SQL or data.
 */
import { accessSync, constants, existsSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { openSqliteStorage, type SqliteStorage, type StoreOpenOptions } from './sqlite-storage';
import { StorageError, withFaultsMapped, type StorageProblem } from '../store-error';

function problemOf(code: string): StorageProblem | null {
  if (code === 'SQLITE_READONLY_DIRECTORY') return 'read-only-directory';
  if (code.startsWith('SQLITE_READONLY')) return 'read-only';
  if (code === 'SQLITE_FULL' || code === 'SQLITE_IOERR_WRITE_FULL') return 'disk-full';
  if (code.startsWith('SQLITE_CANTOPEN')) return 'cannot-open';
  if (code === 'SQLITE_NOTADB') return 'not-a-database';
  if (code.startsWith('SQLITE_CORRUPT')) return 'corrupt';
  if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) return 'busy';
  if (code.startsWith('SQLITE_IOERR')) return 'io';
  return null;
}

function writable(file: string): boolean {
  try {
    accessSync(file, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * Which file makes the database read-only. SQLite creates FILE-wal and FILE-shm with
 * the database file's permissions, so a read-only open leaves a read-only -shm behind
 * that keeps the database read-only after the file itself is made writable again.
 */
function readOnlyReason(file: string): string {
  if (existsSync(file) && !writable(file)) return 'the database file is read-only';
  for (const side of [`${file}-wal`, `${file}-shm`]) {
    if (existsSync(side) && !writable(side)) {
      return `${path.basename(side)} beside it is read-only (left by a read-only use); make it writable like the database file`;
    }
  }
  return 'the database file is read-only';
}

function messageFor(problem: StorageProblem, file: string, sqliteMessage: string): string {
  const dir = path.dirname(path.resolve(file));
  switch (problem) {
    case 'read-only':
      return `cannot write ${file}: ${readOnlyReason(file)}`;
    case 'read-only-directory':
      // WAL mode: SQLite keeps FILE-wal and FILE-shm beside the database, even to read it.
      return `cannot use ${file}: its directory ${dir} is read-only (SQLite needs to create ${path.basename(file)}-wal and -shm there)`;
    case 'disk-full':
      return `cannot write ${file}: the disk is full`;
    case 'cannot-open':
      if (!existsSync(dir)) return `cannot open ${file}: the directory ${dir} does not exist`;
      if (!existsSync(file) && !writable(dir)) return `cannot create ${file}: the directory ${dir} is read-only`;
      if (!writable(dir)) return messageFor('read-only-directory', file, sqliteMessage);
      return `cannot open ${file}: the file or its directory is not accessible (check the path and permissions)`;
    case 'not-a-database':
      return `cannot open ${file}: it is not an SQLite database`;
    case 'corrupt':
      return `cannot read ${file}: the database is corrupt (restore it from a backup)`;
    case 'busy':
      return `cannot write ${file}: another process holds the database lock; try again when it has finished`;
    case 'io':
    case 'unreachable':
      return `cannot use ${file}: input/output error (${sqliteMessage})`;
  }
}

/** `err` as a StorageError when it is one of SQLite's storage failures; anything else unchanged. */
export function toSqliteStorageError(err: unknown, file: string): unknown {
  if (!(err instanceof Database.SqliteError)) return err;
  const problem = problemOf(err.code);
  if (problem === null) return err;
  return new StorageError(messageFor(problem, file, err.message), problem, err.code);
}

/** Opens the store at `file`; a failure to open is a StorageError naming the file. */
export function openSqliteExplainingFaults(file: string, options: StoreOpenOptions = {}): SqliteStorage {
  // better-sqlite3 checks this itself, with a message that does not name the file.
  const dir = path.dirname(path.resolve(file));
  if (!existsSync(dir)) throw new StorageError(`cannot open ${file}: the directory ${dir} does not exist`, 'cannot-open', 'SQLITE_CANTOPEN');
  try {
    return openSqliteStorage(file, options);
  } catch (err) {
    throw toSqliteStorageError(err, file);
  }
}

/**
 * Opens the store at `file` so that every storage failure, on opening or in
 * any later call, arrives as a StorageError naming the file: what the CLI's
 * commands use. better-sqlite3 rolls a transaction back when a statement in
 * it throws, so the mapping happens after the database is back to its
 * previous state.
 */
export function openSqliteReportingFaults(file: string, options: StoreOpenOptions = {}): SqliteStorage {
  const store = openSqliteExplainingFaults(file, options);
  return withFaultsMapped(store, (err) => toSqliteStorageError(err, file));
}
