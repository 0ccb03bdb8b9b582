// SQLite's storage failures, produced for real, become one clear line that names the file.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSqliteReportingFaults, toSqliteStorageError } from './sqlite-errors';
import { StorageError } from '../store-error';
import { makeIssues } from '../../../../test-support/server/test-service';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'issuescope-storage-errors-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function failureOf(work: () => unknown): unknown {
  try {
    work();
  } catch (err) {
    return err;
  }
  throw new Error('expected a failure');
}

describe('a storage failure', () => {
  it('on a full database (SQLITE_FULL, via max_page_count) says the disk is full', () => {
    const file = path.join(dir, 'full.db');
    const db = new Database(file);
    db.exec('CREATE TABLE t (x TEXT)');
    db.pragma('max_page_count = 8');
    const err = failureOf(() => {
      for (let i = 0; i < 100; i++) db.prepare('INSERT INTO t VALUES (?)').run('x'.repeat(4000));
    });
    db.close();
    const mapped = toSqliteStorageError(err, file);
    expect(mapped).toBeInstanceOf(StorageError);
    expect((mapped as StorageError).message).toBe(`cannot write ${file}: the disk is full`);
    expect((mapped as StorageError).problem).toBe('disk-full');
  });

  it('on a file that is not a database says so, and leaves the file as it was', () => {
    const file = path.join(dir, 'notes.db');
    const text = 'These are my notes, not a database.\n'.repeat(20);
    writeFileSync(file, text);
    const err = failureOf(() => openSqliteReportingFaults(file));
    expect(err).toBeInstanceOf(StorageError);
    expect((err as Error).message).toBe(`cannot open ${file}: it is not an SQLite database`);
    expect(readFileSync(file, 'utf8')).toBe(text);
  });

  it("on another program's SQLite file refuses it without changing a byte", () => {
    const file = path.join(dir, 'places.sqlite');
    const other = new Database(file);
    other.exec("CREATE TABLE bookmarks (url TEXT); INSERT INTO bookmarks VALUES ('https://example.com')");
    other.close();
    const bytes = readFileSync(file);
    const err = failureOf(() => openSqliteReportingFaults(file));
    expect((err as Error).message).toBe(`cannot use ${file}: it is an SQLite database, but not an Issuescope one (it has tables of its own)`);
    expect(readFileSync(file).equals(bytes)).toBe(true);
  });

  it('on a database from a newer Issuescope refuses it rather than guess at its schema', () => {
    const file = path.join(dir, 'newer.db');
    openSqliteReportingFaults(file).close();
    const db = new Database(file);
    db.pragma('user_version = 99');
    db.close();
    const err = failureOf(() => openSqliteReportingFaults(file));
    expect((err as Error).message).toMatch(new RegExp(`^cannot use ${file}: it was written by a newer Issuescope \\(schema 99; this one knows \\d+\\)$`));
  });

  it('in a directory that does not exist names the directory', () => {
    const file = path.join(dir, 'missing', 'x.db');
    const err = failureOf(() => openSqliteReportingFaults(file));
    expect((err as Error).message).toBe(`cannot open ${file}: the directory ${path.join(dir, 'missing')} does not exist`);
  });

  it('while another process holds the write lock says so', () => {
    const file = path.join(dir, 'busy.db');
    const holder = new Database(file);
    holder.exec('CREATE TABLE t (x); BEGIN IMMEDIATE; INSERT INTO t VALUES (1)');
    const other = new Database(file, { timeout: 0 });
    const err = failureOf(() => other.exec('BEGIN IMMEDIATE'));
    holder.exec('ROLLBACK');
    holder.close();
    other.close();
    expect((toSqliteStorageError(err, file) as Error).message).toBe(`cannot write ${file}: another process holds the database lock; try again when it has finished`);
  });

  it('that is not about storage (a constraint) passes through unchanged', () => {
    const db = new Database(':memory:');
    db.exec('CREATE TABLE t (x PRIMARY KEY); INSERT INTO t VALUES (1)');
    const err = failureOf(() => db.exec('INSERT INTO t VALUES (1)'));
    expect(toSqliteStorageError(err, 'x.db')).toBe(err);
  });

  it('in later store calls (a corrupt page) arrives as a StorageError saying the database is corrupt', () => {
    const file = path.join(dir, 'corrupt.db');
    const store = openSqliteReportingFaults(file);
    store.importIssues({ owner: 'octo', name: 'kept', makePrivate: false }, makeIssues(200), [], Date.now());
    store.close();
    // Overwrite everything past the first pages (the header and schema stay readable).
    const bytes = readFileSync(file);
    bytes.fill(0x5a, 8 * 4096);
    writeFileSync(file, bytes);
    const err = failureOf(() => {
      const damaged = openSqliteReportingFaults(file);
      try {
        const repo = damaged.findRepo('octo', 'kept');
        damaged.listIssues(repo?.id ?? 1, {
          state: 'all', labels: [], sort: 'created', direction: 'desc', since: null,
          creator: null, assignee: null, mentioned: null, milestone: null, page: 1, perPage: 100,
        });
      } finally {
        damaged.close();
      }
    });
    expect(err).toBeInstanceOf(StorageError);
    expect((err as StorageError).message).toBe(`cannot read ${file}: the database is corrupt (restore it from a backup)`);
  });
});
