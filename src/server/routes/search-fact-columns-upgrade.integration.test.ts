// GET /search/issues over a database written by the schema before migration 7, on SQLite and
// PostgreSQL: opening it fills the lock, draft, state reason and reactions-of-one-kind columns
// from the stored documents, so is:locked, is:draft, draft:, reason: and the orders by one kind of
// reaction answer for issues imported before the upgrade as for new ones.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueRow, type IssueRow } from '../store/import-rows';
import type { ImportedIssue } from '../store/import-schema';
import { PG_MIGRATIONS } from '../store/postgres/schema';
import { MIGRATIONS } from '../store/sqlite/schema';
import { testPostgres, type TestPostgres } from '../../../test-support/server/test-postgres';
import { serveDatabase, type ServedDatabase } from '../../../test-support/server/test-service';

/** The migrations before the fact columns: the schema a database of the previous release has. */
const SCHEMA_BEFORE = 6;

function entry(number: number, fields: Partial<ImportedIssue>): ImportedIssue {
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

const closed = { state: 'closed' as const, closed_at: '2024-02-01T09:00:00Z', updated_at: '2024-02-01T09:00:00Z' };

const ENTRIES: ImportedIssue[] = [
  entry(1, { locked: true, reactions: { heart: 2, '+1': 1 } }),
  entry(2, { ...closed, state_reason: 'completed', reactions: { heart: 5, confused: 2 } }),
  entry(3, { ...closed, state_reason: 'not_planned', locked: true, reactions: { '-1': 3 } }),
  entry(4, { pull_request: { merged_at: null }, draft: true }),
  entry(5, { ...closed, pull_request: { merged_at: '2024-02-01T09:00:00Z' }, draft: false, reactions: { hooray: 1, laugh: 4 } }),
  entry(6, { ...closed, pull_request: { merged_at: null }, reactions: { confused: 1 } }),
];

/** The rows as the previous schema's import wrote them: its columns, without migration 7's. */
const ROWS: IssueRow[] = ENTRIES.map((e) => issueRow(e, 1, new Map(), { localAvatars: false }));
const ROW_COLUMNS = 'repo_id, number, state, created_at, updated_at, comments, creator, milestone, assignee_count, doc, is_pull_request, closed_at, milestone_title, reactions, merged_at';
const rowValues = (r: IssueRow): unknown[] => [
  1, r.number, r.state, r.createdAt, r.updatedAt, r.comments, r.creator, r.milestone, r.assigneeCount, r.doc, r.isPullRequest ? 1 : 0, r.closedAt, r.milestoneTitle, r.reactions, r.mergedAt,
];
/** Search's own budget (ten a minute unauthenticated) is not what these tests are about. */
const LIMITS = { searchUnauthLimit: 100_000, unauthLimit: 100_000 };
const REPO_SQL = "INSERT INTO repos (id, owner, name, private, created_at, modified_at) VALUES (1, 'octo', 'old', 0, '2024-01-01T00:00:00Z', 0)";

function oldSqliteDatabase(dir: string): string {
  const file = path.join(dir, 'old.sqlite');
  const db = new Database(file);
  for (const migration of MIGRATIONS.slice(0, SCHEMA_BEFORE)) {
    if (typeof migration === 'string') db.exec(migration);
    else migration(db);
  }
  db.pragma(`user_version = ${SCHEMA_BEFORE}`);
  db.prepare(REPO_SQL).run();
  const insert = db.prepare(`INSERT INTO issues (${ROW_COLUMNS}) VALUES (${ROW_COLUMNS.split(',').map(() => '?').join(', ')})`);
  for (const r of ROWS) insert.run(...rowValues(r));
  db.close();
  return file;
}

async function oldPostgresDatabase(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())');
    for (const [index, sql] of PG_MIGRATIONS.slice(0, SCHEMA_BEFORE).entries()) {
      await client.query(sql);
      await client.query('INSERT INTO schema_migrations (version) VALUES ($1)', [index + 1]);
    }
    await client.query(REPO_SQL);
    // The documents hold the API marker, U+0000, that PostgreSQL's json functions cannot read: the backfill drops it first.
    expect(ROWS.every((r) => String(r.doc).includes('"\\u0000'))).toBe(true);
    for (const r of ROWS) await client.query(`INSERT INTO issues (${ROW_COLUMNS}) VALUES (${ROW_COLUMNS.split(',').map((_, i) => `$${i + 1}`).join(', ')})`, rowValues(r));
  } finally {
    await client.end();
  }
  return url;
}

describe.each(['sqlite', 'postgres'] as const)('GET /search/issues on a %s database from before the fact columns', (engine) => {
  let dir: string;
  let postgres: TestPostgres | undefined;
  let served: ServedDatabase | undefined;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'issuescope-facts-upgrade-'));
    if (engine === 'sqlite') {
      served = await serveDatabase(oldSqliteDatabase(dir), { limits: LIMITS });
    } else {
      postgres = await testPostgres();
      served = await serveDatabase(await oldPostgresDatabase(await postgres.freshDatabase()), { limits: LIMITS });
    }
  }, 30_000);

  afterAll(async () => {
    await served?.close();
    await postgres?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  async function numbers(q: string, sort?: string): Promise<number[]> {
    if (!served) throw new Error('the service starts in beforeAll');
    const params = new URLSearchParams({ q: `repo:octo/old ${q}`, ...(sort ? { sort } : {}) });
    const res = await fetch(`${served.api}/search/issues?${params.toString()}`);
    const body = (await res.json()) as { total_count: number; items: Array<{ number: number }> };
    expect(res.status, q).toBe(200);
    expect(body.total_count, q).toBe(body.items.length);
    return body.items.map((i) => i.number);
  }

  it.each([
    ['is:locked', [3, 1]],
    ['is:unlocked', [6, 5, 4, 2]],
    ['is:draft', [4]],
    ['draft:false', [6, 5]],
    ['-draft:true', [6, 5, 3, 2, 1]],
    ['reason:completed', [2]],
    ['reason:"not planned"', [3]],
    ['-reason:completed', [6, 5, 4, 3, 1]],
    ['sort:reactions-heart', [2, 1, 6, 5, 4, 3]],
    ['sort:reactions-+1', [1, 6, 5, 4, 3, 2]],
    ['sort:reactions--1', [3, 6, 5, 4, 2, 1]],
    ['sort:reactions-smile', [5, 6, 4, 3, 2, 1]],
    ['sort:reactions-tada', [5, 6, 4, 3, 2, 1]],
    ['sort:reactions-thinking_face-asc', [1, 3, 4, 5, 6, 2]],
  ])('answers %s from the stored issues: %j', async (q, expected) => {
    expect(await numbers(q)).toEqual(expected);
  });

  it('orders by the sort parameter of one kind of reaction', async () => {
    expect(await numbers('', 'reactions-heart')).toEqual([2, 1, 6, 5, 4, 3]);
  });
});
