/**
 * The fault injector on a real socket, in front of the real service: what a
 * client sees for each kind, the shares of a mixed SPEC, and a service that
 * keeps serving through all of it.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../limits/rate-limiter';
import { DEFAULT_SERVICE_CONFIG, startService, type RunningService } from '../main';
import { openSqliteStorage } from '../store/sqlite/sqlite-storage';
import { makeIssues } from '../../../test-support/server/test-service';
import { createFaultInjector } from './fault-injector';

const UNAUTH_LIMIT = 10_000;
let dir: string;
let service: RunningService;
const faults = createFaultInjector({ seed: 2026 });

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'issuescope-faults-'));
  const db = path.join(dir, 'faults.db');
  const store = openSqliteStorage(db);
  store.importIssues({ owner: 'octo', name: 'hello', makePrivate: false }, makeIssues(40), [], Date.now());
  store.close();
  service = await startService({
    ...DEFAULT_SERVICE_CONFIG,
    db,
    port: 0,
    host: '127.0.0.1',
    limits: { ...DEFAULT_RATE_LIMITS, unauthLimit: UNAUTH_LIMIT, burstLimit: 100_000 },
    counterFlushMs: 50,
    log: () => {},
    faults,
  });
});

afterAll(async () => {
  await service.close();
  rmSync(dir, { recursive: true, force: true });
});

beforeEach(() => {
  faults.clear();
  faults.resetStats();
});

const issuesUrl = () => `${service.origin}/api/repos/octo/hello/issues?per_page=5`;

async function remaining(): Promise<number> {
  const answer = await fetch(`${service.origin}/api/rate_limit`);
  return Number((await answer.json() as { rate: { remaining: number } }).rate.remaining);
}

async function stillServes(): Promise<void> {
  faults.clear();
  const answer = await fetch(issuesUrl());
  expect(answer.status).toBe(200);
  expect(await answer.json()).toHaveLength(5);
}

/** A raw request, to see exactly how the connection ends (fetch would retry or hide it). */
function rawGet(url: string): Promise<{ status: number } | { error: NodeJS.ErrnoException }> {
  return new Promise((resolve) => {
    const req = httpRequest(url, { agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0 }));
    });
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ error }));
    req.end();
  });
}

describe('serve --faults', () => {
  it('503=100% answers GitHub-style JSON with the caller’s rate-limit headers and Retry-After, and spends no credit', async () => {
    const before = await remaining();
    faults.set('503=100%:5s');
    const answer = await fetch(issuesUrl());
    expect(answer.status).toBe(503);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await answer.json()).toEqual({ message: 'Service Unavailable', documentation_url: 'https://docs.github.com/rest', status: '503' });
    expect(answer.headers.get('retry-after')).toBe('5');
    expect(answer.headers.get('x-ratelimit-limit')).toBe(String(UNAUTH_LIMIT));
    expect(answer.headers.get('x-ratelimit-remaining')).toBe(String(before));
    expect(answer.headers.get('x-github-request-id')).toMatch(/^[0-9A-F]{16}$/);
    faults.clear();
    expect(await remaining()).toBe(before);
    await stillServes();
  });

  it('503 without a parameter sends no Retry-After', async () => {
    faults.set('503=100%');
    const answer = await fetch(issuesUrl());
    expect(answer.status).toBe(503);
    expect(answer.headers.get('retry-after')).toBeNull();
  });

  it('502=100% answers a proxy’s HTML page', async () => {
    faults.set('502=100%');
    const answer = await fetch(issuesUrl());
    expect(answer.status).toBe(502);
    expect(answer.headers.get('content-type')).toBe('text/html');
    expect(await answer.text()).toContain('<h1>502 Bad Gateway</h1>');
    await stillServes();
  });

  it('429=100% answers the service’s secondary rate limit with Retry-After (60 s unless told)', async () => {
    faults.set('429=100%');
    const answer = await fetch(issuesUrl());
    expect(answer.status).toBe(429);
    expect(answer.headers.get('retry-after')).toBe('60');
    const body = (await answer.json()) as Record<string, string>;
    expect(body.message).toMatch(/secondary rate limit/);
    expect(body.documentation_url).toBe('https://docs.github.com/rest/overview/rate-limits-for-the-rest-api#about-secondary-rate-limits');
    faults.set('429=100%:3s');
    expect((await fetch(issuesUrl())).headers.get('retry-after')).toBe('3');
    await stillServes();
  });

  it('delay=100% answers normally, after the delay', async () => {
    const DELAY_MS = 400;
    faults.set(`delay=100%:${DELAY_MS}ms`);
    const started = performance.now();
    const answer = await fetch(issuesUrl());
    expect(performance.now() - started).toBeGreaterThanOrEqual(DELAY_MS - 5);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toHaveLength(5);
  });

  it('drop=100% resets the connection without an answer', async () => {
    faults.set('drop=100%');
    const outcome = await rawGet(issuesUrl());
    expect('error' in outcome ? outcome.error.code : `answered ${outcome.status}`).toMatch(/ECONNRESET|EPIPE/);
    await expect(fetch(issuesUrl())).rejects.toThrow();
    expect(faults.stats().faulted.drop).toBe(2);
    await stillServes();
  });

  it('leaves everything outside /api/ alone', async () => {
    faults.set('502=100%');
    const avatar = await fetch(`${service.origin}/avatars/octocat.svg`);
    expect(avatar.status).toBe(200);
    expect(faults.stats().requests).toBe(0);
  });

  it('a mixed SPEC over 2,000 requests faults each kind in its share, and the service keeps serving', async () => {
    const REQUESTS = 2000;
    const CONCURRENCY = 8;
    const shares = { '503': 0.1, '502': 0.05, '429': 0.02, drop: 0.01 };
    faults.set('503=10%,502=5%,429=2%,drop=1%,delay=5%:1ms');
    const seen = { '200': 0, '503': 0, '502': 0, '429': 0, dropped: 0 };
    let next = 0;
    const worker = async () => {
      while (next < REQUESTS) {
        next += 1;
        try {
          const answer = await fetch(`${service.origin}/api/rate_limit`);
          await answer.arrayBuffer();
          seen[String(answer.status) as '200' | '503' | '502' | '429'] += 1;
        } catch {
          seen.dropped += 1;
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const stats = faults.stats();
    expect(stats.requests).toBe(REQUESTS);
    // What the client saw is exactly what the injector did…
    expect(seen).toEqual({ '200': stats.passed + stats.faulted.delay, '503': stats.faulted['503'], '502': stats.faulted['502'], '429': stats.faulted['429'], dropped: stats.faulted.drop });
    // …and each share is within 4 standard deviations of its binomial expectation.
    for (const [kind, p] of Object.entries({ ...shares, delay: 0.05 })) {
      const tolerance = 4 * Math.sqrt(REQUESTS * p * (1 - p));
      expect(Math.abs(stats.faulted[kind as keyof typeof stats.faulted] - REQUESTS * p), kind).toBeLessThanOrEqual(tolerance);
    }
    await stillServes();
  });
});

describe('the CLI’s --faults', () => {
  const ROOT = path.resolve(import.meta.dirname, '..', '..', '..');
  const TSX = path.join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');
  const serve = async (env: Record<string, string>, ...args: string[]) => {
    try {
      await promisify(execFile)(process.execPath, [TSX, path.join(ROOT, 'src/server/cli.ts'), ...args], { cwd: ROOT, env: { ...process.env, ...env } });
      return { code: 0, stderr: '' };
    } catch (err) {
      const e = err as { code: number; stderr: string };
      return { code: e.code, stderr: e.stderr };
    }
  };

  it('refuses a bad SPEC with exit 2 and one line naming the bad part, before opening anything', async () => {
    const flag = await serve({}, 'serve', '--db', path.join(dir, 'never.db'), '--port', '0', '--faults', '503=10%,delay=5%');
    expect(flag.code).toBe(2);
    expect(flag.stderr.trim().split('\n').filter((l) => l.startsWith('error:'))).toEqual([
      "error: --faults: 'delay=5%': delay needs its latency, e.g. delay=5%:2000ms (see 'npm run service -- help')",
    ]);
    const seed = await serve({}, 'serve', '--db', path.join(dir, 'never.db'), '--port', '0', '--faults', '503=10%', '--faults-seed', 'x');
    expect(seed.code).toBe(2);
    expect(seed.stderr).toContain('--faults-seed must be a whole number');
    const start = await serve({ ISSUESCOPE_FAULTS: '429=5%@later', DB: path.join(dir, 'never.db') }, 'start');
    expect(start.code).toBe(2);
    expect(start.stderr).toContain("error: ISSUESCOPE_FAULTS: '429=5%@later': '@later' is not a window");
  });
});
