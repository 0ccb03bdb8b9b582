/**
 * Upgrades of stored JSON documents (see issue-document.ts), for a database
 * written by an older version: documents are finished JSON, so a field the
 * builders now add must be added to what is already stored too.
 */
import type Database from 'better-sqlite3';
import { userUrlTemplates } from './build-documents';

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Adds what GitHub's `simple-user` requires to a stored user, built from its (marker) API URL. */
function upgradeUser(user: unknown): void {
  if (!isObject(user) || typeof user.url !== 'string' || 'followers_url' in user) return;
  Object.assign(user, userUrlTemplates(user.url));
}

function upgradeIssue(doc: Json): void {
  if (!('performed_via_github_app' in doc)) doc.performed_via_github_app = null;
  upgradeUser(doc.user);
  upgradeUser(doc.assignee);
  if (Array.isArray(doc.assignees)) doc.assignees.forEach(upgradeUser);
  const milestone = doc.milestone;
  if (isObject(milestone)) {
    upgradeUser(milestone.creator);
    if (typeof milestone.url === 'string' && !('labels_url' in milestone)) milestone.labels_url = `${milestone.url}/labels`;
  }
}

function rewrite(db: Database.Database, table: 'issues' | 'comments', upgrade: (doc: Json) => void): void {
  const update = db.prepare(`UPDATE ${table} SET doc = ? WHERE rowid = ?`);
  // all() rather than iterate(): the connection cannot write while a read is open.
  for (const row of db.prepare(`SELECT rowid AS id, doc FROM ${table}`).all() as Array<{ id: number; doc: string }>) {
    const doc = JSON.parse(row.doc) as unknown;
    if (!isObject(doc)) continue;
    const before = row.doc;
    upgrade(doc);
    const after = JSON.stringify(doc);
    if (after !== before) update.run(after, row.id);
  }
}

/**
 * Migration 3: the user URL templates and `milestone.labels_url` (GitHub's
 * description requires them), and `performed_via_github_app: null` (what
 * api.github.com sends on every issue and comment).
 */
export function upgradeStoredDocuments(db: Database.Database): void {
  rewrite(db, 'issues', upgradeIssue);
  rewrite(db, 'comments', (doc) => {
    if (!('performed_via_github_app' in doc)) doc.performed_via_github_app = null;
    upgradeUser(doc.user);
  });
}
