// An issue's history on PostgreSQL answers as on SQLite: the shared operations
// (core/timeline-reads.ts) run on the same rows copied from an SQLite file give the same pages,
// totals and order, page by page, and the same `closed_by`.
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageParams } from '../../../shared/list-params';
import { KeysetPager } from '../core/keyset-pager';
import { RememberedCounts, type Remembered } from '../core/remembered-counts';
import { copySqliteToPostgres } from '../../../../test-support/server/copy-sqlite-to-postgres';
import { importHistoryRepository } from '../../../../test-support/server/history-repository';
import { testPostgres, type TestPostgres } from '../../../../test-support/server/test-postgres';
import { importRichRepositories } from '../../../../test-support/server/rich-repository';
import type { DocumentPage } from '../records';
import * as timeline from '../core/timeline-reads';
import { SqliteConnection } from '../sqlite/connection';
import { SQLITE_DIALECT } from '../sqlite/sqlite-dialect';
import { openSqliteStorage } from '../sqlite/sqlite-storage';
import { migratePostgres } from './migrate';
import { POSTGRES_DIALECT } from './postgres-dialect';
import { runOperation, sqlOf, type SqlRunner } from './sql';

const START_TIMEOUT_MS = 60_000;
const IMPORTED_AT_MS = Date.UTC(2025, 1, 1);
/** 1 and 100 are the smallest and largest `per_page`; the others put page boundaries inside runs of one kind. */
const PAGE_SIZES = [1, 2, 3, 7, 100];
/** far past the end of any list here */
const FAR_PAGE = 1_000;
/** no issue has this number */
const MISSING_ISSUE = 999_999;
/** a comment id as GitHub gives them now, beyond 32 bits: the timeline's tie-breaker multiplies issue numbers by 2^32 */
const WIDE_COMMENT_ID = 5_000_000_000;

let dir = '';
let server: TestPostgres | undefined;
let pool: pg.Pool | undefined;
let db: Database.Database | undefined;
let sql: SqlRunner;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'issuescope-pg-timeline-'));
  const file = path.join(dir, 'history.db');
  const store = openSqliteStorage(file);
  try {
    await importHistoryRepository(store, IMPORTED_AT_MS);
    await importRichRepositories(store, IMPORTED_AT_MS);
  } finally {
    store.close();
  }
  db = new Database(file);

  server = await testPostgres();
  pool = new pg.Pool({ connectionString: await server.freshDatabase() });
  const client = await pool.connect();
  try {
    await migratePostgres(client);
  } finally {
    client.release();
  }
  sql = sqlOf(pool);
  await copySqliteToPostgres(db, sql);
}, START_TIMEOUT_MS);

afterAll(async () => {
  db?.close();
  if (pool) await endPool(pool);
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/**
 * `pool.end()` resolves once it has asked its clients to end, before their connections close:
 * stopping the server then would end them with an error nobody listens for.
 */
async function endPool(ending: pg.Pool): Promise<void> {
  let open = ending.totalCount;
  const closed = new Promise<void>((resolve) => {
    if (open === 0) resolve();
    ending.on('remove', () => {
      if (--open === 0) resolve();
    });
  });
  await ending.end();
  await closed;
}

function sqlite(): Database.Database {
  if (!db) throw new Error('beforeAll did not open the SQLite file');
  return db;
}

function postgresPool(): pg.Pool {
  if (!pool) throw new Error('beforeAll did not start PostgreSQL');
  return pool;
}

let connection: SqliteConnection | undefined;
function liteConnection(): SqliteConnection {
  connection ??= new SqliteConnection(sqlite());
  return connection;
}

/** Nothing kept between reads: every page is counted afresh. */
const NOTHING_KEPT: Remembered = { counts: new RememberedCounts(), pager: new KeysetPager(), stillCurrent: () => false };

/** The shared operations on SQLite, counting every page afresh (no count kept). */
const lite = {
  readTimeline: (repo: number, number: number, params: PageParams) => liteConnection().run(timeline.readTimeline(SQLITE_DIALECT, NOTHING_KEPT, repo, number, params)),
  readIssueEvents: (repo: number, number: number, params: PageParams) =>
    liteConnection().run(timeline.readIssueEvents(SQLITE_DIALECT, NOTHING_KEPT, repo, number, params)),
  readRepoEvents: (repo: number, params: PageParams) => liteConnection().run(timeline.readRepoEvents(SQLITE_DIALECT, NOTHING_KEPT, repo, params)),
  refreshClosedBy: (repo: number, number: number) => liteConnection().run(timeline.refreshClosedBy(SQLITE_DIALECT, repo, number)),
  hasEvents: (repo: number) => liteConnection().run(timeline.hasEvents(SQLITE_DIALECT, repo)),
};

/** The shared operations on PostgreSQL, on the pool or a transaction's client. */
const postgres = {
  readTimeline: (on: SqlRunner, repo: number, number: number, params: PageParams) => runOperation(on, timeline.readTimeline(POSTGRES_DIALECT, NOTHING_KEPT, repo, number, params)),
  readIssueEvents: (on: SqlRunner, repo: number, number: number, params: PageParams) =>
    runOperation(on, timeline.readIssueEvents(POSTGRES_DIALECT, NOTHING_KEPT, repo, number, params)),
  readRepoEvents: (on: SqlRunner, repo: number, params: PageParams) => runOperation(on, timeline.readRepoEvents(POSTGRES_DIALECT, NOTHING_KEPT, repo, params)),
  refreshClosedBy: (on: SqlRunner, repo: number, number: number) => runOperation(on, timeline.refreshClosedBy(POSTGRES_DIALECT, repo, number)),
  hasEvents: (on: SqlRunner, repo: number) => runOperation(on, timeline.hasEvents(POSTGRES_DIALECT, repo)),
};

function repoId(owner: string, name: string): number {
  const row = sqlite().prepare('SELECT id FROM repos WHERE owner = ? AND name = ?').get(owner, name) as { id: number } | undefined;
  if (!row) throw new Error(`no ${owner}/${name}`);
  return row.id;
}

/** Every page at each size, one past the end and one far past it, from both engines. */
async function pagesOfBoth(read: { lite: (p: PageParams) => DocumentPage; postgres: (p: PageParams) => Promise<DocumentPage> }) {
  const pages: Array<{ params: PageParams; lite: DocumentPage; postgres: DocumentPage }> = [];
  for (const perPage of PAGE_SIZES) {
    const total = read.lite({ page: 1, perPage }).total;
    const lastPage = Math.ceil(total / perPage);
    for (const page of [...Array.from({ length: lastPage + 1 }, (_, i) => i + 1), FAR_PAGE]) {
      const params = { page, perPage };
      pages.push({ params, lite: read.lite(params), postgres: await read.postgres(params) });
    }
  }
  return pages;
}

function expectSamePages(label: string, pages: Awaited<ReturnType<typeof pagesOfBoth>>): void {
  for (const { params, lite: expected, postgres: actual } of pages) {
    expect(actual, `${label}, per_page ${params.perPage}, page ${params.page}`).toEqual(expected);
  }
}

/** The issues with anything in their timeline or events, and one that does not exist. */
function issuesWithHistory(): Array<{ repo: number; number: number }> {
  const rows = sqlite()
    .prepare(
      `SELECT repo_id AS repo, issue_number AS number FROM comments
       UNION SELECT repo_id, issue_number FROM issue_events
       UNION SELECT repo_id, target_number FROM issue_references
       ORDER BY 1, 2`,
    )
    .all() as Array<{ repo: number; number: number }>;
  return [...rows, { repo: repoId('octo', 'story'), number: MISSING_ISSUE }];
}

describe('an issue’s history on PostgreSQL, against SQLite on the same rows', () => {
  it('gives each timeline page for page as SQLite does, with every kind of entry', async () => {
    const events = new Set<string>();
    for (const { repo, number } of issuesWithHistory()) {
      const pages = await pagesOfBoth({
        lite: (params) => lite.readTimeline(repo, number, params),
        postgres: (params) => postgres.readTimeline(sql, repo, number, params),
      });
      expectSamePages(`timeline of ${repo}#${number}`, pages);
      for (const { postgres: page } of pages) for (const d of page.documents) events.add((JSON.parse(d) as { event: string }).event);
    }
    expect([...events]).toEqual(expect.arrayContaining(['commented', 'cross-referenced', 'labeled', 'assigned', 'renamed', 'closed', 'merged']));
  });

  it("gives each issue's events page for page as SQLite does", async () => {
    for (const { repo, number } of issuesWithHistory()) {
      expectSamePages(
        `events of ${repo}#${number}`,
        await pagesOfBoth({
          lite: (params) => lite.readIssueEvents(repo, number, params),
          postgres: (params) => postgres.readIssueEvents(sql, repo, number, params),
        }),
      );
    }
  });

  it("gives the repository's events newest first, each with its issue, page for page as SQLite does", async () => {
    const repos = sqlite().prepare('SELECT id, owner, name FROM repos ORDER BY id').all() as Array<{ id: number; owner: string; name: string }>;
    for (const { id: repo, owner, name } of repos) {
      const pages = await pagesOfBoth({
        lite: (params) => lite.readRepoEvents(repo, params),
        postgres: (params) => postgres.readRepoEvents(sql, repo, params),
      });
      expectSamePages(`events of ${owner}/${name}`, pages);
    }
    expect((await postgres.readRepoEvents(sql, repoId('octo', 'story'), { page: 1, perPage: 100 })).total).toBeGreaterThan(1);
  });

  it('orders references from comments with ids beyond 32 bits as SQLite does', async () => {
    const repo = repoId('octo', 'story');
    const docOf = (id: number) => sqlite().prepare('SELECT doc, created_at FROM comments WHERE id = ?').get(id) as { doc: string; created_at: string } | undefined;
    const [dave, bob] = [docOf(502), docOf(501)];
    if (!dave || !bob) throw new Error('fixture changed: no comments 501 and 502');
    const at = dave.created_at;
    // Three references to #1 at one instant, by three authors: only the tie-breaker orders them.
    // The new comment on #2 is bob's, beside dave's (502); #3's body is carol's.
    const comment = [WIDE_COMMENT_ID, repo, 2, at, at, bob.doc];
    const references = [[repo, 1, 2, WIDE_COMMENT_ID, at], [repo, 1, 3, 0, at]];
    const client = await postgresPool().connect();
    try {
      sqlite().exec('BEGIN');
      await client.query('BEGIN');
      sqlite().prepare('INSERT INTO comments (id, repo_id, issue_number, created_at, updated_at, doc) VALUES (?, ?, ?, ?, ?, ?)').run(...comment);
      await client.query('INSERT INTO comments (id, repo_id, issue_number, created_at, updated_at, doc) VALUES ($1, $2, $3, $4, $5, $6)', comment);
      for (const reference of references) {
        sqlite().prepare('INSERT INTO issue_references (repo_id, target_number, source_number, source_comment, created_at) VALUES (?, ?, ?, ?, ?)').run(...reference);
        await client.query('INSERT INTO issue_references (repo_id, target_number, source_number, source_comment, created_at) VALUES ($1, $2, $3, $4, $5)', reference);
      }
      const params = { page: 1, perPage: 100 };
      const expected = lite.readTimeline(repo, 1, params);
      expect(await postgres.readTimeline(sqlOf(client), repo, 1, params)).toEqual(expected);
      const together = expected.documents
        .map((d) => JSON.parse(d) as { event: string; created_at: string; actor: { login: string } })
        .filter((e) => e.event === 'cross-referenced' && e.created_at === at);
      expect(new Set(together.map((e) => e.actor.login))).toEqual(new Set(['dave', 'bob', 'carol']));
    } finally {
      sqlite().exec('ROLLBACK');
      await client.query('ROLLBACK');
      client.release();
    }
  });
});

describe('closed_by on PostgreSQL', () => {
  it('names the actor of the last closed event, as SQLite writes it, and a second call changes nothing', async () => {
    const repo = repoId('octo', 'story');
    // The later event has the lower id: time, not id, decides which is last.
    const events = [
      { id: 9101, createdAt: '2025-01-09T00:00:00Z', actor: { login: 'yan', id: 4241 } },
      { id: 9100, createdAt: '2025-01-10T00:00:00Z', actor: { login: 'zed', id: 4242 } },
    ].map((e) => [e.id, repo, 'closed', e.createdAt, JSON.stringify({ id: e.id, actor: e.actor, event: 'closed', created_at: e.createdAt })]);
    const closedBy = (doc: string | undefined) => (JSON.parse(doc ?? '{}') as { closed_by?: unknown }).closed_by ?? null;
    const client = await postgresPool().connect();
    const tx = sqlOf(client);
    const stored = async () => (await tx.query<{ doc: string; ctid: string }>('SELECT doc, ctid::text AS ctid FROM issues WHERE repo_id = $1 AND number = 2', [repo]))[0];
    try {
      sqlite().exec('BEGIN');
      await client.query('BEGIN');
      expect(closedBy((await stored())?.doc)).toBeNull();
      for (const event of events) {
        sqlite().prepare('INSERT INTO issue_events (id, repo_id, issue_number, event, created_at, doc) VALUES (?, ?, 2, ?, ?, ?)').run(...event);
        await tx.query('INSERT INTO issue_events (id, repo_id, issue_number, event, created_at, doc) VALUES ($1, $2, 2, $3, $4, $5)', event);
      }

      lite.refreshClosedBy(repo, 2);
      await postgres.refreshClosedBy(tx, repo, 2);
      const first = await stored();
      expect(closedBy(first?.doc)).toEqual({ login: 'zed', id: 4242 });
      expect(first?.doc).toBe((sqlite().prepare('SELECT doc FROM issues WHERE repo_id = ? AND number = 2').get(repo) as { doc: string }).doc);

      // An update writes a new row version, with a new ctid, even with the same document.
      await postgres.refreshClosedBy(tx, repo, 2);
      expect(await stored()).toEqual(first);
    } finally {
      sqlite().exec('ROLLBACK');
      await client.query('ROLLBACK');
      client.release();
    }
  });

  it('leaves an issue that does not exist alone', async () => {
    await expect(postgres.refreshClosedBy(sql, repoId('octo', 'story'), MISSING_ISSUE)).resolves.toBeUndefined();
  });

  it('knows which repositories have events, as SQLite does', async () => {
    const repos = sqlite().prepare('SELECT id FROM repos ORDER BY id').all() as Array<{ id: number }>;
    const answers = await Promise.all(repos.map(async ({ id }) => ({ id, lite: lite.hasEvents(id), postgres: await postgres.hasEvents(sql, id) })));
    expect(answers.map((a) => a.postgres)).toEqual(answers.map((a) => a.lite));
    expect(await postgres.hasEvents(sql, repoId('octo', 'story'))).toBe(true);
    expect(await postgres.hasEvents(sql, repoId('octo', 'rich'))).toBe(false);
  });
});
