// `import` builds its rows on a worker thread while SQLite inserts them. What it stores must be
// exactly what the store's own one-thread importIssues stores from the same records: every
// table, row for row (documents as text, byte for byte), through batch boundaries, multi-byte
// text, label folding, re-imports and comments; and a failure in either thread leaves the file
// as it was, with the same one-line message.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportedComment, ImportedIssue } from '../store/import-schema';
import { openSqliteStorage } from '../store/sqlite/sqlite-storage';
import { snapshotDatabase, type DatabaseSnapshot } from '../../../test-support/server/database-snapshot';
import { HISTORY_COMMENTS, HISTORY_EVENTS, HISTORY_ISSUES } from '../../../test-support/server/history-repository';
import { LINKED_EVENTS, LINKED_ISSUES } from '../../../test-support/server/linked-repository';
import { RICH_COMMENTS, RICH_ISSUES } from '../../../test-support/server/rich-repository';
import { runCli } from '../../../test-support/server/run-cli';
import { makeComments, makeIssues } from '../../../test-support/server/test-service';

const BODIES = ['Größe und Maß, @dora fragt', '日本語の説明 cc @Erin', 'ship it 🚀 — @frank-o', 'lone \ud800 surrogate', 'plain'];

/** 1,234 issues (three batches), each label named now as a bare string, now as a full record. */
function manyIssues(prefix: string): ImportedIssue[] {
  return makeIssues(1234, prefix).map((issue, i) => ({
    ...issue,
    body: `${BODIES[i % BODIES.length] ?? ''}\n\n${issue.body ?? ''}`,
    labels: issue.labels.map((l) => (i % 7 === 3 && typeof l !== 'string' ? l.name : l)),
  }));
}

function commentsOn(repo: string, issue: number, firstId: number, count: number): ImportedComment[] {
  return makeComments(issue, count).map((c, i) => ({
    ...c,
    id: firstId + i,
    issue_url: `https://api.github.com/repos/${repo}/issues/${issue}`,
    body: `${BODIES[i % BODIES.length] ?? ''} (${i})`,
  }));
}

/** Updates two hundred issues (new labels, assignees, bodies), adds fifty, comments on older ones. */
function secondImport(): { issues: ImportedIssue[]; comments: ImportedComment[] } {
  const updated = manyIssues('Again').slice(100, 300).map((issue, i) => ({
    ...issue,
    labels: i % 2 === 0 ? ['bug', { name: 'Enhancement', color: '00FF00', description: 'recoloured' }] : [],
    assignees: i % 3 === 0 ? [{ login: 'gina' }, { login: 'carol' }] : [],
    body: i % 4 === 0 ? 'now mentions @hal' : null,
  }));
  const added = makeIssues(1284, 'New').slice(1234);
  return { issues: [...updated, ...added], comments: [...commentsOn('octo/many', 150, 70_000, 3), ...commentsOn('octo/many', 1250, 71_000, 2)] };
}

/** The file without what depends on the clock: when each repository was created and changed. */
function timeless(snapshot: DatabaseSnapshot): DatabaseSnapshot {
  const repos = (snapshot.tables.repos ?? []).map((row) => {
    const { created_at: _created, modified_at: _modified, ...rest } = JSON.parse(row) as Record<string, unknown>;
    return JSON.stringify(rest);
  });
  return { ...snapshot, tables: { ...snapshot.tables, repos } };
}

let dir: string;
const file = (name: string, content: unknown): string => {
  const target = path.join(dir, name);
  writeFileSync(target, JSON.stringify(content));
  return target;
};
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'issuescope-import-worker-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('import on a worker thread', () => {
  it('stores exactly what importIssues stores on one thread, through batches, re-imports and comments', async () => {
    const manyComments = [...commentsOn('octo/many', 1, 50_000, 4), ...commentsOn('octo/many', 777, 60_000, 600)];
    const again = secondImport();

    const inline = path.join(dir, 'inline.db');
    const store = openSqliteStorage(inline);
    store.importIssues({ owner: 'octo', name: 'rich', makePrivate: false }, RICH_ISSUES, RICH_COMMENTS, Date.now());
    store.importIssues({ owner: 'octo', name: 'many', makePrivate: false }, manyIssues('Issue'), manyComments, Date.now());
    store.importIssues({ owner: 'octo', name: 'many', makePrivate: false }, again.issues, again.comments, Date.now());
    store.importIssues({ owner: 'octo', name: 'story', makePrivate: false }, HISTORY_ISSUES, HISTORY_COMMENTS, Date.now(), HISTORY_EVENTS);
    store.importIssues({ owner: 'octo', name: 'plans', makePrivate: false }, LINKED_ISSUES, [], Date.now(), LINKED_EVENTS);
    store.close();

    const cli = path.join(dir, 'cli.db');
    const runs = [
      await runCli('import', '--db', cli, '--repo', 'octo/rich', '--comments', file('rich-comments.json', RICH_COMMENTS), file('rich.json', RICH_ISSUES)),
      await runCli('import', '--db', cli, '--repo', 'octo/many', '--comments', file('many-comments.json', manyComments), file('many.json', manyIssues('Issue'))),
      await runCli('import', '--db', cli, '--repo', 'octo/many', '--comments', file('again-comments.json', again.comments), file('again.json', again.issues)),
      await runCli(
        'import', '--db', cli, '--repo', 'octo/story',
        '--comments', file('story-comments.json', HISTORY_COMMENTS), '--events', file('story-events.json', HISTORY_EVENTS), file('story.json', HISTORY_ISSUES),
      ),
      // Issue 47: types and sub-issue links read from GitHub's issue JSON, the sub-issue and parent events kept.
      await runCli('import', '--db', cli, '--repo', 'octo/plans', '--events', file('plans-events.json', LINKED_EVENTS), file('plans.json', LINKED_ISSUES)),
    ];
    expect(runs.map((r) => [r.code, r.stdout.trim(), r.stderr])).toEqual([
      [0, `Imported ${RICH_ISSUES.length} issues and ${RICH_COMMENTS.length} comments into octo/rich.`, ''],
      [0, `Imported 1234 issues and ${manyComments.length} comments into octo/many.`, ''],
      [0, `Imported ${again.issues.length} issues and ${again.comments.length} comments into octo/many.`, ''],
      [0, `Imported 3 issues, 2 comments and ${HISTORY_EVENTS.length} events into octo/story.`, ''],
      [0, expect.stringMatching(new RegExp(`^Imported 8 issues.* ${LINKED_EVENTS.length} events into octo/plans\\.$`)), ''],
    ]);

    const expected = timeless(snapshotDatabase(inline));
    const actual = timeless(snapshotDatabase(cli));
    expect(expected.tables.issues).toHaveLength(RICH_ISSUES.length + 1284 + HISTORY_ISSUES.length + LINKED_ISSUES.length);
    expect(expected.tables.issue_events).toHaveLength(HISTORY_EVENTS.length + LINKED_EVENTS.length);
    expect(expected.tables.issue_references?.length).toBeGreaterThan(0);
    expect(expected.tables.sub_issues).toHaveLength(5);
    expect(expected.tables.issue_types).toHaveLength(4);
    expect(actual.tables.issues?.every((row) => typeof (JSON.parse(row) as { doc: unknown }).doc === 'string')).toBe(true);
    for (const table of Object.keys(expected.tables)) expect(actual.tables[table], table).toEqual(expected.tables[table]);
    expect(Object.keys(actual.tables)).toEqual(Object.keys(expected.tables));
  }, 120_000);

  it('fails as one thread would when the worker finds two issues with one number, leaving the file as it was', async () => {
    const db = path.join(dir, 'twice.db');
    expect((await runCli('import', '--db', db, '--repo', 'octo/twice', file('twice-first.json', makeIssues(2)))).code).toBe(0);
    const before = snapshotDatabase(db);
    const issues = makeIssues(3, 'Changed');
    const r = await runCli('import', '--db', db, '--repo', 'octo/twice', file('twice.json', [...issues, { ...issues[1], title: 'again' }]));
    expect([r.code, r.stderr.trim()]).toEqual([1, 'error: the import has two issues with the same number']);
    expect(snapshotDatabase(db)).toEqual(before);
  }, 60_000);

  it('fails when a comment names an issue the repository lacks, leaving the file as it was, though the worker is blocked ahead', async () => {
    const db = path.join(dir, 'orphan.db');
    const first = await runCli('import', '--db', db, '--repo', 'octo/orphan', file('orphan-first.json', makeIssues(5)));
    expect(first.code).toBe(0);
    const before = snapshotDatabase(db);
    const r = await runCli(
      'import', '--db', db, '--repo', 'octo/orphan',
      // The orphan comes first, and 5,000 more follow: ten batches, so the worker is waiting for
      // room when the inserting thread gives up, and must be let go for the command to end.
      '--comments', file('orphan-comments.json', [...commentsOn('octo/orphan', 9, 80_000, 1), ...commentsOn('octo/orphan', 2, 90_000, 5_000)]),
      file('orphan-issues.json', makeIssues(6, 'Changed')),
    );
    expect([r.code, r.stderr.trim()]).toEqual([1, 'error: comment 80000 belongs to issue #9, which octo/orphan does not have']);
    expect(snapshotDatabase(db)).toEqual(before);
  }, 60_000);

  it('fails when an event happened to an issue the repository lacks, or the events file is not GitHub events, leaving the file as it was', async () => {
    const db = path.join(dir, 'events.db');
    expect((await runCli('import', '--db', db, '--repo', 'octo/events', file('events-first.json', makeIssues(2)))).code).toBe(0);
    const before = snapshotDatabase(db);
    const stray = { id: 7, actor: { login: 'mona' }, event: 'closed', created_at: '2025-01-01T00:00:00Z', commit_id: null, issue: { number: 9 } };
    const orphan = await runCli('import', '--db', db, '--repo', 'octo/events', '--events', file('events-orphan.json', [stray]), file('events-issues.json', makeIssues(3)));
    expect([orphan.code, orphan.stderr.trim()]).toEqual([1, 'error: event 7 happened to issue #9, which octo/events does not have']);
    const shapeless = await runCli('import', '--db', db, '--repo', 'octo/events', '--events', file('events-bad.json', [{ ...stray, issue: undefined }]), file('events-issues2.json', makeIssues(3)));
    expect(shapeless.code).toBe(1);
    expect(shapeless.stderr).toMatch(/events-bad\.json is not a JSON array of GitHub issue events: at 0\.issue/);
    expect(snapshotDatabase(db)).toEqual(before);
  }, 60_000);
});
