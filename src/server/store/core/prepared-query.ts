/**
 * Statements written once with Kysely's query builder and compiled for both engines (issue 49).
 * Kysely is the query compiler only, never the executor: the engines run the compiled SQL through
 * their own runners (better-sqlite3's prepared statements, synchronous; pg's pool).
 *
 * A statement whose shape is fixed is compiled once, when its module loads, with a named slot
 * where each argument goes (`prepareQuery`); binding a call's arguments only fills the slots, so
 * no request pays for building SQL. A statement whose shape depends on its input (a batch of rows)
 * is compiled per call (`compileNow`).
 *
 * The operations that use them are generators (`Operation`): they yield each statement and get its
 * rows back, so one operation is run synchronously by SQLite (sqlite/connection.ts) and
 * awaited on PostgreSQL (postgres/sql.ts) without being written twice.
 */
import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type Compilable,
} from 'kysely';
import type { StoreTables } from './store-tables';

export type EngineName = 'sqlite' | 'postgres';

/**
 * The engine a statement is bound for: a dialect (store-dialect.ts) is one. Only its name is read
 * here, so this module, which the dialect's hooks use, needs nothing of the dialect.
 */
export interface CompileTarget {
  readonly engine: EngineName;
}

/** SQL with its placeholders (`?` on SQLite, `$n` on PostgreSQL) and the values they take. */
export interface Statement {
  readonly sql: string;
  readonly parameters: readonly unknown[];
  /**
   * The SQL text changes with the input (`compileNow`): SQLite keeps such a statement prepared
   * only while in use, not for ever as it does fixed SQL.
   */
  readonly shapeVaries?: true;
  /**
   * Each row answers as its one column's value, not as an object: better-sqlite3 then builds no
   * object per row (`pluck`), which a page of documents, read on every uncached list request, notices.
   */
  readonly firstColumn?: true;
}

/**
 * A store operation written once: it yields each statement and receives the rows it answers (none
 * for a write without RETURNING): objects by column name, or values with `firstColumn`.
 */
export type Operation<T> = Generator<Statement, T, readonly unknown[]>;

/** Query builders that only compile (`DummyDriver`: they can run nothing), one per engine. */
const builders: Record<EngineName, Kysely<StoreTables>> = {
  sqlite: new Kysely<StoreTables>({
    dialect: {
      createAdapter: () => new SqliteAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => new SqliteIntrospector(db),
      createQueryCompiler: () => new SqliteQueryCompiler(),
    },
  }),
  postgres: new Kysely<StoreTables>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => new PostgresIntrospector(db),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  }),
};

/** Where an argument goes in a statement compiled ahead of its calls. */
class Slot {
  constructor(readonly name: string) {}
}

interface Template {
  sql: string;
  parameters: readonly unknown[];
}

/** A statement compiled for both engines, with slots for the arguments `A`; `R` is the row it reads. */
export class PreparedQuery<A, R> {
  /** the row type, for `rowsOf`'s inference only */
  declare readonly rowType: R;

  constructor(private readonly templates: Record<EngineName, Template>) {}

  bind(dialect: CompileTarget, args: A): Statement {
    const { sql, parameters } = this.templates[dialect.engine];
    return { sql, parameters: parameters.map((p) => (p instanceof Slot ? (args as Record<string, unknown>)[p.name] : p)) };
  }
}

/**
 * Compiles `build` for both engines now. `build` receives the builder and the arguments as slots:
 * each property of `args` stands for the value a call will give it (typed as that value, so the
 * builder checks it against the column it meets).
 */
export function prepareQuery<A extends Record<string, unknown>, R>(
  build: (db: Kysely<StoreTables>, args: A) => Compilable<R>,
): PreparedQuery<A, R> {
  // A Slot stands in for the value: Kysely keeps a value it does not know as one parameter.
  const args = new Proxy({}, { get: (_, key) => new Slot(String(key)) }) as A;
  const compile = (engine: EngineName): Template => {
    const { sql, parameters } = build(builders[engine], args).compile();
    return { sql, parameters };
  };
  return new PreparedQuery<A, R>({ sqlite: compile('sqlite'), postgres: compile('postgres') });
}

/** Compiles a statement whose shape depends on its input, for the engine at hand, at each call. */
export function compileNow(dialect: CompileTarget, build: (db: Kysely<StoreTables>) => Compilable<unknown>): Statement {
  const { sql, parameters } = build(builders[dialect.engine]).compile();
  return { sql, parameters, shapeVaries: true };
}

/** Runs a prepared statement inside an operation and answers its rows, typed. */
export function* rowsOf<A, R>(query: PreparedQuery<A, R>, dialect: CompileTarget, args: A): Operation<R[]> {
  return (yield query.bind(dialect, args)) as R[];
}

/** Runs a statement whose rows the operation does not read. */
export function* execute(statement: Statement): Operation<void> {
  yield statement;
}
