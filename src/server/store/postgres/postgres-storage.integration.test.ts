// What the PostgreSQL storage shows beyond the contract suite: which writes every instance
// hears of (deep pages' remembered boundaries follow them), which opening listens for them, and
// label filters answered as SQLite answers them.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { parseListParams, type ListParams } from '../../../shared/list-params';
import { testPostgres, type TestPostgres } from '../../../../test-support/server/test-postgres';
import { DEEP_BASE_MS, DEEP_ISSUES, deepRowsOf, expectedDeepPage, iso, makeDeepData } from '../../../../test-support/server/deep-page-data';
import { makeComments, makeIssues } from '../../../../test-support/server/test-service';
import { parseQueryString } from '../../http/query-string';
import { openCommandStorage, openServiceStorage, sharedCountersOf } from '../open-storage';
import type { MirrorWalk } from '../records';
import { openSqliteStorage } from '../sqlite/sqlite-storage';
import type { Storage } from '../storage';
import { ANALYZE_AFTER_ROWS } from './postgres-issue-writer';
import { openPostgresStorage } from './postgres-storage';
import { STORE_VERSION_CHANNEL } from './schema';

const START_TIMEOUT_MS = 60_000;
const NOW = Date.UTC(2026, 0, 1);
const PUBLIC = { owner: 'octo', name: 'hello', makePrivate: false };
const SOURCE = 'https://api.github.com/repos/octo/hello';
const WALK: MirrorWalk = { firstUrl: `${SOURCE}/issues?state=all`, etag: 'W/"1"', since: null, nextUrl: null, runNewest: null };

const deepParams: ListParams = { state: 'all', sort: 'created', direction: 'desc', labels: [], since: null, creator: null, assignee: null, mentioned: null, milestone: null, page: 4, perPage: 100 };
const numbersOf = (page: { documents: string[] }) => page.documents.map((d) => (JSON.parse(d) as { number: number }).number);

let server: TestPostgres;
const open: Array<{ close(): unknown }> = [];

beforeAll(async () => {
  server = await testPostgres();
}, START_TIMEOUT_MS);

afterAll(async () => {
  for (const o of open.reverse()) await o.close();
  await server?.stop();
});

async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  open.push({ close: () => client.end() });
  return client;
}

/** The version every instance hears of (change-listener.ts), read from outside the storage. */
async function storeVersion(observer: pg.Client): Promise<number> {
  const { rows } = await observer.query<{ version: string }>('SELECT version FROM store_version WHERE id = 1');
  return Number(rows[0]?.version);
}

describe('which writes every instance hears of', () => {
  async function mirrored(): Promise<{ storage: Storage; observer: pg.Client; repoId: number }> {
    const url = await server.freshDatabase();
    const storage = await openPostgresStorage(url, { log: () => {} });
    open.push(storage);
    const mirror = await storage.openMirror(PUBLIC, SOURCE, NOW);
    return { storage, observer: await connect(url), repoId: mirror.repo.id };
  }

  it("a mirror's bookkeeping leaves the store version alone; an import moves it", async () => {
    const { storage, observer, repoId } = await mirrored();
    const before = await storeVersion(observer);
    await storage.saveMirrorWalk(repoId, 'issues', WALK);
    await storage.setMirrorSourcePrivate(repoId, true);
    await storage.completeMirror(repoId, NOW);
    expect(await storeVersion(observer)).toBe(before);
    expect((await storage.findMirror('octo', 'hello', SOURCE))?.completedAt).toBe(NOW / 1000);

    await storage.importIssues(PUBLIC, makeIssues(1), [], NOW);
    expect(await storeVersion(observer)).toBeGreaterThan(before);
    const afterImport = await storeVersion(observer);
    await storage.saveMirrorPage(PUBLIC, 'issues', WALK, { issues: makeIssues(2) }, NOW);
    expect(await storeVersion(observer)).toBeGreaterThan(afterImport);
  });

  it('one transaction moves the store version only when it keeps a write readers see', async () => {
    const { storage, observer, repoId } = await mirrored();
    const before = await storeVersion(observer);
    await storage.atomically(async (tx) => {
      await tx.saveMirrorWalk(repoId, 'comments', WALK);
      // A write rolled back to its savepoint changed nothing readers see.
      await expect(Promise.resolve(tx.renameRepo({ owner: 'octo', name: 'nothing' }, { owner: 'octo', name: 'else' }, NOW))).rejects.toThrow();
      await tx.completeMirror(repoId, NOW);
    });
    expect(await storeVersion(observer)).toBe(before);

    await storage.atomically(async (tx) => {
      await tx.saveMirrorWalk(repoId, 'events', WALK);
      await tx.importIssues(PUBLIC, makeIssues(1), [], NOW);
    });
    expect(await storeVersion(observer)).toBeGreaterThan(before);
  });
});

describe("another instance's write", () => {
  it('moves the deep pages an instance starts from remembered boundaries, within a second', async () => {
    const url = await server.freshDatabase();
    const serving = await openPostgresStorage(url, { serving: true, log: () => {} });
    open.push(serving);
    const command = await openCommandStorage(url);
    open.push(command);
    const data = makeDeepData(7, DEEP_ISSUES);
    const repoId = (await command.importIssues(PUBLIC, data.issues, [], NOW)).repo.id;
    await vi.waitFor(async () => expect((await serving.listIssues(repoId, deepParams)).total).toBe(DEEP_ISSUES), { timeout: 1000 });
    expect(numbersOf(await serving.listIssues(repoId, deepParams))).toEqual(expectedDeepPage(deepRowsOf(data.issues), deepParams).numbers);

    // Newer issues push every later entry down: boundaries remembered above would now start the page in the wrong place.
    const more = makeDeepData(99, DEEP_ISSUES + 150).issues.slice(DEEP_ISSUES).map((i) => ({ ...i, created_at: iso(DEEP_BASE_MS + 20 * 3600_000) }));
    await command.importIssues(PUBLIC, more, [], NOW);
    const want = expectedDeepPage(deepRowsOf([...data.issues, ...more]), deepParams).numbers;
    await vi.waitFor(async () => expect(numbersOf(await serving.listIssues(repoId, deepParams))).toEqual(want), { timeout: 1000, interval: 50 });
  });

  it("moves the totals an instance remembers (an issue list's, a timeline's, a repository's events'), within a second", async () => {
    const url = await server.freshDatabase();
    const serving = await openPostgresStorage(url, { serving: true, log: () => {} });
    open.push(serving);
    const command = await openCommandStorage(url);
    open.push(command);
    const repoId = (await command.importIssues(PUBLIC, makeIssues(5), makeComments(1, 2), NOW)).repo.id;
    const firstPage = { page: 1, perPage: 30 };
    const totals = async () => ({
      issues: (await serving.listIssues(repoId, { ...deepParams, page: 1 })).total,
      timeline: (await serving.listTimeline(repoId, 1, firstPage)).total,
      events: (await serving.listIssueEvents(repoId, null, firstPage)).total,
    });
    await vi.waitFor(async () => expect(await totals()).toEqual({ issues: 5, timeline: 2, events: 0 }), { timeout: 1000 });
    // Read twice: the second answer is the remembered one, which the import below must move.
    expect(await totals()).toEqual({ issues: 5, timeline: 2, events: 0 });

    const closed = { id: 9001, actor: { login: 'mona', id: 1 }, event: 'closed', created_at: iso(NOW), issue: { number: 1 }, commit_id: null };
    await command.importIssues(PUBLIC, makeIssues(8), makeComments(1, 3), NOW, [closed]);
    await vi.waitFor(async () => expect(await totals()).toEqual({ issues: 8, timeline: 4, events: 1 }), { timeout: 1000, interval: 50 });
  });
});

describe('imports from several processes at once', () => {
  it('two imports into one repository at the same moment both succeed, one after the other, and leave one whole version', async () => {
    const url = await server.freshDatabase();
    const first = await openCommandStorage(url);
    const second = await openCommandStorage(url);
    try {
      await first.importIssues(PUBLIC, makeIssues(1), [], NOW);
      const results = await Promise.all([
        first.importIssues(PUBLIC, makeIssues(300, 'First'), [], NOW + 1000),
        // other users than the first's, so that writing the users does not already make them take turns
        second.importIssues(PUBLIC, makeIssues(300, 'Second').map((i) => ({ ...i, user: { login: 'zed' }, assignees: [], body: 'no mentions' })), [], NOW + 1000),
      ]);
      expect(results.map((r) => r.issues)).toEqual([300, 300]);
      const observer = await connect(url);
      const { rows } = await observer.query<{ first: string; second: string; total: string }>(
        `SELECT COUNT(*) FILTER (WHERE doc LIKE '%"title":"First %') AS first, COUNT(*) FILTER (WHERE doc LIKE '%"title":"Second %') AS second,
           COUNT(*) AS total FROM issues`,
      );
      await observer.end();
      const counts = [Number(rows[0]?.first), Number(rows[0]?.second)].sort();
      expect({ counts, total: Number(rows[0]?.total) }).toEqual({ counts: [0, 300], total: 300 });
    } finally {
      await first.close();
      await second.close();
    }
  });
});

describe('which opening listens for changes', () => {
  /** The other connections to the database whose last statement was a LISTEN for the store version. */
  async function listeners(observer: pg.Client): Promise<number> {
    const { rows } = await observer.query<{ n: string }>(
      'SELECT COUNT(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND query = $1',
      [`LISTEN ${STORE_VERSION_CHANNEL}`],
    );
    return Number(rows[0]?.n);
  }

  /** The statement timeout a storage's connections run with, as PostgreSQL reports it. */
  async function statementTimeout(storage: Storage): Promise<string | undefined> {
    const sql = sharedCountersOf(storage);
    if (!sql) throw new Error('not a PostgreSQL storage');
    return (await sql.query<{ statement_timeout: string }>('SHOW statement_timeout'))[0]?.statement_timeout;
  }

  it("a command's storage (import, rename, token, mirror …) holds no LISTEN connection and no request's time bound; the service's holds both", async () => {
    const url = await server.freshDatabase();
    const observer = await connect(url);
    const command = await openCommandStorage(url);
    try {
      await command.importIssues(PUBLIC, makeIssues(1), [], NOW);
      expect(await listeners(observer)).toBe(0);
      // An import on a busy host may take longer than a request may wait.
      expect(await statementTimeout(command)).toBe('0');
    } finally {
      await command.close();
    }

    const service = await openServiceStorage(url, () => {});
    try {
      expect(await listeners(observer)).toBe(1);
      expect(await statementTimeout(service)).toBe('3s');
    } finally {
      await service.close();
    }
    // A closed connection's backend leaves pg_stat_activity a moment after the client hangs up.
    await vi.waitFor(async () => expect(await listeners(observer)).toBe(0), { timeout: 10_000, interval: 50 });
  });
});

describe('label filters', () => {
  function listParams(query: string): ListParams {
    const read = parseQueryString(query);
    const parsed = read.ok ? parseListParams(read.read) : null;
    if (!parsed?.ok) throw new Error(`bad list query ${query}`);
    return parsed.value;
  }
  const numbers = (documents: readonly string[]) => documents.map((d) => (JSON.parse(d) as { number: number }).number);

  it('answer as SQLite answers: every label named, without case; one the repository lacks, or one named twice, matches nothing', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'issuescope-pg-labels-'));
    const sqlite = openSqliteStorage(path.join(dir, 'labels.db'));
    const postgres = await openPostgresStorage(await server.freshDatabase(), { log: () => {} });
    open.push({ close: () => rmSync(dir, { recursive: true, force: true }) }, sqlite, postgres);
    const issues = makeIssues(30);
    const liteId = sqlite.importIssues(PUBLIC, issues, [], NOW).repo.id;
    const pgId = (await postgres.importIssues(PUBLIC, issues, [], NOW)).repo.id;
    const all = listParams('?state=all&per_page=100');
    const cases: Array<[string, string[]]> = [
      ['one label, another case', ['BUG']],
      ['two labels, both needed', ['Enhancement', 'good first issue']],
      ['a label the repository has and one it lacks', ['bug', 'no-such-label']],
      ['the same label twice', ['docs', 'DOCS']],
    ];
    let matched = 0;
    for (const [what, labels] of cases) {
      const params = { ...all, labels };
      const expected = sqlite.listIssues(liteId, params);
      const actual = await postgres.listIssues(pgId, params);
      expect(numbers(actual.documents), what).toEqual(numbers(expected.documents));
      expect(actual.total, what).toBe(expected.total);
      matched += expected.total;
    }
    // The cases are not all empty answers that agree by accident.
    expect(matched).toBeGreaterThan(0);
  });
});

describe('statistics after a bulk import', () => {
  // PostgreSQL plans from each table's statistics; a table just filled and never analysed is
  // planned as if nearly empty (a common search then ran into the statement timeout).
  async function reltuples(observer: pg.Client, table: string): Promise<number> {
    const { rows } = await observer.query<{ reltuples: number }>('SELECT reltuples FROM pg_class WHERE oid = $1::regclass', [table]);
    return Number(rows[0]?.reltuples);
  }

  it('knows how many issues and labels an import of a thousand rows or more wrote, as soon as it returns', async () => {
    const url = await server.freshDatabase();
    const storage = await openPostgresStorage(url, { log: () => {} });
    open.push(storage);
    const observer = await connect(url);
    await storage.importIssues(PUBLIC, makeIssues(ANALYZE_AFTER_ROWS), [], NOW);
    expect(await reltuples(observer, 'issues')).toBe(ANALYZE_AFTER_ROWS);
    expect(await reltuples(observer, 'issue_labels')).toBeGreaterThan(0);
  });
});
