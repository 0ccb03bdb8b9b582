// Several service instances on one real PostgreSQL (issue 28): one exact rate limit, one truth
// after a write, the same bytes from every instance, and quick answers while the database is away.
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateToken, hashToken } from './auth/tokens';
import { DEFAULT_RATE_LIMITS, type RateLimitConfig } from './limits/rate-limiter';
import { DEFAULT_SERVICE_CONFIG, startService, type RunningService } from './main';
import { openCommandStorage } from './store/open-storage';
import { testPostgres, type TestPostgres } from '../../test-support/server/test-postgres';
import { rawGet } from '../../test-support/server/raw-get';
import { runCli, spawnCli } from '../../test-support/server/run-cli';
import { makeComments, makeIssues } from '../../test-support/server/test-service';

let server: TestPostgres;
const running: RunningService[] = [];
const dirs: string[] = [];

beforeAll(async () => {
  server = await testPostgres();
}, 60_000);

afterAll(async () => {
  await Promise.all(running.map((r) => r.close()));
  await server?.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A fresh database with octo/hello (40 entries) and a token for bob; returns the token too. */
async function seeded(): Promise<{ url: string; bob: string }> {
  const url = await server.freshDatabase();
  const storage = await openCommandStorage(url);
  const now = Date.now();
  await storage.importIssues({ owner: 'octo', name: 'hello', makePrivate: false }, makeIssues(40), makeComments(1, 3), now);
  const bob = generateToken();
  await storage.createToken({ hash: hashToken(bob), login: 'bob', name: 'bob', expiresAt: null, repos: [] }, now);
  await storage.close();
  return { url, bob };
}

async function instance(db: string, limits: Partial<RateLimitConfig> = {}): Promise<RunningService> {
  const service = await startService({ ...DEFAULT_SERVICE_CONFIG, db, port: 0, host: '127.0.0.1', distDir: null, limits: { ...DEFAULT_RATE_LIMITS, ...limits }, log: () => {} });
  running.push(service);
  return service;
}

async function until<T>(what: string, probe: () => Promise<T>, done: (value: T) => boolean, withinMs: number): Promise<T> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const value = await probe();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${withinMs} ms (last: ${JSON.stringify(value)})`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('two instances on one PostgreSQL', () => {
  it('let exactly the limit through between them under concurrency, and report the same counters', async () => {
    const { url } = await seeded();
    const limits = { unauthLimit: 100, burstLimit: 10_000 };
    const [a, b] = await Promise.all([instance(url, limits), instance(url, limits)]);
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => fetch(`${(i % 2 === 0 ? a : b).origin}/api/repos/octo/hello/issues?per_page=1&page=${(i % 20) + 1}`)),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(100);
    expect(statuses.filter((s) => s === 403)).toHaveLength(100);
    const overviews = await Promise.all([a, b].map(async (s) => ((await (await fetch(`${s.origin}/api/rate_limit`)).json()) as { rate: { used: number; remaining: number; reset: number } }).rate));
    expect(overviews[0]).toEqual(overviews[1]);
    expect(overviews[0]).toMatchObject({ used: 100, remaining: 0 });
  });

  it('charge nothing for a 304 on either instance, whichever gave the ETag', async () => {
    const { url, bob } = await seeded();
    const [a, b] = await Promise.all([instance(url), instance(url)]);
    // Behind one load balancer every instance sees the same Host, so the same URLs in the bytes.
    const headers = { Host: 'issues.example.org', Authorization: `Bearer ${bob}` };
    const first = await rawGet(`${a.origin}/api/repos/octo/hello/issues`, headers);
    const etag = String(first.headers.etag);
    const remaining = first.headers['x-ratelimit-remaining'];
    for (const s of [b, a, b]) {
      const again = await rawGet(`${s.origin}/api/repos/octo/hello/issues`, { ...headers, 'If-None-Match': etag });
      expect(again.status).toBe(304);
      expect(again.headers['x-ratelimit-remaining']).toBe(remaining);
    }
  });

  it('give back every 304\'s credit on every instance, with the credits the same caller takes meanwhile (8.2)', async () => {
    const { url, bob } = await seeded();
    const [a, b] = await Promise.all([instance(url), instance(url)]);
    const headers = { Host: 'issues.example.org', Authorization: `Bearer ${bob}` };
    const path = '/api/repos/octo/hello/issues?per_page=5';
    const used = async (s: RunningService) => ((await (await fetch(`${s.origin}/api/rate_limit`, { headers: { Authorization: `Bearer ${bob}` } })).json()) as { rate: { used: number } }).rate.used;
    const first = await rawGet(`${a.origin}${path}`, headers);
    const etag = String(first.headers.etag);
    expect(await used(b)).toBe(1);
    // One by one: once a 304 is heard, the other instance counts its credit as back.
    for (const s of [a, b, a]) {
      expect((await rawGet(`${s.origin}${path}`, { ...headers, 'If-None-Match': etag })).status).toBe(304);
      expect(await used(s === a ? b : a)).toBe(1);
    }
    // 40 revalidations and 20 full pages at once, on both instances: only the full pages cost.
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => rawGet(`${(i % 2 === 0 ? a : b).origin}${path}`, i % 3 === 2 ? headers : { ...headers, 'If-None-Match': etag })),
    );
    expect(answers.filter((r) => r.status === 304)).toHaveLength(40);
    expect(answers.filter((r) => r.status === 200)).toHaveLength(20);
    expect([await used(a), await used(b)]).toEqual([21, 21]);
  });

  it('give the same bytes and the same ETag for the same Host and caller', async () => {
    const { url, bob } = await seeded();
    const [a, b] = await Promise.all([instance(url), instance(url)]);
    const ask = (s: RunningService) => rawGet(`${s.origin}/api/repos/octo/hello/issues?per_page=5&page=2`, { Host: 'issues.example.org', Authorization: `Bearer ${bob}` });
    const [fromA, fromB] = await Promise.all([ask(a), ask(b)]);
    expect(fromA.status).toBe(200);
    expect(fromB.body.equals(fromA.body)).toBe(true);
    expect(fromB.headers.etag).toBe(fromA.headers.etag);
    expect(fromB.headers.link).toBe(fromA.headers.link);
    expect(fromA.body.toString()).toContain('http://issues.example.org/api/repos/octo/hello/issues/');
  });

  it('see an import and a token revoked by the command line within a second, on every instance', async () => {
    const { url, bob } = await seeded();
    const [a, b] = await Promise.all([instance(url), instance(url)]);
    const headers = { Authorization: `Bearer ${bob}` };
    const titleOn = async (s: RunningService) => ((await (await fetch(`${s.origin}/api/repos/octo/hello/issues/1`, { headers })).json()) as { title?: string }).title;
    // Both remember the repository, the token and the rendered issue before the writes.
    expect(await titleOn(a)).toBe('Issue 1');
    expect(await titleOn(b)).toBe('Issue 1');

    const dir = mkdtempSync(path.join(tmpdir(), 'issuescope-scale-'));
    dirs.push(dir);
    const file = path.join(dir, 'issues.json');
    writeFileSync(file, JSON.stringify([{ ...makeIssues(1)[0], title: 'Renamed by an import' }]));
    const imported = await runCli('import', '--db', url, '--repo', 'octo/hello', file);
    expect(imported.code, imported.stderr).toBe(0);
    // Both instances polled at once, so "within a second" holds for each from the moment of the write.
    await Promise.all([a, b].map((s) => until('the import seen', () => titleOn(s), (t) => t === 'Renamed by an import', 1000)));

    const revoked = await runCli('token', 'revoke', '--db', url, bob);
    expect(revoked.code, revoked.stderr).toBe(0);
    const statusOn = async (s: RunningService) => (await fetch(`${s.origin}/api/repos/octo/hello/issues/1`, { headers })).status;
    await Promise.all([a, b].map((s) => until('the revocation seen', () => statusOn(s), (status) => status === 401, 1000)));
  });

  it('lose no spent credit when an instance is killed with SIGKILL', async () => {
    const { url } = await seeded();
    const child = spawnCli('serve', '--db', url, '--port', '0', '--no-app', '--unauth-limit', '50');
    let out = '';
    child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
    const origin = await until('the instance started', async () => /serving on (http:\/\/\S+)/.exec(out)?.[1] ?? null, (o) => o !== null, 20_000);
    for (let i = 0; i < 30; i++) expect((await fetch(`${origin}/api/repos/octo/hello/issues/${(i % 40) + 1}`)).status).toBe(200);
    child.kill('SIGKILL');
    await once(child, 'exit');
    const other = await instance(url, { unauthLimit: 50 });
    const rate = ((await (await fetch(`${other.origin}/api/rate_limit`)).json()) as { rate: { used: number } }).rate;
    expect(rate.used).toBe(30);
  });
});

describe('the command line on PostgreSQL', () => {
  it('loads the demo, renames a repository and mirrors one from another instance', async () => {
    const demo = await server.freshDatabase();
    const loaded = await runCli('demo', '--db', demo);
    expect(loaded.code, loaded.stderr).toBe(0);
    expect(loaded.stdout).toMatch(/^Loaded \d+ issues and pull requests/);
    const renamed = await runCli('rename', '--db', demo, 'acme/widgets', 'acme/gadgets');
    expect(renamed.code, renamed.stderr).toBe(0);
    const source = await instance(demo, { unauthLimit: 100_000 });
    const moved = await fetch(`${source.origin}/api/repos/acme/widgets/issues?per_page=1`, { redirect: 'manual' });
    expect(moved.status).toBe(301);
    expect(moved.headers.get('location')).toBe(`${source.origin}/api/repos/acme/gadgets/issues?per_page=1`);

    const copy = await server.freshDatabase();
    const mirrored = await runCli('mirror', '--db', copy, '--from', `${source.origin}/api`, 'acme/gadgets', '--as', 'copies/gadgets');
    expect(mirrored.code, mirrored.stderr).toBe(0);
    const served = await instance(copy);
    const total = async (s: RunningService, repo: string) => {
      const last = (await fetch(`${s.origin}/api/repos/${repo}/issues?state=all&per_page=1`)).headers.get('link') ?? '';
      return Number(/[?&]page=(\d+)>; rel="last"/.exec(last)?.[1]);
    };
    expect(await total(served, 'copies/gadgets')).toBe(await total(source, 'acme/gadgets'));
    expect(await total(served, 'copies/gadgets')).toBeGreaterThan(10);
  }, 120_000);
});

/**
 * A TCP relay to PostgreSQL that a test can cut (refusing and dropping connections), make
 * silent (connections stay open and accepted, but nothing reaches either side) and restore.
 */
async function relayTo(port: number): Promise<{ port: number; cut(): Promise<void>; silence(): void; restore(): Promise<void>; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  let silent = false;
  const relay = net.createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => client.destroy());
    if (silent) return;
    const upstream = net.connect(port, '127.0.0.1');
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    upstream.on('error', () => upstream.destroy());
    client.on('data', (d: Buffer) => {
      if (!silent) upstream.write(d);
    });
    upstream.on('data', (d: Buffer) => {
      if (!silent) client.write(d);
    });
  });
  relay.listen(0, '127.0.0.1');
  await once(relay, 'listening');
  const own = (relay.address() as net.AddressInfo).port;
  const stop = async () => {
    for (const s of sockets) s.destroy();
    if (relay.listening) await new Promise<void>((resolve) => relay.close(() => resolve()));
  };
  return {
    port: own,
    cut: stop,
    silence: () => {
      silent = true;
    },
    restore: async () => {
      silent = false;
      if (!relay.listening) {
        relay.listen(own, '127.0.0.1');
        await once(relay, 'listening');
      } else {
        // Connections that went silent stay broken mid-message: drop them, as a real network fault would.
        for (const s of sockets) s.destroy();
      }
    },
    close: stop,
  };
}

describe('while PostgreSQL cannot be reached', () => {
  it('answers quickly with 503 and Retry-After, and recovers by itself', async () => {
    const { url } = await seeded();
    const direct = new URL(url);
    const relay = await relayTo(Number(direct.port));
    try {
      direct.port = String(relay.port);
      const service = await instance(direct.toString());
      expect((await fetch(`${service.origin}/api/repos/octo/hello/issues`)).status).toBe(200);

      await relay.cut();
      for (const page of [2, 3, 4]) {
        const started = Date.now();
        const answer = await fetch(`${service.origin}/api/repos/octo/hello/issues?page=${page}&per_page=5`);
        expect(Date.now() - started).toBeLessThan(5000);
        expect(answer.status).toBe(503);
        expect(answer.headers.get('retry-after')).toMatch(/^\d+$/);
        expect(await answer.json()).toMatchObject({ message: 'Service Unavailable' });
      }

      await relay.restore();
      await until('answers again', async () => (await fetch(`${service.origin}/api/repos/octo/hello/issues?page=5&per_page=5`)).status, (s) => s === 200, 10_000);
    } finally {
      await relay.close();
    }
  });

  it('answers within 5 s when the server stops answering altogether, and recovers by itself', async () => {
    const { url } = await seeded();
    const direct = new URL(url);
    const relay = await relayTo(Number(direct.port));
    try {
      direct.port = String(relay.port);
      const service = await instance(direct.toString());
      expect((await fetch(`${service.origin}/api/repos/octo/hello/issues`)).status).toBe(200);

      relay.silence();
      const started = Date.now();
      const answers = await Promise.all([2, 3].map((page) => fetch(`${service.origin}/api/repos/octo/hello/issues?page=${page}&per_page=5`)));
      expect(Date.now() - started).toBeLessThan(5000);
      expect(answers.map((a) => a.status)).toEqual([503, 503]);

      await relay.restore();
      await until('answers again', async () => (await fetch(`${service.origin}/api/repos/octo/hello/issues?page=5&per_page=5`)).status, (s) => s === 200, 10_000);
    } finally {
      await relay.close();
    }
  });

  it('refuses to start with one line naming the database, and exit code 1', async () => {
    const closed = net.createServer();
    closed.listen(0, '127.0.0.1');
    await once(closed, 'listening');
    const port = (closed.address() as net.AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const result = await runCli('serve', '--db', `postgres://issuescope:secret@127.0.0.1:${port}/nowhere`, '--port', '0', '--no-app');
    expect(result.code).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^error: cannot reach the PostgreSQL database postgres://issuescope@127\\.0\\.0\\.1:${port}/nowhere: `));
    expect(result.stderr).not.toContain('secret');
  });
});
