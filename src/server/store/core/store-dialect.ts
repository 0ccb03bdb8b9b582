/**
 * What the shared operations (core/) need to know of the engine they run on: its name, which picks
 * the SQL its query compiler wrote, and the few facts its SQL cannot say alike.
 */
export type EngineName = 'sqlite' | 'postgres';

export interface StoreDialect {
  readonly engine: EngineName;
  /**
   * Whether a value can name nothing stored because the engine's text cannot hold it:
   * PostgreSQL's text cannot hold U+0000 (a statement binding one fails), where SQLite's can;
   * nothing stored ever holds it (imports drop control characters), so on PostgreSQL a lookup
   * given one answers "none" without asking.
   */
  namesNothing(...values: ReadonlyArray<string | null | undefined>): boolean;
}

export const SQLITE_DIALECT: StoreDialect = {
  engine: 'sqlite',
  namesNothing: () => false,
};

export const POSTGRES_DIALECT: StoreDialect = {
  engine: 'postgres',
  namesNothing: (...values) => values.some((v) => v != null && v.includes('\u0000')),
};
