/**
 * What the shared operations (core/) need to know of the engine they run on: its name, which picks
 * the SQL its query compiler wrote, and the few facts its SQL cannot say alike. Each engine defines
 * its dialect in its own folder (sqlite/sqlite-dialect.ts, postgres/postgres-dialect.ts).
 */
import type { OrderedList } from '../keyset-boundaries';
import type { CompileTarget, EngineName, Statement } from './prepared-query';

export interface StoreDialect extends CompileTarget {
  /**
   * Whether a value can name nothing stored because the engine's text cannot hold it (PostgreSQL's
   * U+0000): a lookup given one answers "none" without asking, and an issue list filtered by one is
   * empty (core/issue-reads.ts), where binding it would fail the statement.
   */
  namesNothing(...values: ReadonlyArray<string | null | undefined>): boolean;
  /**
   * The SQL expression for the login at `document.key.login` in the stored JSON document column
   * `document`, compared as logins compare: without case.
   */
  loginInDocument(document: string, key: string): string;
  /**
   * The placeholder of the `position`th value (from 1) of SQL assembled in pieces (a list's
   * conditions, core/issue-reads.ts; a keyset seek): `?` or `$n`.
   */
  placeholder(position: number): string;
  /**
   * The statement reading the `doc` of the list's entries that meet `where`, in list order, from
   * `offset` on, at most `limit` (core/keyset-pager.ts): how the engine reads a page's documents
   * once its start is known.
   */
  keysetPage(list: OrderedList, where: string, limit: string, offset: string): string;
  /**
   * What ends a SELECT of a row that is then written back from what it read, so that no other
   * transaction changes the row in between: PostgreSQL's ` FOR UPDATE`, as its writers run side by
   * side; nothing on SQLite, whose write transaction already shuts every other writer out.
   */
  readonly lockRowsRead: string;
}

/** `statement`, a SELECT of rows to be written back from what it reads, locked as the engine needs (`lockRowsRead`). */
export function lockingRead(dialect: StoreDialect, statement: Statement): Statement {
  return { ...statement, sql: statement.sql + dialect.lockRowsRead };
}

/** `build`'s answer for each engine, made once, on the first call for that engine. */
export function oncePerEngine<T>(build: (dialect: StoreDialect) => T): (dialect: StoreDialect) => T {
  const made = new Map<EngineName, T>();
  return (dialect) => {
    let value = made.get(dialect.engine);
    if (value === undefined) {
      value = build(dialect);
      made.set(dialect.engine, value);
    }
    return value;
  };
}
