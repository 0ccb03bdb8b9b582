/** SQLite's answers to what the shared core asks of an engine (core/store-dialect.ts). */
import { rememberedCount } from '../core/counted-page';
import type { StoreDialect } from '../core/store-dialect';
import { orderBy } from '../keyset-boundaries';

export const SQLITE_DIALECT: StoreDialect = {
  engine: 'sqlite',
  // SQLite's text holds any character; a lookup of one never stored simply finds nothing.
  namesNothing: () => false,
  // NOCASE, as logins compare.
  loginInDocument: (document, key) => `json_extract(${document}, '$.${key}.login') COLLATE NOCASE`,
  placeholder: () => '?',
  // A row's document is in the row the sort index leads to: read it directly.
  keysetPage: (list, where, limit, offset) => `SELECT doc FROM ${list.from} WHERE ${where} ORDER BY ${orderBy(list)} LIMIT ${limit} OFFSET ${offset}`,
  // Counted apart inside the caller's snapshot (`inSnapshot`), and kept until the data changes
  // (derived-caches.ts): the later pages of a list cost no count.
  *countedPage(read, counts) {
    const total = yield* rememberedCount(read.count(), counts);
    if (read.offset >= total) return { total, rows: [] };
    return { total, rows: yield read.page() };
  },
  // Its write transaction shuts every other writer out: a row read in it stays as read.
  lockRowsRead: '',
};
