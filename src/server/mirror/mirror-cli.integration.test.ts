// `npm run service -- mirror …` as a user runs it: progress while it runs, Ctrl-C, resume, the token never shown.
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqliteStorage } from '../store/sqlite/sqlite-storage';
import { startTestService, TOKENS, type TestService } from '../../../test-support/server/test-service';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '..', '..', '..');
const CLI = [path.join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'), path.join(ROOT, 'src/server/cli.ts')];

async function cli(args: string[], env: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [...CLI, ...args], { cwd: ROOT, env: { ...process.env, ...env } });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

function issueCount(db: string): number {
  const store = openSqliteStorage(db);
  try {
    const repo = store.findRepo('octo', 'hello');
    if (!repo) return 0;
    const all = { page: 1, perPage: 1, state: 'all', sort: 'created', direction: 'desc', labels: [], since: null, creator: null, assignee: null, mentioned: null, milestone: null } as const;
    return store.listIssues(repo.id, { ...all, labels: [] }).total;
  } finally {
    store.close();
  }
}

let src: TestService;
let dir: string;
/** The source behind a proxy that answers each request after a pause, so a run can be interrupted mid-walk. */
let slow: { api: string; server: Server };
const PAUSE_MS = 250;

beforeAll(async () => {
  src = await startTestService({ helloCount: 250 });
  dir = mkdtempSync(path.join(tmpdir(), 'issuescope-mirror-cli-'));
  const server = createServer((req, res) => {
    setTimeout(() => {
      const upstream = `${src.origin}${req.url ?? '/'}`;
      const headers = Object.fromEntries(Object.entries(req.headers).filter(([k]) => k !== 'host')) as Record<string, string>;
      fetch(upstream, { headers, redirect: 'manual' })
        .then(async (answer) => {
          const out: Record<string, string> = {};
          answer.headers.forEach((v, k) => {
            if (k !== 'content-length' && k !== 'content-encoding') out[k] = v.replaceAll(src.origin, proxyOrigin);
          });
          res.writeHead(answer.status, out);
          res.end(await answer.text());
        })
        .catch(() => res.destroy());
    }, PAUSE_MS);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const proxyOrigin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  slow = { api: `${proxyOrigin}/api`, server };
});
afterAll(async () => {
  await new Promise<void>((resolve) => slow.server.close(() => resolve()));
  await src.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('npm run service -- mirror', () => {
  it('shows progress per page, prints a summary, never prints the token, and a second run finds nothing changed', async () => {
    const db = path.join(dir, 'copy.db');
    const first = await cli(['mirror', '--db', db, '--from', src.api, '--token', TOKENS.bob, 'octo/hello', '--as', 'copy/hello']);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stderr).toMatch(/^issues page 1: 100 entries, 100 issues and pull requests new or changed; [\d,]+ credits left at the source$/m);
    expect(first.stderr).toMatch(/^issues page 3: 50 entries/m);
    expect(first.stderr).toMatch(/^comments page 1: 3 entries, 3 comments new or changed/m);
    expect(first.stdout.trim()).toBe(
      'Mirrored octo/hello into copy/hello: 250 issues and pull requests and 3 comments copied; 6 requests, 6 credits spent, 0 not modified.',
    );
    expect(first.stdout + first.stderr).not.toContain(TOKENS.bob);

    const second = await cli(['mirror', '--db', db, '--from', src.api, '--token', TOKENS.bob, 'octo/hello', '--as', 'copy/hello']);
    expect(second.code).toBe(0);
    expect(second.stderr).toContain('issues: not modified since the last run (304, no credit spent)');
    expect(second.stdout).toContain('nothing had changed; 3 requests, 0 credits spent, 3 not modified.');
  });

  it('stops on Ctrl-C with every finished page kept, and the same command resumes from there', async () => {
    const db = path.join(dir, 'interrupted.db');
    const args = ['mirror', '--db', db, '--from', slow.api, 'octo/hello'];
    const child = spawn(process.execPath, [...CLI, ...args], { cwd: ROOT, env: { ...process.env, ISSUESCOPE_MIRROR_TOKEN: TOKENS.bob } });
    let stderr = '';
    let stdout = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    let interrupted = false;
    const code = await new Promise<number | null>((resolve) => {
      child.stderr.on('data', (d: Buffer) => {
        stderr += d.toString();
        // Once: a second Ctrl-C after the handler is gone would kill the process (exit 130).
        if (!interrupted && /issues page 1:/.test(stderr)) {
          interrupted = true;
          child.kill('SIGINT');
        }
      });
      child.on('exit', resolve);
    });
    expect(code).toBe(1);
    expect(stderr).toMatch(/^error: interrupted; run the same command again to resume where it stopped$/m);
    expect(stdout).toBe('');
    expect(issueCount(db)).toBe(100);

    const resumed = await cli(args, { ISSUESCOPE_MIRROR_TOKEN: TOKENS.bob });
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stderr).toMatch(/^resuming the interrupted issues walk$/m);
    // the two pages left, then the comments
    expect(resumed.stderr.match(/^issues page \d+:/gm)).toHaveLength(2);
    expect(resumed.stdout.trim()).toBe(
      'Mirrored octo/hello into octo/hello: 150 issues and pull requests and 3 comments copied; 4 requests, 4 credits spent, 0 not modified.',
    );
    expect(issueCount(db)).toBe(250);
  }, 20_000);

  it('answers a --from that is not a base URL with a one-line usage error and exit 2', async () => {
    for (const from of ['ftp://example.com', 'https://user:secret@example.com/api']) {
      const r = await cli(['mirror', '--db', path.join(dir, 'x.db'), '--from', from, 'octo/hello']);
      expect(r.code, from).toBe(2);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).not.toContain('secret');
    }
  });
});
