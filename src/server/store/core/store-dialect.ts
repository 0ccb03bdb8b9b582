/**
 * What the shared operations (core/) need to know of the engine they run on: its name, which picks
 * the SQL its query compiler wrote, and the few facts its SQL cannot say alike. Each engine defines
 * its dialect in its own folder (sqlite/sqlite-dialect.ts, postgres/postgres-dialect.ts).
 */
import type { OrderedList } from '../keyset-boundaries';

export type EngineName = 'sqlite' | 'postgres';

export interface StoreDialect {
  readonly engine: EngineName;
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
