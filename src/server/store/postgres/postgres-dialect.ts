/** PostgreSQL's answers to what the shared core asks of an engine (core/store-dialect.ts). */
import type { StoreDialect } from '../core/store-dialect';
import { orderBy } from '../keyset-boundaries';
import { hasNul } from './sql';

export const POSTGRES_DIALECT: StoreDialect = {
  engine: 'postgres',
  // Its text cannot hold U+0000 (a statement binding one fails); nothing stored holds it (sql.ts `hasNul`).
  namesNothing: hasNul,
  // The URL markers (a U+0000 escape opening a string) go before the document is read as JSON, as
  // postgres-search.ts reads documents; citext, so it compares without case.
  loginInDocument: (document, key) => `(replace(${document}, '"\\u0000', '"')::json #>> '{${key},login}')::citext`,
  placeholder: (position) => `$${position}`,
  // A page's entries are found by an index-only walk of the sort key, and only then are their
  // documents read, so the entries a page skips cost no document reads.
  keysetPage: (list, where, limit, offset) => {
    const dir = list.descending ? 'DESC' : 'ASC';
    return `SELECT t.doc FROM (SELECT repo_id, ${list.tieColumn} AS tie, ${list.sortColumn} AS key FROM ${list.from} WHERE ${where}
         ORDER BY ${orderBy(list)} LIMIT ${limit} OFFSET ${offset}) k
       JOIN ${list.from} t ON t.repo_id = k.repo_id AND t.${list.tieColumn} = k.tie
       ORDER BY k.key ${dir}, k.tie ${dir}`;
  },
  // Writers run side by side: a row read to be written back is locked until the transaction ends.
  lockRowsRead: ' FOR UPDATE',
};
