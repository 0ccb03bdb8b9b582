/**
 * The database handle the parts of the SQLite store share (sqlite-storage.ts), with its prepared
 * statements: the store's SQL is fixed text, so each statement is prepared once and kept.
 */
import type Database from 'better-sqlite3';

export class SqliteConnection {
  private readonly statements = new Map<string, Database.Statement>();

  constructor(readonly db: Database.Database) {}

  stmt(sql: string): Database.Statement {
    let s = this.statements.get(sql);
    if (!s) {
      s = this.db.prepare(sql);
      this.statements.set(sql, s);
    }
    return s;
  }

  /** one snapshot for a page's count and rows, so a concurrent import cannot tear them apart */
  readonly inSnapshot = <T>(read: () => T): T => this.db.transaction(read).deferred();
}
