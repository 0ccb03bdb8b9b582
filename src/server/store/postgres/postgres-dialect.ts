/** PostgreSQL's answers to what the shared core asks of an engine (core/store-dialect.ts). */
import type { StoreDialect } from '../core/store-dialect';
import { hasNul } from './sql';

export const POSTGRES_DIALECT: StoreDialect = {
  engine: 'postgres',
  // Its text cannot hold U+0000 (a statement binding one fails); nothing stored holds it (sql.ts `hasNul`).
  namesNothing: hasNul,
  // The URL markers (a U+0000 escape opening a string) go before the document is read as JSON, as
  // postgres-search.ts reads documents; citext, so it compares without case.
  loginInDocument: (document, key) => `(replace(${document}, '"\\u0000', '"')::json #>> '{${key},login}')::citext`,
};
