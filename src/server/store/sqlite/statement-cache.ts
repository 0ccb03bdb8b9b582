/**
 * Prepared statements for SQL that varies with its input (a search's shape), kept while in use:
 * the store's own cache keeps every statement forever, which is right for its fixed SQL but
 * would grow without end with every new shape of query a client sends.
 */
import type Database from 'better-sqlite3';

export class StatementCache {
  /** insertion order is recency: the first entry is the least recently used */
  private readonly statements = new Map<string, Database.Statement>();

  constructor(
    private readonly db: Database.Database,
    private readonly maxStatements: number,
  ) {}

  prepare(sql: string): Database.Statement {
    const cached = this.statements.get(sql);
    if (cached) {
      this.statements.delete(sql);
      this.statements.set(sql, cached);
      return cached;
    }
    const statement = this.db.prepare(sql);
    if (this.statements.size >= this.maxStatements) {
      const oldest = this.statements.keys().next();
      if (!oldest.done) this.statements.delete(oldest.value);
    }
    this.statements.set(sql, statement);
    return statement;
  }
}
