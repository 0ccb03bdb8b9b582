// `import` killed with SIGKILL part-way: the database is as before or holds the whole
// import, never part of it, and a service started on it answers normally.
//
// Progress is read from the bytes the import has written. It is one transaction: alone with
// the file, it appends the new pages to the database through a rollback journal; beside a
// server, everything lands in the -wal file. Their growth at commit (measured on a full run)
// is 100%, so a kill below it comes before the commit.
import { copyFileSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../auth/tokens';
import { DEFAULT_SERVICE_CONFIG, startService } from '../main';
import { openSqliteStorage } from './sqlite/sqlite-storage';
import { snapshotDatabase, type DatabaseSnapshot } from '../../../test-support/server/database-snapshot';
import { runCli, spawnCli } from '../../../test-support/server/run-cli';
import { makeComments, makeIssues } from '../../../test-support/server/test-service';

const ISSUE_COUNT = 20_000;
const COMMENT_COUNT = 2_000;
const RUN_TIMEOUT_MS = 240_000;

let dir: string;
let baseDb: string;
let base: DatabaseSnapshot;
let issuesFile: string;
let commentsFile: string;
/** what the full import has written when it commits */
let fullWrittenBytes = 0;
let baseBytes = 0;

function sizeOf(file: string): number {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
}

/**
 * The -wal file's size while there is one (the database file grows only at the checkpoint,
 * after the commit); otherwise the database file's growth beyond the copy of the base.
 */
function writtenBytes(db: string): number {
  const wal = sizeOf(`${db}-wal`);
  return wal > 0 ? wal : Math.max(0, sizeOf(db) - baseBytes);
}

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'issuescope-import-crash-'));
  issuesFile = path.join(dir, 'issues.json');
  writeFileSync(issuesFile, JSON.stringify(makeIssues(ISSUE_COUNT, 'Imported')));
  commentsFile = path.join(dir, 'comments.json');
  writeFileSync(commentsFile, JSON.stringify(makeComments(1, COMMENT_COUNT)));
  // What an operator's database holds before the import: a repository with labels and
  // comments, the redirect of a renamed one, a token, a saved rate-limit counter.
  baseDb = path.join(dir, 'base.db');
  const store = openSqliteStorage(baseDb);
  store.importIssues({ owner: 'octo', name: 'kept', makePrivate: false }, makeIssues(20, 'Kept'), makeComments(1, 3), Date.now());
  store.importIssues({ owner: 'octo', name: 'before', makePrivate: false }, makeIssues(2, 'Moved'), [], Date.now());
  store.renameRepo({ owner: 'octo', name: 'before' }, { owner: 'octo', name: 'after' }, Date.now());
  store.createToken({ hash: hashToken('isc_pat_import_crash_00000000000001'), login: 'mona', name: 'mona', expiresAt: null, repos: [] }, Date.now());
  store.saveCounters([{ key: 'ip:127.0.0.1', windowStartMs: Date.now(), used: 7 }]);
  store.close();
  base = snapshotDatabase(baseDb);
  baseBytes = sizeOf(baseDb);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function copyOfBase(name: string): string {
  const file = path.join(dir, name);
  copyFileSync(baseDb, file);
  return file;
}

/** Runs the CLI and SIGKILLs it once it has written `killAtBytes`; resolves with how it ended. */
function killedAt(db: string, killAtBytes: number, args: string[]): Promise<{ signal: NodeJS.Signals | null; writtenAtKill: number }> {
  const child = spawnCli(...args);
  let writtenAtKill = 0;
  const watch = setInterval(() => {
    const size = writtenBytes(db);
    if (size >= killAtBytes && writtenAtKill === 0) {
      writtenAtKill = size;
      child.kill('SIGKILL');
    }
  }, 2);
  return new Promise((resolve) => {
    child.once('exit', (_code, signal) => {
      clearInterval(watch);
      resolve({ signal, writtenAtKill });
    });
  });
}

/** Issues stored for one repository, straight from SQLite (recovering the -wal as any next open does). */
function issueCount(db: string, owner: string, name: string): number {
  const conn = new Database(db, { fileMustExist: true });
  try {
    const row = conn.prepare('SELECT COUNT(*) AS n FROM issues i JOIN repos r ON r.id = i.repo_id WHERE r.owner = ? AND r.name = ?').get(owner, name) as { n: number };
    return row.n;
  } finally {
    conn.close();
  }
}

describe('an import killed part-way', { timeout: RUN_TIMEOUT_MS }, () => {
  it('(a full run first, to know how much it writes and how long it takes)', async () => {
    const db = copyOfBase('full.db');
    let peak = 0;
    const watch = setInterval(() => (peak = Math.max(peak, writtenBytes(db))), 2);
    const started = performance.now();
    const r = await runCli('import', '--db', db, '--repo', 'octo/fresh', '--comments', commentsFile, issuesFile);
    const tookMs = performance.now() - started;
    clearInterval(watch);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(issueCount(db, 'octo', 'fresh')).toBe(ISSUE_COUNT);
    fullWrittenBytes = peak;
    console.log(`full import of ${ISSUE_COUNT} issues and ${COMMENT_COUNT} comments: ${Math.round(tookMs)} ms, ${Math.round(fullWrittenBytes / 1e6)} MB written`);
    expect(fullWrittenBytes).toBeGreaterThan(10 * 1024 * 1024);
  });

  // Each kill point imports somewhere that tests a different part of the one transaction.
  const cases = [
    { fraction: 0.1, repo: 'octo/before', what: 'into the old name of a renamed repository: the redirect is still there' },
    { fraction: 0.5, repo: 'octo/kept', what: 'over an existing repository: its issues, labels and comments are the old ones' },
    { fraction: 0.9, repo: 'octo/fresh', what: 'into a new repository: it does not exist' },
  ];
  for (const { fraction, repo, what } of cases) {
    it(`at ${fraction * 100}% of its writes, ${what}, and the file passes integrity_check`, async () => {
      expect(fullWrittenBytes).toBeGreaterThan(0);
      const db = copyOfBase(`killed-${fraction}.db`);
      const { signal, writtenAtKill } = await killedAt(db, fullWrittenBytes * fraction, ['import', '--db', db, '--repo', repo, '--comments', commentsFile, issuesFile]);
      expect(signal).toBe('SIGKILL');
      expect(writtenAtKill).toBeLessThan(fullWrittenBytes);
      // Killed before the commit (it had not written what a whole import writes), so exactly as before.
      const after = snapshotDatabase(db);
      expect(after.integrity).toEqual(['ok']);
      expect(after).toEqual(base);
    });
  }

  it('and a service started on the killed database answers normally', async () => {
    const db = path.join(dir, 'killed-0.5.db');
    const svc = await startService({ ...DEFAULT_SERVICE_CONFIG, db, port: 0, counterFlushMs: 50, log: () => {} });
    try {
      const kept = await fetch(`${svc.origin}/api/repos/octo/kept/issues?state=all&per_page=100`);
      expect(kept.status).toBe(200);
      const titles = ((await kept.json()) as Array<{ title: string }>).map((i) => i.title);
      expect(titles).toHaveLength(20);
      expect(titles.every((t) => t.startsWith('Kept '))).toBe(true);
      const comments = await fetch(`${svc.origin}/api/repos/octo/kept/issues/1/comments`);
      expect(((await comments.json()) as unknown[]).length).toBe(3);
      expect((await fetch(`${svc.origin}/api/repos/octo/before`, { redirect: 'manual' })).status).toBe(301);
      expect((await fetch(`${svc.origin}/api/repos/octo/fresh/issues`)).status).toBe(404);
    } finally {
      await svc.close();
    }
  });
});

describe('a demo load killed part-way', { timeout: RUN_TIMEOUT_MS }, () => {
  it('leaves no demo at all, rather than repositories without their tokens', async () => {
    const full = copyOfBase('demo-full.db');
    let peak = 0;
    const watch = setInterval(() => (peak = Math.max(peak, writtenBytes(full))), 2);
    const r = await runCli('demo', '--db', full);
    clearInterval(watch);
    expect(r.code, r.stderr).toBe(0);

    const db = copyOfBase('demo-killed.db');
    const { signal } = await killedAt(db, peak * 0.6, ['demo', '--db', db]);
    expect(signal).toBe('SIGKILL');
    expect(snapshotDatabase(db)).toEqual(base);
  });
});
