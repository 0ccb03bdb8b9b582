// Issue 47's migration on SQLite: documents stored before it gain GitHub's empty type and
// sub-issue fields, and every repository's data version moves on, so no ETag handed out before
// names the old bodies. (PostgreSQL's: postgres/migrate.integration.test.ts.)
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { issueRow } from './import-rows';
import { MIGRATIONS } from './sqlite/schema';
import { openSqliteStorage } from './sqlite/sqlite-storage';

let dir = '';
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'issuescope-links-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A document as built before issue 47: without `type`, `sub_issues_summary` and `parent_issue_url`. */
function documentBeforeTypes(doc: string): string {
  const { type: _type, sub_issues_summary: _summary, parent_issue_url: _parent, ...rest } = JSON.parse(doc) as Record<string, unknown>;
  return JSON.stringify(rest);
}

it('gives the issues of a database from before it no type, no parent and no sub-issues, and a new data version', () => {
  const file = path.join(dir, 'old.db');
  const db = new Database(file);
  // Migration 8 is issue 47's; the migrations after it (10, the type column) run on opening too.
  const before = 7;
  for (const migration of MIGRATIONS.slice(0, before)) {
    if (typeof migration === 'string') db.exec(migration);
    else migration(db);
  }
  db.pragma(`user_version = ${before}`);
  db.prepare("INSERT INTO repos (id, owner, name, private, created_at, modified_at, data_version) VALUES (1, 'octo', 'old', 0, '2025-01-01T00:00:00Z', 0, 7)").run();
  const row = issueRow(
    { number: 1, title: 'Old', user: { login: 'ann' }, labels: [], state: 'open', locked: false, comments: 0, created_at: '2024-01-01T00:00:00Z', updated_at: '2024-01-01T00:00:00Z' },
    1, new Map(), { localAvatars: false },
  );
  const old = documentBeforeTypes(String(row.doc));
  expect(old).not.toContain('sub_issues_summary');
  db.prepare('INSERT INTO issues (repo_id, number, state, created_at, updated_at, comments, creator, milestone, assignee_count, doc) VALUES (1, 1, ?, ?, ?, 0, ?, NULL, 0, ?)').run(
    row.state, row.createdAt, row.updatedAt, row.creator, old,
  );
  db.close();

  const store = openSqliteStorage(file);
  try {
    const repo = store.findRepo('octo', 'old');
    expect(repo?.dataVersion).toBe(8);
    const doc = JSON.parse(store.getIssue(1, 1) ?? 'null') as Record<string, unknown>;
    expect(doc).toMatchObject({ title: 'Old', type: null, sub_issues_summary: { total: 0, completed: 0, percent_completed: 0 }, parent_issue_url: null });
    expect(store.listIssueTypes(1)).toEqual([]);
  } finally {
    store.close();
  }
});

it('keeps every sub-issue link stored before links across repositories, as a link within its own repository', async () => {
  const file = path.join(dir, 'links.db');
  const db = new Database(file);
  // The migration that names the parent's repository (issue 47), found by what it does.
  const before = MIGRATIONS.findIndex((m) => typeof m === 'string' && m.includes('CREATE TABLE sub_issues_across'));
  expect(before).toBeGreaterThan(0);
  for (const migration of MIGRATIONS.slice(0, before)) {
    if (typeof migration === 'string') db.exec(migration);
    else migration(db);
  }
  db.pragma(`user_version = ${before}`);
  db.prepare("INSERT INTO repos (id, owner, name, private, created_at, modified_at) VALUES (1, 'octo', 'old', 0, '2025-01-01T00:00:00Z', 0)").run();
  for (const [number, title] of [[1, 'Parent'], [2, 'Child']] as const) {
    const row = issueRow(
      { number, title, user: { login: 'ann' }, labels: [], state: 'open', locked: false, comments: 0, created_at: '2024-01-01T00:00:00Z', updated_at: '2024-01-01T00:00:00Z' },
      1, new Map(), { localAvatars: false },
    );
    db.prepare('INSERT INTO issues (repo_id, number, state, created_at, updated_at, comments, creator, milestone, assignee_count, doc) VALUES (1, ?, ?, ?, ?, 0, ?, NULL, 0, ?)').run(
      number, row.state, row.createdAt, row.updatedAt, row.creator, String(row.doc),
    );
  }
  db.prepare('INSERT INTO sub_issues (repo_id, number, parent_number, position) VALUES (1, 2, 1, 1)').run();
  db.close();

  const store = openSqliteStorage(file);
  try {
    const listed = store.listSubIssues(1, 1, { page: 1, perPage: 30 });
    expect(listed.total).toBe(1);
    expect(listed.documents.map((d) => (JSON.parse(d) as { title: string }).title)).toEqual(['Child']);
    expect((JSON.parse(store.getParentIssue(1, 2) ?? 'null') as { title: string } | null)?.title).toBe('Parent');
  } finally {
    store.close();
  }
});
