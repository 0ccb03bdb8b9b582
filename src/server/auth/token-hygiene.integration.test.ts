// Tokens are treated like passwords (spec 5.4): never in a log line, an error message, a
// response header or body; only their SHA-256 hashes in the database; a revoked token is
// refused from the very next request, even when revoked by another process.
import { readdirSync, readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { DEFAULT_RATE_LIMITS, RateLimiter } from '../limits/rate-limiter';
import { openSqliteStorage } from '../store/sqlite/sqlite-storage';
import { runCli } from '../../../test-support/server/fuzz-child-service';
import { sendRaw, type RawResponse } from '../../../test-support/server/fuzz-wire';
import { makeIssues, startTestService, TOKENS, type TestService } from '../../../test-support/server/test-service';
import { hashToken } from './tokens';

const CLI_TIMEOUT_MS = 60_000;

const logLines: string[] = [];
let svc: TestService;
beforeAll(async () => {
  svc = await startTestService({ limits: { unauthLimit: 100_000, authLimit: 100_000 }, log: (line) => logLines.push(line) });
});
afterAll(() => svc.close());

function get(target: string, headers: Array<[string, string]> = []): Promise<RawResponse> {
  return sendRaw(svc.origin, { method: 'GET', target, headers }, 10_000);
}

/** A token, its hash, and the part after the prefix: none may show anywhere a client or operator looks. */
function secretsOf(token: string): string[] {
  return [token, hashToken(token), token.slice('isc_pat_'.length)];
}

describe('tokens never leave the service', () => {
  it('appear in no log line, header or body across a session of valid, expired, bad, revoked tokens and faults', async () => {
    const revoked = (await runCli(['token', 'create', '--db', svc.dbFile, '--user', 'revoked-user'])).stdout.trim();
    expect(revoked).toMatch(/^isc_pat_/);
    expect((await runCli(['token', 'revoke', '--db', svc.dbFile, revoked])).code).toBe(0);
    const tokens = [...Object.values(TOKENS), revoked];
    const answers: RawResponse[] = [];
    const paths = ['/api/repos/octo/hello/issues', '/api/repos/octo/secret/issues/1', '/api/repos/octo/nope/issues', '/api/user', '/api/rate_limit', '/api/repos/octo/old-name/issues?state=%zz', '/api/repos/octo/hello/issues?since=x', '/api/nowhere'];
    for (const token of tokens) {
      for (const scheme of ['Bearer', 'token', 'Basic', 'Bearer Bearer']) {
        for (const p of paths) {
          answers.push(await get(p, [['Authorization', `${scheme} ${token}`]]));
          answers.push(await get(p, [['Authorization', `${scheme} ${token}`], ['X-GitHub-Api-Version', token]]));
          answers.push(await get(`${p}${p.includes('?') ? '&' : '?'}access_token=${token}`));
        }
      }
    }
    expect(new Set(answers.map((a) => a.status))).toEqual(new Set([200, 301, 400, 401, 404, 422]));

    // A fault while serving a token holder: the 500 is logged with its stack, not the caller's token.
    const faultLog: string[] = [];
    const store = openSqliteStorage(svc.dbFile);
    const broken = Object.assign(Object.create(store) as typeof store, {
      listIssues: () => {
        throw new Error('disk I/O error');
      },
    });
    const app = createApp({ store: broken, limiter: new RateLimiter(DEFAULT_RATE_LIMITS, Date.now), now: Date.now, log: (l) => faultLog.push(l) });
    const fault = await app.request('http://127.0.0.1/api/repos/octo/hello/issues', { headers: { Authorization: `Bearer ${TOKENS.bob}` } });
    store.close();
    expect(fault.status).toBe(500);
    const faultText = `${JSON.stringify([...fault.headers])}${await fault.text()}`;
    expect(faultLog.join('\n')).toContain('disk I/O error');

    const everything = [...answers.map((a) => a.raw.toString('latin1')), faultText, ...logLines, ...faultLog].join('\n');
    // Some echoes go back to the sender alone, as on GitHub: the version header in its 400, and
    // the client's own URL (query included) in a redirect's Location and in Link. A token a client
    // puts there is its own text, shown to nobody else; remove those, and the service must have
    // put a token nowhere.
    const withoutOwnEcho = everything
      .replace(/The '[^']*' API version is not supported/g, '')
      .replace(/^(location|link): [^\r\n]*/gim, '')
      .replace(/"url":"[^"]*access_token[^"]*"/g, '');
    for (const token of tokens) {
      for (const secret of secretsOf(token)) {
        const at = withoutOwnEcho.indexOf(secret);
        expect(at, `${secret} in …${withoutOwnEcho.slice(Math.max(0, at - 300), at + 100)}…`).toBe(-1);
      }
    }
  }, CLI_TIMEOUT_MS);

  it('stores only hashes: no table or column of the database holds a created token', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'issuescope-hygiene-'));
    try {
      const db = path.join(dir, 'tokens.db');
      const store = openSqliteStorage(db);
      store.importIssues({ owner: 'octo', name: 'vault', makePrivate: true }, makeIssues(2), [], Date.now());
      store.close();
      const created = await runCli(['token', 'create', '--db', db, '--user', 'zed', '--repo', 'octo/vault', '--name', 'ci token']);
      expect(created.code).toBe(0);
      const token = created.stdout.trim();
      expect(token).toMatch(/^isc_pat_[A-Za-z0-9_-]{27}$/);
      expect(created.stderr).not.toContain(token);

      const reader = new Database(db, { readonly: true });
      const tables = (reader.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as Array<{ name: string }>).map((t) => t.name);
      let cells = 0;
      for (const table of tables) {
        for (const row of reader.prepare(`SELECT * FROM "${table}"`).all() as Array<Record<string, unknown>>) {
          for (const value of Object.values(row)) {
            cells += 1;
            const text = Buffer.isBuffer(value) ? value.toString('latin1') : String(value);
            expect(text, `${table}`).not.toContain(token);
            expect(text, `${table}`).not.toContain(token.slice('isc_pat_'.length));
          }
        }
      }
      const hashes = (reader.prepare('SELECT hash FROM tokens').all() as Array<{ hash: string }>).map((r) => r.hash);
      reader.close();
      expect(hashes).toContain(hashToken(token));
      expect(cells).toBeGreaterThan(0);
      // And the bytes on disk, journal files included, in case a value lingers outside a live row.
      for (const file of readdirSync(dir)) expect(readFileSync(path.join(dir, file)).includes(token), file).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, CLI_TIMEOUT_MS);

  it('refuses a token from the next request after another process revokes it', async () => {
    const token = (await runCli(['token', 'create', '--db', svc.dbFile, '--user', 'dana'])).stdout.trim();
    const before = await get('/api/user', [['Authorization', `Bearer ${token}`]]);
    expect(before.status).toBe(200);
    const revoked = await runCli(['token', 'revoke', '--db', svc.dbFile, token]);
    expect(revoked.code).toBe(0);
    const after = await get('/api/user', [['Authorization', `Bearer ${token}`]]);
    expect(after.status).toBe(401);
    expect(JSON.parse(after.body.toString())).toMatchObject({ message: 'Bad credentials' });
  }, CLI_TIMEOUT_MS);
});
