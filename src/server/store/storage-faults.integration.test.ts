// Bad storage under the real CLI and the real service: a read-only file or directory, a
// file that is not a database, a full disk. Each gives one clear line, changes nothing,
// and a running service keeps answering reads.
import { execFileSync } from 'node:child_process';
import { chmodSync, closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../auth/tokens';
import { DEFAULT_SERVICE_CONFIG, startService, type RunningService } from '../main';
import { openSqliteStorage } from './sqlite/sqlite-storage';
import { StorageError } from './store-error';
import { snapshotDatabase } from '../../../test-support/server/database-snapshot';
import { runCli } from '../../../test-support/server/run-cli';
import { makeComments, makeIssues } from '../../../test-support/server/test-service';

const IS_ROOT = process.getuid?.() === 0;
const FLUSH_MS = 50;

let dir: string;
let issuesFile: string;
let bigIssuesFile: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'issuescope-storage-faults-'));
  issuesFile = path.join(dir, 'issues.json');
  writeFileSync(issuesFile, JSON.stringify(makeIssues(12, 'New')));
  bigIssuesFile = path.join(dir, 'big.json');
  writeFileSync(bigIssuesFile, JSON.stringify(makeIssues(3000, 'Big')));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const undo: Array<() => void> = [];
/** Makes read-only things writable again (a directory must be, for SQLite to look inside it). */
function restore(): void {
  for (const step of undo.splice(0).reverse()) step();
}
afterEach(restore);
const CLI_TIMEOUT_MS = 90_000;

/** A database with one repository, a renamed one and a token, as an operator's would be. */
function makeDatabase(file: string): void {
  const store = openSqliteStorage(file);
  store.importIssues({ owner: 'octo', name: 'kept', makePrivate: false }, makeIssues(20, 'Kept'), makeComments(1, 3), Date.now());
  store.importIssues({ owner: 'octo', name: 'before', makePrivate: false }, makeIssues(2), [], Date.now());
  store.renameRepo({ owner: 'octo', name: 'before' }, { owner: 'octo', name: 'after' }, Date.now());
  store.createToken({ hash: hashToken('isc_pat_storage_faults_000000000001'), login: 'mona', name: 'mona', expiresAt: null, repos: [] }, Date.now());
  store.close();
}

/**
 * Root may write any file whatever its mode bits, so for root a read-only file or
 * directory is an immutable one (chattr +i); anyone else gets the mode bits.
 */
function makeReadOnly(target: string, kind: 'file' | 'directory'): void {
  if (IS_ROOT) {
    execFileSync('chattr', ['+i', target]);
    undo.push(() => execFileSync('chattr', ['-i', target]));
  } else {
    chmodSync(target, kind === 'file' ? 0o444 : 0o555);
    undo.push(() => chmodSync(target, kind === 'file' ? 0o644 : 0o755));
  }
}

function readOnlyIsPossible(): boolean {
  if (!IS_ROOT) return true;
  const probe = mkdtempSync(path.join(tmpdir(), 'issuescope-chattr-'));
  try {
    execFileSync('chattr', ['+i', probe], { stdio: 'ignore' });
    execFileSync('chattr', ['-i', probe], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  } finally {
    rmSync(probe, { recursive: true, force: true });
  }
}

function oneLine(stderr: string): string {
  const lines = stderr.trim().split('\n');
  expect(lines).toHaveLength(1);
  return lines[0] ?? '';
}

function serveInProcess(db: string, log: (line: string) => void): Promise<RunningService> {
  return startService({ ...DEFAULT_SERVICE_CONFIG, db, port: 0, counterFlushMs: FLUSH_MS, log });
}

/** Lets the counter flush run several times: what is under test is that repeats stay quiet. */
const severalFlushes = () => new Promise((done) => setTimeout(done, FLUSH_MS * 10));

describe.skipIf(!readOnlyIsPossible())('a read-only database file', { timeout: CLI_TIMEOUT_MS }, () => {
  it('import, token create, rename and demo exit 1 with one line naming the file, and change nothing', async () => {
    const db = path.join(mkdtempSync(path.join(dir, 'ro-file-')), 'ro.db');
    makeDatabase(db);
    const before = snapshotDatabase(db);
    makeReadOnly(db, 'file');
    const results = await Promise.all([
      runCli('import', '--db', db, '--repo', 'octo/kept', issuesFile),
      runCli('token', 'create', '--db', db, '--user', 'hubot'),
      runCli('rename', '--db', db, 'octo/kept', 'octo/moved'),
      runCli('demo', '--db', db),
    ]);
    for (const r of results) {
      expect(r.code).toBe(1);
      expect(oneLine(r.stderr)).toBe(`error: cannot write ${db}: the database file is read-only`);
      expect(r.stdout).toBe('');
    }
    expect(snapshotDatabase(db)).toEqual(before);
  });

  it('is served: reads answer 200, rate limits count in memory, and one warning is logged however many flushes fail', async () => {
    const db = path.join(mkdtempSync(path.join(dir, 'ro-serve-')), 'ro.db');
    makeDatabase(db);
    const before = snapshotDatabase(db);
    makeReadOnly(db, 'file');
    const logs: string[] = [];
    const svc = await serveInProcess(db, (line) => logs.push(line));
    try {
      const remaining: string[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await fetch(`${svc.origin}/api/repos/octo/kept/issues`);
        expect(res.status).toBe(200);
        expect(((await res.json()) as unknown[]).length).toBe(14); // the open issues and pull requests
        remaining.push(res.headers.get('x-ratelimit-remaining') ?? '');
        await severalFlushes();
      }
      expect(remaining).toEqual(['59', '58', '57']);
      expect((await fetch(`${svc.origin}/api/repos/octo/before`, { redirect: 'manual' })).status).toBe(301);
    } finally {
      await svc.close();
    }
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatch(new RegExp(`^warning: the database file ${db} is read-only: reads are served normally; rate limits are still enforced from memory`));
    expect(snapshotDatabase(db)).toEqual(before);
  });
});

describe.skipIf(!readOnlyIsPossible())('a read-only directory', { timeout: CLI_TIMEOUT_MS }, () => {
  it('import exits 1 saying the directory is read-only, and the database is unchanged', async () => {
    const folder = mkdtempSync(path.join(dir, 'ro-dir-'));
    const db = path.join(folder, 'a.db');
    makeDatabase(db);
    const before = snapshotDatabase(db);
    makeReadOnly(folder, 'directory');
    const r = await runCli('import', '--db', db, '--repo', 'octo/kept', issuesFile);
    expect(r.code).toBe(1);
    expect(oneLine(r.stderr)).toBe(`error: cannot use ${db}: its directory ${folder} is read-only (SQLite needs to create a.db-wal and -shm there)`);
    restore();
    expect(snapshotDatabase(db)).toEqual(before);
  });

  it('a new database there cannot be created, and the message says why', async () => {
    const folder = mkdtempSync(path.join(dir, 'ro-new-'));
    makeReadOnly(folder, 'directory');
    const db = path.join(folder, 'new.db');
    const r = await runCli('import', '--db', db, '--repo', 'octo/kept', issuesFile);
    expect(r.code).toBe(1);
    expect(oneLine(r.stderr)).toBe(`error: cannot create ${db}: the directory ${folder} is read-only`);
  });

  it('the service refuses to start, since SQLite cannot read a WAL database without its -shm file', async () => {
    const folder = mkdtempSync(path.join(dir, 'ro-dir-serve-'));
    const db = path.join(folder, 'a.db');
    makeDatabase(db);
    makeReadOnly(folder, 'directory');
    const start = Promise.resolve().then(() => serveInProcess(db, () => {}));
    await expect(start).rejects.toThrow(StorageError);
    await expect(start).rejects.toThrow(`cannot use ${db}: its directory ${folder} is read-only`);
  });
});

describe('a file that is not a database', { timeout: CLI_TIMEOUT_MS }, () => {
  it('import and serve exit 1 with one line, leaving the file byte for byte as it was', async () => {
    const file = path.join(dir, 'notes.db');
    writeFileSync(file, 'Shopping list: milk, eggs, a working database.\n'.repeat(100));
    const bytes = readFileSync(file);
    const [imported, served] = await Promise.all([
      runCli('import', '--db', file, '--repo', 'octo/kept', issuesFile),
      runCli('serve', '--db', file, '--port', '0', '--no-app'),
    ]);
    for (const r of [imported, served]) {
      expect(r.code).toBe(1);
      expect(oneLine(r.stderr)).toBe(`error: cannot open ${file}: it is not an SQLite database`);
    }
    expect(readFileSync(file).equals(bytes)).toBe(true);
  });
});

/** A real full filesystem: a small tmpfs, which needs root (mount). */
function mountSmallDisk(sizeBytes: number): string | null {
  if (!IS_ROOT) return null;
  const mountPoint = mkdtempSync(path.join(tmpdir(), 'issuescope-small-disk-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeBytes}`, 'tmpfs', mountPoint], { stdio: 'ignore' });
    return mountPoint;
  } catch {
    rmSync(mountPoint, { recursive: true, force: true });
    return null;
  }
}

/** Writes until the filesystem has no room left; returns the filler to delete. */
function fillDisk(folder: string): string {
  const filler = path.join(folder, 'filler');
  const fd = openSync(filler, 'w');
  const chunk = Buffer.alloc(64 * 1024, 1);
  try {
    for (;;) writeSync(fd, chunk);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err;
  } finally {
    closeSync(fd);
  }
  return filler;
}

const smallDisk = mountSmallDisk(4 * 1024 * 1024);
afterAll(() => {
  if (smallDisk) {
    execFileSync('umount', [smallDisk]);
    rmSync(smallDisk, { recursive: true, force: true });
  }
});

describe.skipIf(smallDisk === null)('a full disk (a 4 MB tmpfs, filled up)', { timeout: CLI_TIMEOUT_MS }, () => {
  it('keeps the service answering, warns once about the counters and saves them when there is room; an import exits 1 and changes nothing', async () => {
    const folder = path.join(smallDisk ?? '', 'data');
    mkdirSync(folder);
    const db = path.join(folder, 'full.db');
    makeDatabase(db);
    const before = snapshotDatabase(db);
    const logs: string[] = [];
    let saved: () => void = () => {};
    const savedAgain = new Promise<void>((done) => (saved = done));
    const svc = await serveInProcess(db, (line) => {
      logs.push(line);
      if (line.includes('saved to the database again')) saved();
    });
    try {
      const filler = fillDisk(smallDisk ?? '');
      for (let i = 0; i < 3; i++) {
        expect((await fetch(`${svc.origin}/api/repos/octo/kept/issues`)).status).toBe(200);
        await severalFlushes();
      }
      expect(logs.filter((l) => l.startsWith('warning:'))).toEqual([
        expect.stringMatching(new RegExp(`^warning: cannot write ${db}: the disk is full; rate limits are still enforced from memory`)),
      ]);

      const r = await runCli('import', '--db', db, '--repo', 'octo/big', bigIssuesFile);
      expect(r.code).toBe(1);
      expect(oneLine(r.stderr)).toBe(`error: cannot write ${db}: the disk is full`);
      expect((await fetch(`${svc.origin}/api/repos/octo/kept/issues`)).status).toBe(200);
      expect((await fetch(`${svc.origin}/api/repos/octo/big/issues`)).status).toBe(404);

      rmSync(filler);
      await savedAgain;
    } finally {
      await svc.close();
    }
    const after = snapshotDatabase(db);
    expect(after.integrity).toEqual(['ok']);
    // Everything as before, plus the counter of the five requests above.
    expect({ ...after.tables, rate_counters: [] }).toEqual({ ...before.tables, rate_counters: [] });
    expect(after.tables.rate_counters?.map((row) => (JSON.parse(row) as { used: number }).used)).toEqual([5]);
  });
});
