// Migration 3: a database written before the full GitHub user and milestone shapes is upgraded in place.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { RICH_COMMENTS, RICH_ISSUES } from '../test-support/rich-repository';
import { openSqliteStore } from './sqlite-store';

const dir = mkdtempSync(path.join(tmpdir(), 'issuescope-upgrade-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const ADDED_USER_FIELDS = ['followers_url', 'following_url', 'gists_url', 'starred_url', 'subscriptions_url', 'organizations_url', 'repos_url', 'events_url', 'received_events_url'];

/** Takes away what older versions did not store, and marks the file as migrated only that far. */
function downgrade(file: string): void {
  const db = new Database(file);
  const strip = (value: unknown, top = false): unknown => {
    if (Array.isArray(value)) return value.map((v) => strip(v));
    if (value === null || typeof value !== 'object') return value;
    const isUser = 'login' in value;
    const isMilestone = 'due_on' in value;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      if ((isUser && ADDED_USER_FIELDS.includes(k)) || (isMilestone && k === 'labels_url') || (top && k === 'performed_via_github_app')) continue;
      out[k] = strip(v);
    }
    return out;
  };
  for (const table of ['issues', 'comments']) {
    for (const row of db.prepare(`SELECT rowid AS id, doc FROM ${table}`).all() as Array<{ id: number; doc: string }>) {
      db.prepare(`UPDATE ${table} SET doc = ? WHERE rowid = ?`).run(JSON.stringify(strip(JSON.parse(row.doc), true)), row.id);
    }
  }
  db.pragma('user_version = 2');
  db.close();
}

describe('upgrading stored documents (migration 3)', () => {
  it('gives every stored user, milestone, issue and comment the fields they have when imported today', () => {
    const file = path.join(dir, 'old.db');
    const store = openSqliteStore(file);
    const { repo } = store.importIssues({ owner: 'octo', name: 'rich', makePrivate: false }, RICH_ISSUES, RICH_COMMENTS, Date.now());
    const parsed = (docs: Array<string | null>) => docs.map((d) => JSON.parse(d ?? 'null') as unknown);
    const fresh = parsed([1, 2, 3, 4].map((n) => store.getIssue(repo.id, n)));
    const freshComments = parsed(store.listComments(repo.id, 1, { page: 1, perPage: 10, since: null }).documents);
    store.close();

    downgrade(file);
    const old = new Database(file, { readonly: true });
    const oldDoc = (old.prepare('SELECT doc FROM issues WHERE number = 1').get() as { doc: string }).doc;
    old.close();
    expect(oldDoc).not.toContain('followers_url');
    expect(oldDoc).not.toContain('/milestones/3/labels');
    expect(oldDoc).not.toContain('performed_via_github_app');

    const upgraded = openSqliteStore(file);
    expect(parsed([1, 2, 3, 4].map((n) => upgraded.getIssue(repo.id, n)))).toEqual(fresh);
    expect(parsed(upgraded.listComments(repo.id, 1, { page: 1, perPage: 10, since: null }).documents)).toEqual(freshComments);
    upgraded.close();
  });
});
