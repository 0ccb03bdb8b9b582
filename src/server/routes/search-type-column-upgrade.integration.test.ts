// GET /search/issues `type:` over a database written by the schema before the type column, on
// SQLite and PostgreSQL: opening it fills `type_name` from the stored documents (folded in ASCII
// letters, as an import writes it), so `type:` answers for issues imported before the upgrade as
// for new ones, quoted names, lists and NOT included (issue 47).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FACT_COLUMNS } from '../store/fact-columns';
import { issueRow, type IssueRow } from '../store/import-rows';
import type { ImportedIssue } from '../store/import-schema';
import { PG_MIGRATIONS } from '../store/postgres/schema';
import { MIGRATIONS } from '../store/sqlite/schema';
import { testPostgres, type TestPostgres } from '../../../test-support/server/test-postgres';
import { serveDatabase, type ServedDatabase } from '../../../test-support/server/test-service';

/**
 * The schema before the type column's migration: found by what it adds, not by a number, as
 * migrations land beside it (the later ones, sub-issues across repositories, run on the upgraded
 * database too, as they would on a real upgrade).
 */
function indexOfTypeMigration(migrations: readonly unknown[]): number {
  const index = migrations.findIndex((m) => typeof m === 'string' && m.includes('ADD COLUMN type_name'));
  if (index < 0) throw new Error('no migration adds the type column');
  return index;
}
const SQLITE_SCHEMA_BEFORE = indexOfTypeMigration(MIGRATIONS);
const PG_SCHEMA_BEFORE = indexOfTypeMigration(PG_MIGRATIONS);

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

const ENTRIES: ImportedIssue[] = [
  entry(1, { type: { id: 11, name: 'Bug', color: 'red' } }),
  entry(2, { type: { id: 12, name: 'Task', color: 'yellow' } }),
  entry(3, { type: { id: 13, name: 'Feature request', color: 'green' } }),
  entry(4, { type: null }),
  entry(5, { type: { id: 11, name: 'Bug', color: 'red' }, state: 'closed', closed_at: '2024-02-01T09:00:00Z', state_reason: 'completed' }),
  entry(6, { pull_request: { merged_at: null } }),
];

/** The rows as the previous schema's import wrote them: every column but `type_name`. */
const ROWS: IssueRow[] = ENTRIES.map((e) => issueRow(e, 1, new Map(), { localAvatars: false }));
const OLD_FACTS = FACT_COLUMNS.filter((c) => c.name !== 'type_name');
const ROW_COLUMNS = [
  'repo_id', 'number', 'state', 'created_at', 'updated_at', 'comments', 'creator', 'milestone', 'assignee_count', 'doc',
  'is_pull_request', 'closed_at', 'milestone_title', 'reactions', 'merged_at', ...OLD_FACTS.map((c) => c.name),
];
const rowValues = (r: IssueRow): unknown[] => [
  1, r.number, r.state, r.createdAt, r.updatedAt, r.comments, r.creator, r.milestone, r.assigneeCount, r.doc,
  r.isPullRequest ? 1 : 0, r.closedAt, r.milestoneTitle, r.reactions, r.mergedAt, ...OLD_FACTS.map((c) => c.value(r)),
];
/** Search's own budget (ten a minute unauthenticated) is not what these tests are about. */
const LIMITS = { searchUnauthLimit: 100_000, unauthLimit: 100_000 };
const REPO_SQL = "INSERT INTO repos (id, owner, name, private, created_at, modified_at) VALUES (1, 'octo', 'old', 0, '2024-01-01T00:00:00Z', 0)";

function oldSqliteDatabase(dir: string): string {
  const file = path.join(dir, 'old.sqlite');
  const db = new Database(file);
  for (const migration of MIGRATIONS.slice(0, SQLITE_SCHEMA_BEFORE)) {
    if (typeof migration === 'string') db.exec(migration);
    else migration(db);
  }
  db.pragma(`user_version = ${SQLITE_SCHEMA_BEFORE}`);
  db.prepare(REPO_SQL).run();
  const insert = db.prepare(`INSERT INTO issues (${ROW_COLUMNS.join(', ')}) VALUES (${ROW_COLUMNS.map(() => '?').join(', ')})`);
  for (const r of ROWS) insert.run(...rowValues(r));
  db.close();
  return file;
}

async function oldPostgresDatabase(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())');
    for (const [index, sql] of PG_MIGRATIONS.slice(0, PG_SCHEMA_BEFORE).entries()) {
      await client.query(sql);
      await client.query('INSERT INTO schema_migrations (version) VALUES ($1)', [index + 1]);
    }
    await client.query(REPO_SQL);
    // The documents hold the API marker, U+0000, that PostgreSQL's json functions cannot read: the backfill drops it first.
    expect(ROWS.every((r) => String(r.doc).includes('"\\u0000'))).toBe(true);
    for (const r of ROWS) await client.query(`INSERT INTO issues (${ROW_COLUMNS.join(', ')}) VALUES (${ROW_COLUMNS.map((_, i) => `$${i + 1}`).join(', ')})`, rowValues(r));
  } finally {
    await client.end();
  }
  return url;
}

describe.each(['sqlite', 'postgres'] as const)('GET /search/issues type: on a %s database from before the type column', (engine) => {
  let dir: string;
  let postgres: TestPostgres | undefined;
  let served: ServedDatabase | undefined;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'issuescope-type-upgrade-'));
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

  async function numbers(q: string): Promise<number[]> {
    if (!served) throw new Error('the service starts in beforeAll');
    const res = await fetch(`${served.api}/search/issues?${new URLSearchParams({ q: `repo:octo/old ${q}` }).toString()}`);
    const body = (await res.json()) as { total_count: number; items: Array<{ number: number; type: { name: string } | null }> };
    expect(res.status, q).toBe(200);
    expect(body.total_count, q).toBe(body.items.length);
    return body.items.map((i) => i.number);
  }

  it.each([
    ['type:Bug', [5, 1]],
    ['type:bug', [5, 1]],
    ['type:"feature REQUEST"', [3]],
    ['type:Bug,Task', [5, 2, 1]],
    ['-type:Bug', [6, 4, 3, 2]],
    ['type:issue -type:Task', [5, 4, 3, 1]],
    ['type:Bug is:closed', [5]],
    ['type:Epic', []],
  ])('answers %s from the stored issues: %j', async (q, expected) => {
    expect(await numbers(q)).toEqual(expected);
  });
});
