/**
 * A list read a page at a time with the total it belongs to (a `DocumentPage`'s total, which
 * `rel="last"` is made from), one way on both engines and for every counted list: the total
 * first, remembered until the data changes (remembered-counts.ts), then the page, none past the
 * end. The issue list and comments read their pages through the keyset pager (issue-reads.ts);
 * the lists here, an issue's history and a parent's sub-issues, as `LIMIT … OFFSET`, since they are
 * short or walked by an index (a repository's events).
 *
 * Why the count apart, also on PostgreSQL, where the two statements share no snapshot: measured
 * (docs/performance-log.md, counted pages), reading page and total in one joined statement was
 * faster only for the first page read after a change, and slower for every later one, which
 * re-counted what a remembered count already knew. A count read while
 * another instance writes is kept only while `Remembered.stillCurrent` says nothing has changed.
 */
import type { Compilable, Kysely } from 'kysely';
import type { PageParams } from '../../../shared/list-params';
import { prepareQuery, rowsOf, type Operation, type PreparedQuery, type Statement } from './prepared-query';
import type { Remembered } from './remembered-counts';
import type { StoreDialect } from './store-dialect';
import type { StoreTables } from './store-tables';

/** The slots of a page's statement beyond the list's own arguments. */
interface PageSlots {
  limit: number;
  offset: number;
}

/** The shape of a counted list, for the page `PageSlots` says. */
export interface CountedListShape<R> {
  /** one row, whose one column is the list's length */
  count: Compilable<{ total: number }>;
  /** the page: the list's rows in order, with `limit` and `offset` */
  page: Compilable<R>;
}

/** A counted list compiled for both engines; `A` are its arguments, `R` a row of its pages. */
export class CountedList<A, R> {
  constructor(
    readonly count: PreparedQuery<A, { total: number }>,
    readonly page: PreparedQuery<A & PageSlots, R>,
  ) {}
}

/** Compiles a counted list's two statements for both engines now (prepared-query.ts). */
export function prepareCountedList<A extends Record<string, unknown>, R>(
  shape: (db: Kysely<StoreTables>, args: A, page: PageSlots) => CountedListShape<R>,
): CountedList<A, R> {
  return new CountedList<A, R>(
    prepareQuery((db, a: A & PageSlots) => shape(db, a, a).count),
    prepareQuery((db, a: A & PageSlots) => shape(db, a, a).page),
  );
}

/**
 * The total `count` reads, remembered until the data changes, and the page `params` asks for,
 * which `page` reads from its offset (none past the end).
 */
export function* countedPage<R>(
  remembered: Remembered,
  count: Statement,
  params: PageParams,
  page: (offset: number) => Operation<R[]>,
): Operation<{ total: number; rows: R[] }> {
  const total = yield* remembered.counts.count(count, remembered.stillCurrent);
  const offset = (params.page - 1) * params.perPage;
  if (offset >= total) return { total, rows: [] };
  return { total, rows: yield* page(offset) };
}

/** The page `params` asks for of `list`, with its total (`countedPage`). */
export function* readCountedList<A, R>(
  dialect: StoreDialect,
  remembered: Remembered,
  list: CountedList<A, R>,
  args: A,
  params: PageParams,
): Operation<{ total: number; rows: R[] }> {
  return yield* countedPage(remembered, list.count.bind(dialect, args), params, (offset) => rowsOf(list.page, dialect, { ...args, limit: params.perPage, offset }));
}
