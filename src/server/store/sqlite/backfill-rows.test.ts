import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { backfillRows } from './backfill-rows';

describe('backfillRows', () => {
  let db: Database.Database;
  afterEach(() => db.close());

  it('visits every row once, in rowid order, across slices and past gaps left by deleted rows', () => {
    db = new Database(':memory:');
    db.exec('CREATE TABLE notes (body TEXT NOT NULL)');
    const insert = db.prepare('INSERT INTO notes (body) VALUES (?)');
    for (let i = 1; i <= 8; i++) insert.run(`note ${i}`);
    db.exec('DELETE FROM notes WHERE rowid IN (3, 4)');
    const seen: string[] = [];
    backfillRows<{ rowid: number; body: string }>(
      db.prepare('SELECT rowid, body FROM notes WHERE rowid > ? ORDER BY rowid LIMIT ?'),
      (row) => seen.push(row.body),
      3,
    );
    expect(seen).toEqual(['note 1', 'note 2', 'note 5', 'note 6', 'note 7', 'note 8']);
  });

  it('visits nothing in an empty table', () => {
    db = new Database(':memory:');
    db.exec('CREATE TABLE notes (body TEXT NOT NULL)');
    const seen: unknown[] = [];
    backfillRows(db.prepare('SELECT rowid, body FROM notes WHERE rowid > ? ORDER BY rowid LIMIT ?'), (row) => seen.push(row));
    expect(seen).toEqual([]);
  });
});
