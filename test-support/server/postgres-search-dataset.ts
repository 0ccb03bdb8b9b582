/**
 * Test-only: what the PostgreSQL search tests share (postgres-search-parity, postgres-search-ranking):
 * the search repositories (and two private ones) imported into SQLite and copied into a PostgreSQL
 * database of their own (on the run's server, test-postgres.ts), and a case of the table as the search request both engines are asked.
 */
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { effectiveSearchSort, type SearchOrder } from '../../src/shared/search-params';
import { parseSearchQuery, type SearchSortField } from '../../src/shared/search-query';
import { copySqliteToPostgres } from './copy-sqlite-to-postgres';
import { testPostgres, type TestPostgres } from './test-postgres';
import { importSearchRepositories } from './search-repository';
import type { ImportedIssue } from '../../src/server/store/import-schema';
import type { SearchHit, SearchPage, SearchRequest } from '../../src/server/store/records';
import { openSqliteStorage, type SqliteStorage } from '../../src/server/store/sqlite/sqlite-storage';
import { migratePostgres } from '../../src/server/store/postgres/migrate';
import { sqlOf, type SqlRunner } from '../../src/server/store/postgres/sql';

export const SETUP_TIMEOUT_MS = 60_000;
const NOW_MS = Date.parse('2024-06-01T00:00:00Z');

function privateIssue(number: number, title: string, body: string, fields: Partial<ImportedIssue> = {}): ImportedIssue {
  return {
    number,
    title,
    body,
    user: { login: 'alice' },
    labels: [],
    state: 'open',
    locked: false,
    assignees: [],
    comments: 0,
    created_at: `2024-05-0${number}T09:00:00Z`,
    updated_at: `2024-05-0${number}T09:00:00Z`,
    ...fields,
  };
}

const VAULT_ISSUES = [
  privateIssue(1, 'Crash in the vault', 'secret crash details'),
  privateIssue(2, 'Secret rotation', 'rotate the keys', { labels: [{ name: 'bug', color: 'ededed' }] }),
];
const ATTIC_ISSUES = [privateIssue(1, 'Crash in the attic', 'a secret nobody was granted')];

export interface Case {
  q: string;
  advanced?: boolean;
  /** private repositories (by name, under `search/`) the caller was granted */
  grant?: string[];
  /** the `sort` and `order` parameters (`sort:` in q wins) */
  sort?: SearchSortField;
  order?: SearchOrder;
  page?: number;
  perPage?: number;
}

export interface SearchDataset {
  sqlite: SqliteStorage;
  sql: SqlRunner;
  /** the case as a search request, its grants by the private repositories' ids */
  requestOf: (c: Case) => SearchRequest;
  /** lets PostgreSQL go and removes the SQLite file */
  close(): Promise<void>;
}

/** Takes seconds (a thousand issues imported and copied): once per test file, in beforeAll. */
export async function openSearchDataset(): Promise<SearchDataset> {
  let server: TestPostgres | undefined;
  let client: pg.Client | undefined;
  let sqlite: SqliteStorage | undefined;
  let dir: string | undefined;
  const close = async () => {
    await client?.end();
    await server?.stop();
    sqlite?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  };
  try {
    server = await testPostgres();
    dir = mkdtempSync(path.join(tmpdir(), 'issuescope-pg-search-'));
    const file = path.join(dir, 'search.sqlite');
    sqlite = openSqliteStorage(file);
    await importSearchRepositories(sqlite, NOW_MS);
    const privateIds = new Map<string, number>();
    privateIds.set('vault', sqlite.importIssues({ owner: 'search', name: 'vault', makePrivate: true }, VAULT_ISSUES, [], NOW_MS).repo.id);
    privateIds.set('attic', sqlite.importIssues({ owner: 'search', name: 'attic', makePrivate: true }, ATTIC_ISSUES, [], NOW_MS).repo.id);

    client = new pg.Client({ connectionString: await server.freshDatabase() });
    await client.connect();
    await migratePostgres(client);
    const sql = sqlOf(client);
    const db = new Database(file, { readonly: true });
    try {
      await copySqliteToPostgres(db, sql);
    } finally {
      db.close();
    }

    const requestOf = (c: Case): SearchRequest => {
      const parsed = parseSearchQuery(c.q, { advanced: c.advanced ?? false });
      if (!parsed.ok) throw new Error(`the table's query ${c.q} does not parse: ${parsed.errors.map((e) => e.message).join('; ')}`);
      return {
        query: parsed.query,
        privateRepoIds: new Set((c.grant ?? []).map((name) => privateIds.get(name) ?? -1)),
        sort: effectiveSearchSort(parsed.query.sort, { sort: c.sort ?? null, order: c.order ?? 'desc' }),
        page: c.page ?? 1,
        perPage: c.perPage ?? 30,
      };
    };
    return { sqlite, sql, requestOf, close };
  } catch (err) {
    await close();
    throw err;
  }
}

export const keyOf = (hit: SearchHit): string => `${hit.repo.owner}/${hit.repo.name}#${(JSON.parse(hit.document) as { number: number }).number}`;
export const keys = (page: SearchPage): string[] => page.hits.map(keyOf);
