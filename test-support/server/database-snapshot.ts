/**
 * Everything a database file holds, as comparable text, so a test can say
 * "nothing changed" or "exactly as before" about the whole file rather than
 * about the few rows it thought to check.
 */
import Database from 'better-sqlite3';

export interface DatabaseSnapshot {
  /** `PRAGMA integrity_check`: ['ok'] for a sound file */
  integrity: string[];
  /** table name → its rows as JSON, sorted */
  tables: Record<string, string[]>;
}

export function snapshotDatabase(file: string): DatabaseSnapshot {
  // Read-write (SQLite falls back to reading a file it may not write): a read-only
  // connection would leave -wal and -shm behind, which changes what a later open can do.
  const db = new Database(file, { fileMustExist: true });
  try {
    const integrity = (db.pragma('integrity_check') as Array<{ integrity_check: string }>).map((r) => r.integrity_check);
    const names = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as Array<{ name: string }>).map((r) => r.name);
    const tables: Record<string, string[]> = {};
    for (const name of names) {
      tables[name] = (db.prepare(`SELECT * FROM "${name.replaceAll('"', '""')}"`).all() as unknown[]).map((row) => JSON.stringify(row)).sort();
    }
    return { integrity, tables };
  } finally {
    db.close();
  }
}

/** Rows per table, for a readable failure message. */
export function rowCounts(snapshot: DatabaseSnapshot): Record<string, number> {
  return Object.fromEntries(Object.entries(snapshot.tables).map(([name, rows]) => [name, rows.length]));
}
