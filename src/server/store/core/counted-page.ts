/**
 * A list read a page at a time with the total it belongs to (a `DocumentPage`'s total, which
 * `rel="last"` is made from), written once for both engines: the statement counting the list, the
 * one reading a page of it in order, and the two joined into one. Which of them an engine runs, and
 * whether it keeps a count, is its dialect's (`StoreDialect.countedPage`). Pages are
 * `LIMIT … OFFSET`: the lists read this way (an issue's history, a parent's sub-issues) are short,
 * or walked by an index (a repository's events).
 */
import { sql, type Compilable, type Kysely, type OperationNodeSource } from 'kysely';
import type { PageParams } from '../../../shared/list-params';
import { prepareQuery, type Operation, type PreparedQuery, type Statement } from './prepared-query';
import type { CountedPageRead, CountMemory, StoreDialect } from './store-dialect';
import type { StoreTables } from './store-tables';

/** A query the builder compiles alone or nests in another. */
type Query<R> = Compilable<R> & OperationNodeSource;

/** The slots of a page's statements beyond the list's own arguments. */
interface PageSlots {
  limit: number;
  offset: number;
}

/** The shape of a counted list, for the page `PageSlots` says. */
export interface CountedListShape<R> {
  /** one row, whose `total` is the list's length */
  count: Query<{ total: number }>;
  /**
   * The page: the list's rows in order, with `limit` and `offset`. With `sortKeys`, each row also
   * carries the columns `reorder` reads, which the joined statement sorts by again; a page read
   * alone leaves out those it does not use (a column read per row of a page shows in its time).
   */
  page(sortKeys: boolean): Query<R>;
  /** The page's order again, over its columns as `p.column`: a join promises no order of its own. */
  reorder: string;
}

/** A counted list compiled for both engines; `A` are its arguments, `R` a row of its pages. */
export class CountedList<A, R> {
  constructor(
    readonly count: PreparedQuery<A, { total: number }>,
    readonly page: PreparedQuery<A & PageSlots, R>,
    readonly pageWithTotal: PreparedQuery<A & PageSlots, R & { total: number }>,
  ) {}
}

/** Compiles a counted list's three statements for both engines now (prepared-query.ts). */
export function prepareCountedList<A extends Record<string, unknown>, R>(
  shape: (db: Kysely<StoreTables>, args: A, page: PageSlots) => CountedListShape<R>,
): CountedList<A, R> {
  return new CountedList<A, R>(
    prepareQuery((db, a: A & PageSlots) => shape(db, a, a).count),
    prepareQuery((db, a: A & PageSlots) => shape(db, a, a).page(false)),
    prepareQuery((db, a: A & PageSlots) => {
      const { count, page, reorder } = shape(db, a, a);
      // The count's one row always comes back, so a page past the end still has its total (the
      // page's columns null). Not `COUNT(*) OVER ()`: that reads and holds every row of the list,
      // documents and all, before handing out the first, and says nothing past the end. Kysely's
      // `sql` tag rather than its builder: the two queries' rows are the caller's type, which the
      // builder cannot join generically; the tag still numbers both queries' placeholders as one.
      const joined = sql<R & { total: number }>`SELECT n.total, p.* FROM ${count} n LEFT JOIN ${page(true)} p ON true ORDER BY ${sql.raw(reorder)}`;
      return { compile: () => joined.compile(db) };
    }),
  );
}

/** Where a count is kept: by its statement and the values it binds. */
function countKey(statement: Statement): string {
  return `${statement.sql}\u0000${JSON.stringify(statement.parameters)}`;
}

/** A count read from `counts` when it keeps it, else read by the operation and kept there (for the dialects' hooks). */
export function* rememberedCount(statement: Statement, counts: CountMemory | undefined): Operation<number> {
  const key = countKey(statement);
  const known = counts?.recall(key);
  if (known !== undefined) return known;
  const [row] = (yield statement) as Array<{ total: number }>;
  const total = Number(row?.total ?? 0);
  counts?.keep(key, total);
  return total;
}

/**
 * The page `params` asks for of `list`, with its total, read as the engine reads a counted page.
 * `counts`: where the engine may keep the count until the data changes.
 */
export function* countedPage<A, R>(
  dialect: StoreDialect,
  list: CountedList<A, R>,
  args: A,
  params: PageParams,
  counts?: CountMemory,
): Operation<{ total: number; rows: R[] }> {
  const offset = (params.page - 1) * params.perPage;
  const pageArgs = { ...args, limit: params.perPage, offset };
  const read: CountedPageRead = {
    offset,
    count: () => list.count.bind(dialect, args),
    page: () => list.page.bind(dialect, pageArgs),
    pageWithTotal: () => list.pageWithTotal.bind(dialect, pageArgs),
  };
  const { total, rows } = yield* dialect.countedPage(read, counts);
  return { total, rows: rows as R[] };
}
