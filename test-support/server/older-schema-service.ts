/**
 * A service over a database an older release wrote, on either engine: the schema's first
 * `schemaBefore` migrations, one public repository `octo/old` (id 1), and issue rows written as
 * that release's import wrote them (the columns it had). Opening it runs the later migrations,
 * as an upgrade does; the upgrade tests then ask over HTTP what the new columns answer.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { issueRow, type IssueRow } from '../../src/server/store/import-rows';
import type { ImportedIssue } from '../../src/server/store/import-schema';
import { PG_MIGRATIONS } from '../../src/server/store/postgres/schema';
import { MIGRATIONS } from '../../src/server/store/sqlite/schema';
import { testPostgres, type TestPostgres } from './test-postgres';
import { serveDatabase, type ServedDatabase } from './test-service';

export type Engine = 'sqlite' | 'postgres';

export interface OlderRows {
  /** the columns of `issues` the older import wrote, in order */
  columns: readonly string[];
  /** one row's values for those columns */
  values(row: IssueRow): unknown[];
}

/** The columns every release since search (migration 6) wrote, and their values. */
export const ROW_COLUMNS_SINCE_SEARCH = [
  'repo_id', 'number', 'state', 'created_at', 'updated_at', 'comments', 'creator', 'milestone', 'assignee_count', 'doc',
  'is_pull_request', 'closed_at', 'milestone_title', 'reactions', 'merged_at',
] as const;
export function rowValuesSinceSearch(r: IssueRow): unknown[] {
  return [1, r.number, r.state, r.createdAt, r.updatedAt, r.comments, r.creator, r.milestone, r.assigneeCount, r.doc, r.isPullRequest ? 1 : 0, r.closedAt, r.milestoneTitle, r.reactions, r.mergedAt];
}

/** An issue of `octo/old` as GitHub sends it, open and plain unless `fields` say otherwise. */
export function olderEntry(number: number, fields: Partial<ImportedIssue>): ImportedIssue {
  return {
    number,
    title: `Old entry ${number}`,
    user: { login: 'alice' },
    labels: [],
    state: 'open',
    locked: false,
    assignees: [],
    comments: 0,
    created_at: `2024-01-0${number}T09:00:00Z`,
    updated_at: `2024-01-0${number}T09:00:00Z`,
    closed_at: null,
    body: null,
    ...fields,
  };
}

export function rowsOf(entries: readonly ImportedIssue[]): IssueRow[] {
  return entries.map((e) => issueRow(e, 1, new Map(), { localAvatars: false }));
}

/** Search's own budget (ten a minute unauthenticated) is not what the upgrade tests are about. */
const LIMITS = { searchUnauthLimit: 100_000, unauthLimit: 100_000 };
const REPO_SQL = "INSERT INTO repos (id, owner, name, private, created_at, modified_at) VALUES (1, 'octo', 'old', 0, '2024-01-01T00:00:00Z', 0)";

function olderSqliteDatabase(dir: string, schemaBefore: number, rows: readonly IssueRow[], older: OlderRows): string {
  const file = path.join(dir, 'old.sqlite');
  const db = new Database(file);
  for (const migration of MIGRATIONS.slice(0, schemaBefore)) {
    if (typeof migration === 'string') db.exec(migration);
    else migration(db);
  }
  db.pragma(`user_version = ${schemaBefore}`);
  db.prepare(REPO_SQL).run();
  const insert = db.prepare(`INSERT INTO issues (${older.columns.join(', ')}) VALUES (${older.columns.map(() => '?').join(', ')})`);
  for (const r of rows) insert.run(...older.values(r));
  db.close();
  return file;
}

async function olderPostgresDatabase(url: string, schemaBefore: number, rows: readonly IssueRow[], older: OlderRows): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())');
    for (const [index, sql] of PG_MIGRATIONS.slice(0, schemaBefore).entries()) {
      await client.query(sql);
      await client.query('INSERT INTO schema_migrations (version) VALUES ($1)', [index + 1]);
    }
    await client.query(REPO_SQL);
    // The documents hold the API marker, U+0000, that PostgreSQL's json functions cannot read: a backfill drops it first.
    if (!rows.every((r) => String(r.doc).includes('"\\u0000'))) throw new Error('the rows lack the API marker a stored document holds');
    const placeholders = older.columns.map((_, i) => `$${i + 1}`).join(', ');
    for (const r of rows) await client.query(`INSERT INTO issues (${older.columns.join(', ')}) VALUES (${placeholders})`, older.values(r));
  } finally {
    await client.end();
  }
  return url;
}

export interface OlderService {
  served: ServedDatabase;
  close(): Promise<void>;
}

/** The service over such a database; `schemaBefore` is per engine, as their migration lists differ. */
export async function serveOlderDatabase(
  engine: Engine,
  schemaBefore: { sqlite: number; postgres: number },
  rows: readonly IssueRow[],
  older: OlderRows,
): Promise<OlderService> {
  const dir = mkdtempSync(path.join(tmpdir(), 'issuescope-upgrade-'));
  let postgres: TestPostgres | undefined;
  let served: ServedDatabase;
  if (engine === 'sqlite') {
    served = await serveDatabase(olderSqliteDatabase(dir, schemaBefore.sqlite, rows, older), { limits: LIMITS });
  } else {
    postgres = await testPostgres();
    served = await serveDatabase(await olderPostgresDatabase(await postgres.freshDatabase(), schemaBefore.postgres, rows, older), { limits: LIMITS });
  }
  return {
    served,
    async close() {
      await served.close();
      await postgres?.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** What a search of `octo/old` finds, by number, checking the answer is whole. */
export async function searchOlder(served: ServedDatabase, q: string, sort?: string): Promise<{ numbers: number[]; status: number; total: number }> {
  const params = new URLSearchParams({ q: `repo:octo/old ${q}`, ...(sort ? { sort } : {}) });
  const res = await fetch(`${served.api}/search/issues?${params.toString()}`);
  const body = (await res.json()) as { total_count: number; items: Array<{ number: number }> };
  return { numbers: body.items.map((i) => i.number), status: res.status, total: body.total_count };
}
