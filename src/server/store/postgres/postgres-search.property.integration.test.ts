/**
 * The PostgreSQL search held to the reference evaluator (test-support/server/search-reference.ts) on
 * generated repositories and generated queries, as sqlite-search.property.test.ts holds SQLite:
 * the same issues, the same totals, and for an explicit sort (or a query without text) the same
 * order. Each generated data set is imported into SQLite (the only import there is to build
 * the rows with) and copied into one PostgreSQL database, emptied between runs.
 */
import Database from 'better-sqlite3';
import fc from 'fast-check';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copySqliteToPostgres } from '../../../../test-support/server/copy-sqlite-to-postgres';
import { testPostgres, type TestPostgres } from '../../../../test-support/server/test-postgres';
import type { ReferenceRepo } from '../../../../test-support/server/search-reference';
import type { SearchRequest } from '../records';
import { openSqliteStorage } from '../sqlite/sqlite-storage';
import { migratePostgres } from './migrate';
import { searchIssuesOnPostgres } from './postgres-search';
import { sqlOf, type SqlRunner } from './sql';
import { dataset, searchArbitrary, type GeneratedIssue, type Search } from '../../../../test-support/server/search-arbitraries';
import { expectReferenceAnswer, importDataset, type EngineAnswer } from '../../../../test-support/server/search-dataset';

const SETUP_TIMEOUT_MS = 30_000;
/** Each run copies a data set into PostgreSQL: far fewer runs than SQLite's in-memory property test. */
const SELECTION_RUNS = 50;
const PAGING_RUNS = 20;
const PROPERTY_TIMEOUT_MS = 120_000;

/** This engine's own query syntax typed as text, which must read as the words in it. */
const search = searchArbitrary(["'", 'crash:*', '!crash', 'crash & page', 'crash | page', 'crash <-> page', 'crash:A', '\\', '--']);

let server: TestPostgres;
let client: pg.Client;
let sql: SqlRunner;
let dir: string;
/** every table the migrations made but their own bookkeeping, emptied before each data set */
let dataTables: string;
let runs = 0;

beforeAll(async () => {
  server = await testPostgres();
  dir = mkdtempSync(path.join(tmpdir(), 'issuescope-pg-search-property-'));
  client = new pg.Client({ connectionString: await server.freshDatabase() });
  await client.connect();
  await migratePostgres(client);
  sql = sqlOf(client);
  const rows = await sql.query<{ name: string }>(
    "SELECT quote_ident(tablename) AS name FROM pg_tables WHERE schemaname = current_schema() AND tablename NOT IN ('schema_migrations', 'store_version') ORDER BY tablename",
  );
  dataTables = rows.map((r) => r.name).join(', ');
}, SETUP_TIMEOUT_MS);

afterAll(async () => {
  await client?.end();
  await server?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The data set in PostgreSQL (through SQLite's import), and as the reference evaluator reads it. */
async function load(generated: ReadonlyArray<readonly GeneratedIssue[]>): Promise<ReferenceRepo[]> {
  const file = path.join(dir, `run-${++runs}.sqlite`);
  const store = openSqliteStorage(file);
  let repos: ReferenceRepo[];
  try {
    repos = importDataset(store, generated);
  } finally {
    store.close();
  }
  await sql.query(`TRUNCATE ${dataTables} RESTART IDENTITY`);
  const db = new Database(file, { readonly: true });
  try {
    await copySqliteToPostgres(db, sql);
  } finally {
    db.close();
    rmSync(file, { force: true });
  }
  return repos;
}

function requestOf(s: Search, page: number, perPage: number): SearchRequest {
  return { query: { where: s.where, fields: s.fields, sort: null }, privateRepoIds: new Set(s.privateRepoIds), sort: s.sort, page, perPage };
}

async function engineSearch(s: Search, page = 1, perPage = 100): Promise<EngineAnswer> {
  const answer = await searchIssuesOnPostgres(sql, requestOf(s, page, perPage));
  return { refused: answer.namesNothingVisible === true, total: answer.total, hits: answer.hits.map((h) => `${h.repo.id}#${(JSON.parse(h.document) as { number: number }).number}`) };
}

describe('PostgreSQL search against the reference evaluator', () => {
  it(
    'selects exactly the issues the reference selects, in its order when the order is defined',
    async () => {
      await fc.assert(
        fc.asyncProperty(dataset, fc.array(search, { minLength: 1, maxLength: 12 }), async (data, searches) => {
          const repos = await load(data);
          for (const s of searches) expectReferenceAnswer(repos, s, await engineSearch(s));
        }),
        { numRuns: SELECTION_RUNS },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    'pages never overlap and together hold every result',
    async () => {
      await fc.assert(
        fc.asyncProperty(dataset, search, fc.integer({ min: 1, max: 4 }), async (data, s, perPage) => {
          await load(data);
          const all = await engineSearch(s);
          const paged: string[] = [];
          for (let page = 1; (page - 1) * perPage < all.total; page++) {
            const p = await engineSearch(s, page, perPage);
            expect(p.total).toBe(all.total);
            paged.push(...p.hits);
          }
          expect(paged).toEqual(all.hits);
        }),
        { numRuns: PAGING_RUNS },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );
});
