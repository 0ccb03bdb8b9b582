/**
 * Opening the SQLite file (sqlite-storage.ts): refusing one that is not ours, WAL mode so reads
 * never wait for an import, taking the file alone for a bulk import, and bringing the schema up
 * to date (schema.ts).
 */
import Database from 'better-sqlite3';
import { MIGRATIONS } from './schema';
import { StoreRefusal } from '../store-error';

export interface StoreOpenOptions {
  readonly?: boolean;
  /**
   * For the commands that write thousands of rows in one transaction (import, demo, mirror):
   * each `INSERT OR REPLACE` keeps a statement journal, which SQLite otherwise writes to a temp
   * file, a write per statement that a large import spends a visible share of its time on. In
   * memory it holds one statement's pages. The server leaves its temp storage on disk, so a
   * large sort cannot grow its memory.
   */
  bulkWrites?: boolean;
  /**
   * For `import`, one transaction of hundreds of megabytes: when no other process has the file
   * open, take it for ourselves and write through a rollback journal until `close()`, which
   * returns it to WAL. In WAL mode every page is written twice, to the -wal file and again into
   * the database at the checkpoint; a rollback journal holds only the pages that existed before
   * (a new repository's rows are appended past them), so most of the import is written once and
   * a crash still rolls the whole import back. A process that opens the file meanwhile is told
   * another holds the lock. When a server already has the file open, the import stays in WAL and
   * the server's reads never wait for it.
   */
  exclusiveWhenAlone?: boolean;
}

/** The open database, migrated; `heldExclusively` when `exclusiveWhenAlone` got the file (`close()` returns it to WAL). */
export function openDatabase(file: string, options: StoreOpenOptions): { db: Database.Database; heldExclusively: boolean } {
  const db = new Database(file, { readonly: options.readonly ?? false, fileMustExist: options.readonly ?? false });
  refuseForeignDatabase(db, file);
  if (!options.readonly) {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
  }
  if (options.bulkWrites) db.pragma('temp_store = MEMORY');
  db.pragma('foreign_keys = ON');
  const heldExclusively = options.exclusiveWhenAlone === true && !options.readonly && takeIfAlone(db);
  db.pragma('busy_timeout = 5000');
  migrate(db);
  return { db, heldExclusively };
}

/**
 * Leaving WAL needs every other connection closed; SQLite answers SQLITE_BUSY at once (no
 * waiting) when another process has the file open, and the file stays in WAL. Exclusive locking
 * then keeps anyone from opening it until `close()`. Any other failure (a read-only file answers
 * with an I/O error here) also leaves WAL, for the write itself to report in its own words.
 */
function takeIfAlone(db: Database.Database): boolean {
  db.pragma('busy_timeout = 0');
  try {
    db.pragma('journal_mode = DELETE');
  } catch (err) {
    if (err instanceof Database.SqliteError) return false;
    throw err;
  }
  db.pragma('locking_mode = EXCLUSIVE');
  return true;
}

/**
 * Before anything is written (even the switch to WAL, which rewrites the header): a
 * mistyped --db naming another program's SQLite file, or one from a newer Issuescope,
 * is refused rather than altered.
 */
function refuseForeignDatabase(db: Database.Database, file: string): void {
  const version = db.pragma('user_version', { simple: true }) as number;
  const tables = db.prepare("SELECT COUNT(*) AS n FROM sqlite_master WHERE type = 'table'").pluck().get() as number;
  const problem =
    version === 0 && tables > 0 ? 'it is an SQLite database, but not an Issuescope one (it has tables of its own)'
    : version > MIGRATIONS.length ? `it was written by a newer Issuescope (schema ${version}; this one knows ${MIGRATIONS.length})`
    : null;
  if (problem === null) return;
  db.close();
  throw new StoreRefusal(`cannot use ${file}: ${problem}`);
}

function migrate(db: Database.Database): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  for (let v = current; v < MIGRATIONS.length; v++) {
    db.transaction(() => {
      const migration = MIGRATIONS[v] ?? '';
      if (typeof migration === 'function') migration(db);
      else db.exec(migration);
      db.pragma(`user_version = ${v + 1}`);
    })();
  }
}
