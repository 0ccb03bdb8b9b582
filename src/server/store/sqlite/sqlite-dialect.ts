/** SQLite's answers to what the shared core asks of an engine (core/store-dialect.ts). */
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
  // Its write transaction shuts every other writer out: a row read in it stays as read.
  lockRowsRead: '',
};
