// `import` into PostgreSQL builds its rows on a worker thread, as into SQLite
// (import-worker.integration.test.ts), and writes them in batches, new issues and their rows by
// binary COPY. What it stores must be exactly what the store's own importIssues stores from the
// same records, table by table, and a failure in either thread must leave the database as it
// was, with the same one-line message.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportedComment, ImportedIssue } from '../store/import-schema';
import { openCommandStorage } from '../store/open-storage';
import { HISTORY_COMMENTS, HISTORY_EVENTS, HISTORY_ISSUES } from '../../../test-support/server/history-repository';
import { testPostgres, type TestPostgres } from '../../../test-support/server/test-postgres';
import { runCli } from '../../../test-support/server/run-cli';
import { makeComments, makeIssues } from '../../../test-support/server/test-service';

const BODIES = ['Größe und Maß, @dora fragt, see #3', '日本語の説明 cc @Erin', 'ship it 🚀 — @frank-o #2 #2', 'plain'];

/** 2,345 issues (five of the store's batches), with labels, assignees, mentions and references. */
function manyIssues(prefix: string): ImportedIssue[] {
  return makeIssues(2345, prefix).map((issue, i) => ({ ...issue, body: `${BODIES[i % BODIES.length] ?? ''}\n\n${issue.body ?? ''}` }));
}

function commentsOn(repo: string, issue: number, firstId: number, count: number): ImportedComment[] {
  return makeComments(issue, count).map((c, i) => ({ ...c, id: firstId + i, issue_url: `https://api.github.com/repos/${repo}/issues/${issue}`, body: `${BODIES[i % BODIES.length] ?? ''} (${i})` }));
}

/** Every table but the bookkeeping of versions and migrations, row by row, without the repositories' clock columns. */
async function snapshot(url: string): Promise<Record<string, string[]>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tables = await client.query<{ name: string }>(
      "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_name NOT IN ('store_version', 'schema_migrations') ORDER BY 1",
    );
    const out: Record<string, string[]> = {};
    for (const { name } of tables.rows) {
      const clock = name === 'repos' ? " - 'created_at' - 'modified_at'" : '';
      const rows = await client.query<{ row: string }>(`SELECT (to_jsonb(t)${clock})::text AS row FROM "${name}" t ORDER BY 1`);
      out[name] = rows.rows.map((r) => r.row);
    }
    return out;
  } finally {
    await client.end();
  }
}

let server: TestPostgres;
let dir: string;
const file = (name: string, content: unknown): string => {
  const target = path.join(dir, name);
  writeFileSync(target, JSON.stringify(content));
  return target;
};
beforeAll(async () => {
  server = await testPostgres();
  dir = mkdtempSync(path.join(tmpdir(), 'issuescope-import-worker-pg-'));
}, 60_000);
afterAll(async () => {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('import into PostgreSQL on a worker thread', () => {
  it('stores exactly what importIssues stores, through batches, re-imports, comments and events', async () => {
    const comments = [...commentsOn('octo/many', 1, 50_000, 4), ...commentsOn('octo/many', 777, 60_000, 1500)];
    const again = manyIssues('Again').slice(100, 1300).map((issue, i) => ({ ...issue, labels: i % 2 === 0 ? ['bug'] : [], assignees: i % 3 === 0 ? [{ login: 'gina' }] : [] }));

    const inline = await server.freshDatabase();
    const storage = await openCommandStorage(inline);
    await storage.importIssues({ owner: 'octo', name: 'many', makePrivate: false }, manyIssues('Issue'), comments, Date.now());
    await storage.importIssues({ owner: 'octo', name: 'many', makePrivate: false }, again, [], Date.now());
    await storage.importIssues({ owner: 'octo', name: 'story', makePrivate: false }, HISTORY_ISSUES, HISTORY_COMMENTS, Date.now(), HISTORY_EVENTS);
    await storage.close();

    const cli = await server.freshDatabase();
    const runs = [
      await runCli('import', '--db', cli, '--repo', 'octo/many', '--comments', file('comments.json', comments), file('many.json', manyIssues('Issue'))),
      await runCli('import', '--db', cli, '--repo', 'octo/many', file('again.json', again)),
      await runCli(
        'import', '--db', cli, '--repo', 'octo/story',
        '--comments', file('story-comments.json', HISTORY_COMMENTS), '--events', file('story-events.json', HISTORY_EVENTS), file('story.json', HISTORY_ISSUES),
      ),
    ];
    expect(runs.map((r) => [r.code, r.stdout.trim(), r.stderr])).toEqual([
      [0, `Imported 2345 issues and ${comments.length} comments into octo/many.`, ''],
      [0, `Imported ${again.length} issues and 0 comments into octo/many.`, ''],
      [0, `Imported 3 issues, 2 comments and ${HISTORY_EVENTS.length} events into octo/story.`, ''],
    ]);

    const expected = await snapshot(inline);
    const actual = await snapshot(cli);
    expect(expected.issues).toHaveLength(2345 + HISTORY_ISSUES.length);
    expect(expected.issue_references?.length).toBeGreaterThan(0);
    expect(expected.issue_text).toHaveLength(2345 + HISTORY_ISSUES.length);
    for (const table of Object.keys(expected)) expect(actual[table], table).toEqual(expected[table]);
  }, 120_000);

  it('fails when a comment names an issue the repository lacks, in a middle or the last batch, leaving the database as it was', async () => {
    const db = await server.freshDatabase();
    expect((await runCli('import', '--db', db, '--repo', 'octo/orphan', file('orphan-first.json', makeIssues(5)))).code).toBe(0);
    const before = await snapshot(db);
    const r = await runCli(
      'import', '--db', db, '--repo', 'octo/orphan',
      // Three batches of good comments first: the orphan's batch fails a transaction that has written rows.
      '--comments', file('orphan-comments.json', [...commentsOn('octo/orphan', 2, 90_000, 3_000), ...commentsOn('octo/orphan', 9, 80_000, 1), ...commentsOn('octo/orphan', 3, 95_000, 3_000)]),
      file('orphan-issues.json', makeIssues(6, 'Changed')),
    );
    expect([r.code, r.stderr.trim()]).toEqual([1, 'error: comment 80000 belongs to issue #9, which octo/orphan does not have']);
    expect(await snapshot(db)).toEqual(before);
    // In the last batch, the one the import's commit follows.
    const last = await runCli(
      'import', '--db', db, '--repo', 'octo/orphan',
      '--comments', file('orphan-last.json', [...commentsOn('octo/orphan', 2, 90_000, 3_000), ...commentsOn('octo/orphan', 9, 80_000, 1)]),
      file('orphan-issues.json', makeIssues(6, 'Changed')),
    );
    expect([last.code, last.stderr.trim()]).toEqual([1, 'error: comment 80000 belongs to issue #9, which octo/orphan does not have']);
    expect(await snapshot(db)).toEqual(before);
  }, 60_000);

  it('fails as into SQLite when the file is not GitHub issues, writing nothing', async () => {
    const db = await server.freshDatabase();
    const bad = file('bad.json', [{ number: 'one' }]);
    const r = await runCli('import', '--db', db, '--repo', 'octo/bad', bad);
    const intoSqlite = await runCli('import', '--db', path.join(dir, 'bad.db'), '--repo', 'octo/bad', bad);
    expect([r.code, r.stderr.trim()]).toEqual([1, `error: ${bad} is not a JSON array of GitHub issues: at 0.number: Invalid input: expected number, received string`]);
    expect(r.stderr).toBe(intoSqlite.stderr);
    expect((await snapshot(db)).issues).toEqual([]);
  }, 60_000);
});
