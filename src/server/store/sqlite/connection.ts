/**
 * The database handle the parts of the SQLite store share (sqlite-storage.ts), with its prepared
 * statements: the store's SQL is fixed text, so each statement is prepared once and kept.
 */
import type Database from 'better-sqlite3';
import type { Operation } from '../core/prepared-query';
import { StatementCache } from './statement-cache';

/** statements whose SQL varies with their input (core/prepared-query.ts `compileNow`) kept prepared while in use */
const MAX_VARYING_STATEMENTS = 50;

export class SqliteConnection {
  private readonly statements = new Map<string, Database.Statement>();

  private readonly varying: StatementCache;

  constructor(readonly db: Database.Database) {
    this.varying = new StatementCache(db, MAX_VARYING_STATEMENTS);
  }

  stmt(sql: string): Database.Statement {
    let s = this.statements.get(sql);
    if (!s) {
      s = this.db.prepare(sql);
      this.statements.set(sql, s);
    }
    return s;
  }

  /**
   * Runs one of the shared core's operations (core/): each statement it yields, in order, at
   * once, so the operation answers synchronously as the rest of this store does. `prepare`: where
   * the statements come from when the caller keeps its own (a search's bounded cache).
   */
  run<T>(operation: Operation<T>, prepare?: (sql: string) => Database.Statement): T {
    let step = operation.next();
    while (!step.done) {
      const { sql, parameters, shapeVaries, firstColumn } = step.value;
      const statement = prepare ? prepare(sql) : shapeVaries ? this.varying.prepare(sql) : this.stmt(sql);
      // better-sqlite3 answers rows only for a statement that returns data, and refuses `all` on any other.
      const rows = statement.reader ? statement.pluck(firstColumn === true).all(...parameters) : (statement.run(...parameters), []);
      step = operation.next(rows);
    }
    return step.value;
  }

  /** one snapshot for a page's count and rows, so a concurrent import cannot tear them apart */
  readonly inSnapshot = <T>(read: () => T): T => this.db.transaction(read).deferred();
}
