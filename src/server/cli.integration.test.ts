// The CLI contract of issue 3: exact command names, one-line errors, non-zero exits, nothing half-written.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from './auth/tokens';
import { openSqliteStorage } from './store/sqlite/sqlite-storage';
import { makeIssues } from '../../test-support/server/test-service';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '..', '..');
const TSX = path.join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');

async function cli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [TSX, path.join(ROOT, 'src/server/cli.ts'), ...args], { cwd: ROOT });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

/** The journal mode a newly opened connection finds the file in. */
function journalMode(file: string): string {
  const conn = new Database(file, { fileMustExist: true });
  try {
    return conn.pragma('journal_mode', { simple: true }) as string;
  } finally {
    conn.close();
  }
}

let dir: string;
let db: string;
let issuesFile: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'issuescope-cli-'));
  db = path.join(dir, 'cli.db');
  issuesFile = path.join(dir, 'issues.json');
  writeFileSync(issuesFile, JSON.stringify(makeIssues(12)));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('npm run service -- <command>', () => {
  it('imports GitHub-shaped issues, privately when asked', async () => {
    const r = await cli('import', '--db', db, '--repo', 'octo/cli', '--private', issuesFile);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Imported 12 issues');
    const store = openSqliteStorage(db);
    expect(store.findRepo('octo', 'cli')?.isPrivate).toBe(true);
    store.close();
  });

  it('rejects a file that is not GitHub issues with a one-line error, exit 1, and writes nothing', async () => {
    const bad = path.join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify([...makeIssues(2), { number: 'three' }]));
    const r = await cli('import', '--db', db, '--repo', 'octo/other', bad);
    expect(r.code).toBe(1);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/^error: .*2\.number/);
    const store = openSqliteStorage(db);
    expect(store.findRepo('octo', 'other')).toBeNull();
    store.close();
  });

  it('creates a token printed alone on stdout, storing only its hash, and revokes it', async () => {
    const r = await cli('token', 'create', '--db', db, '--user', 'mona', '--repo', 'octo/cli', '--expires-at', '2099-01-01T00:00:00Z');
    expect(r.code).toBe(0);
    const token = r.stdout.trim();
    expect(token).toMatch(/^isc_pat_[A-Za-z0-9_-]{20,}$/);
    expect(r.stdout).toBe(`${token}\n`);
    const store = openSqliteStorage(db);
    const record = store.findToken(hashToken(token));
    expect(record).toMatchObject({ login: 'mona', expiresAt: 4070908800 });
    store.close();
    expect((await cli('token', 'revoke', '--db', db, token)).code).toBe(0);
    const after = openSqliteStorage(db);
    expect(after.findToken(hashToken(token))).toBeNull();
    after.close();
    expect((await cli('token', 'revoke', '--db', db, token)).code).toBe(1);
  });

  it('refuses a token for a repository that does not exist, creating nothing', async () => {
    const r = await cli('token', 'create', '--db', db, '--user', 'mona', '--repo', 'octo/missing');
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('no repository octo/missing');
    expect(r.stdout).toBe('');
  });

  it('renames a repository so the old name redirects', async () => {
    const r = await cli('rename', '--db', db, 'octo/cli', 'octo/cli-new');
    expect(r.code).toBe(0);
    const store = openSqliteStorage(db);
    expect(store.findRenamed('octo', 'cli')?.name).toBe('cli-new');
    store.close();
  });

  it('loads the demo again over an earlier one, refreshing the renamed repository under its new name', async () => {
    const demoDb = path.join(dir, 'demo.db');
    const first = await cli('demo', '--db', demoDb);
    expect(first.code, first.stderr).toBe(0);
    const again = await cli('demo', '--db', demoDb);
    expect(again.code, again.stderr).toBe(0);
    const store = openSqliteStorage(demoDb);
    expect(store.findRepo('acme', 'launch-pad')).toBeNull();
    expect(store.findRenamed('acme', 'launch-pad')?.name).toBe('launchpad');
    store.close();
  }, 60_000);

  it('imports beside a process that has the database open (in WAL, as before), which sees the new repository at once', async () => {
    const shared = path.join(dir, 'shared.db');
    const server = openSqliteStorage(shared);
    try {
      server.importIssues({ owner: 'octo', name: 'served', makePrivate: false }, makeIssues(3), [], Date.now());
      const r = await cli('import', '--db', shared, '--repo', 'octo/beside', issuesFile);
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      expect(server.findRepo('octo', 'beside')).not.toBeNull();
    } finally {
      server.close();
    }
    expect(journalMode(shared)).toBe('wal');
  });

  it('imports alone through a rollback journal, tells a process opening the file meanwhile that the lock is held, and leaves it in WAL mode', async () => {
    const alone = path.join(dir, 'alone.db');
    const r = await cli('import', '--db', alone, '--repo', 'octo/alone', issuesFile);
    expect(r.code).toBe(0);
    expect(journalMode(alone)).toBe('wal');

    // What `import` holds while it writes: the same store, opened the same way, mid-import.
    const importing = openSqliteStorage(alone, { bulkWrites: true, exclusiveWhenAlone: true });
    try {
      importing.importIssues({ owner: 'octo', name: 'second', makePrivate: false }, makeIssues(2), [], Date.now());
      const blocked = await cli('token', 'create', '--db', alone, '--user', 'mona');
      expect(blocked.code).toBe(1);
      expect(blocked.stderr.trim()).toBe(`error: cannot write ${alone}: another process holds the database lock; try again when it has finished`);
    } finally {
      importing.close();
    }
    expect(journalMode(alone)).toBe('wal');
    expect((await cli('token', 'create', '--db', alone, '--user', 'mona')).code).toBe(0);
  }, 30_000);

  it('answers bad arguments with a one-line error and exit code 2', async () => {
    for (const args of [['frobnicate'], ['import', '--db', db], ['serve', '--db', db, '--port', 'http'], ['serve', '--db', db, '--port', '0', '--api-origin', 'javascript:alert(1)'], ['token', 'create', '--db', db], ['rename', '--db', db, 'just-one']]) {
      const r = await cli(...args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(/^error: /);
    }
  });
});
