// An issue's history as the store keeps it: references follow re-imported texts, events are
// replaced by id, and a database from before the history is given its references on opening.
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HISTORY_COMMENTS, HISTORY_EVENTS, HISTORY_ISSUES } from '../../../test-support/server/history-repository';
import { issueReferencesIn } from './build-event-documents';
import { commentRow, issueRow } from './import-rows';
import type { SqliteStorage } from './sqlite/sqlite-storage';
import { MIGRATIONS } from './sqlite/schema';
import { openSqliteStorage } from './sqlite/sqlite-storage';

let dir = '';
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'issuescope-history-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const STORY = { owner: 'octo', name: 'story', makePrivate: false };

function timelineOf(store: SqliteStorage, number: number): string[] {
  const repo = store.findRepo('octo', 'story');
  if (!repo) throw new Error('no octo/story');
  return store.listTimeline(repo.id, number, { page: 1, perPage: 100 }).documents.map((d) => {
    const item = JSON.parse(d) as { event: string; source?: { issue: { number: number } } };
    return item.source ? `${item.event} from #${item.source.issue.number}` : item.event;
  });
}

describe('issue references in Markdown', () => {
  it('finds #N outside code, each once, never the issue itself, entities or anchors', () => {
    expect(issueReferencesIn('See #12 and #3, again #12 (#4)', 99)).toEqual([12, 3, 4]);
    expect(issueReferencesIn('`#5` and\n```\n#6\n```\nand #7', 99)).toEqual([7]);
    expect(issueReferencesIn('&#123; a/b#8 page#9 ##10 #11abc #1', 1)).toEqual([]);
    expect(issueReferencesIn(null, 1)).toEqual([]);
  });
});

describe('the history in the store', () => {
  it('follows a re-imported text: a reference it no longer makes is gone, a new one appears', () => {
    const store = openSqliteStorage(path.join(dir, 'reimport.db'));
    try {
      store.importIssues(STORY, HISTORY_ISSUES, HISTORY_COMMENTS, 0, HISTORY_EVENTS);
      expect(timelineOf(store, 1).filter((e) => e.startsWith('cross'))).toEqual(['cross-referenced from #2', 'cross-referenced from #2']);
      const [, second, third] = HISTORY_ISSUES;
      const [, onTwo] = HISTORY_COMMENTS;
      if (!second || !third || !onTwo) throw new Error('fixture changed');
      store.importIssues(STORY, [{ ...second, body: 'Nothing to see' }, { ...third, body: 'Fixes #1' }], [{ ...onTwo, body: 'no longer' }], 0);
      expect(timelineOf(store, 1).filter((e) => e.startsWith('cross'))).toEqual(['cross-referenced from #3']);
      // Events given again by id are replaced, not doubled.
      store.importIssues(STORY, [], [], 0, HISTORY_EVENTS);
      expect(timelineOf(store, 1).filter((e) => e === 'closed')).toHaveLength(1);
    } finally {
      store.close();
    }
  });

  it('gives a database from before the history its references when opened', () => {
    const file = path.join(dir, 'old.db');
    const db = new Database(file);
    for (const migration of MIGRATIONS.slice(0, 3)) {
      if (typeof migration === 'string') db.exec(migration);
      else migration(db);
    }
    db.pragma('user_version = 3');
    db.prepare("INSERT INTO repos (id, owner, name, private, created_at, modified_at) VALUES (1, 'octo', 'story', 0, '2025-01-01T00:00:00Z', 0)").run();
    for (const imported of HISTORY_ISSUES) {
      const row = issueRow(imported, 1, new Map(), { localAvatars: false });
      db.prepare(
        'INSERT INTO issues (repo_id, number, state, created_at, updated_at, comments, creator, milestone, assignee_count, doc) VALUES (1, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
      ).run(row.number, row.state, row.createdAt, row.updatedAt, row.comments, row.creator, row.milestone, row.assigneeCount, row.doc);
    }
    for (const imported of HISTORY_COMMENTS) {
      const c = commentRow(imported, { localAvatars: false });
      db.prepare('INSERT INTO comments (id, repo_id, issue_number, created_at, updated_at, doc) VALUES (?, 1, ?, ?, ?, ?)').run(c.id, c.issueNumber, c.createdAt, c.updatedAt, c.doc);
    }
    db.close();

    const store = openSqliteStorage(file);
    try {
      expect(timelineOf(store, 1)).toEqual(['commented', 'cross-referenced from #2', 'cross-referenced from #2']);
    } finally {
      store.close();
    }
  });
});
