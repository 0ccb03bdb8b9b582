// Spec 8: credits, headers on every response, 403 at zero, 429 on bursts, reset, persistence.
import { afterEach, describe, expect, it } from 'vitest';
import { auth, startTestService, TOKENS, type TestService } from '../../../test-support/server/test-service';

let svc: TestService | null = null;
afterEach(async () => {
  await svc?.close();
  svc = null;
});

const HEADERS = ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset', 'x-ratelimit-used', 'x-ratelimit-resource'];

function remaining(res: Response): number {
  return Number(res.headers.get('x-ratelimit-remaining'));
}

/**
 * The service's clock, moved by the test: a window ends when the test says so, not after real
 * seconds, and a slow host cannot end one part-way through the requests meant to fill it (issue 46).
 */
function testClock(): { now: () => number; moveTo(ms: number): void; moveBy(ms: number): void } {
  let t = Date.now();
  return {
    now: () => t,
    moveTo: (ms) => {
      t = Math.max(t, ms);
    },
    moveBy: (ms) => {
      t += ms;
    },
  };
}

describe('rate limits (spec 8)', () => {
  it('puts the rate-limit headers on every response, errors included (8.5)', async () => {
    svc = await startTestService();
    const urls = [
      [`${svc.api}/repos/octo/hello/issues`, {}],
      [`${svc.api}/repos/octo/nope/issues`, {}],
      [`${svc.api}/repos/octo/hello/issues?since=x`, {}],
      [`${svc.api}/repos/octo/hello/issues`, { Authorization: 'Bearer bad' }],
      [`${svc.api}/repos/octo/old-name/issues`, {}],
      [`${svc.api}/no/such/route`, {}],
      [`${svc.api}/rate_limit`, {}],
    ] as const;
    for (const [url, headers] of urls) {
      const res = await fetch(url, { headers, redirect: 'manual' });
      for (const h of HEADERS) expect(res.headers.get(h), `${h} on ${url}`).not.toBeNull();
      expect(res.headers.get('x-ratelimit-resource')).toBe('core');
      const reset = Number(res.headers.get('x-ratelimit-reset'));
      expect(reset).toBeGreaterThan(Date.now() / 1000);
      expect(reset).toBeLessThanOrEqual(Date.now() / 1000 + 3601);
    }
  });

  it('costs one credit per request, whatever it returns, including following next and 404s (8.1, 4.2.4)', async () => {
    svc = await startTestService();
    const a = await fetch(`${svc.api}/repos/octo/hello/issues?per_page=100`);
    const b = await fetch(`${svc.api}/repos/octo/hello/issues?per_page=1`);
    const c = await fetch(`${svc.api}/repos/octo/nope/issues`);
    expect([remaining(a), remaining(b), remaining(c)]).toEqual([59, 58, 57]);
    expect(c.headers.get('x-ratelimit-used')).toBe('3');
  });

  it('gives 60 per hour per IP without a token and 5,000 per user with one (8)', async () => {
    svc = await startTestService();
    const anon = await fetch(`${svc.api}/repos/octo/hello/issues`);
    expect(anon.headers.get('x-ratelimit-limit')).toBe('60');
    const user = await fetch(`${svc.api}/repos/octo/hello/issues`, { headers: auth(TOKENS.bob) });
    expect(user.headers.get('x-ratelimit-limit')).toBe('5000');
    expect(remaining(user)).toBe(4999);
  });

  it('shares one budget between all tokens of a user, and keeps users apart', async () => {
    svc = await startTestService();
    await fetch(`${svc.api}/repos/octo/hello/issues`, { headers: auth(TOKENS.alice) });
    const second = await fetch(`${svc.api}/repos/octo/hello/issues`, { headers: auth(TOKENS.aliceSecond) });
    expect(remaining(second)).toBe(4998);
    const bob = await fetch(`${svc.api}/repos/octo/hello/issues`, { headers: auth(TOKENS.bob) });
    expect(remaining(bob)).toBe(4999);
  });

  it('answers 403 "API rate limit exceeded" at zero without processing, then serves again after the reset (8.4, 8.6)', async () => {
    const clock = testClock();
    svc = await startTestService({ limits: { unauthLimit: 3, windowSeconds: 2 }, now: clock.now });
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await fetch(`${svc.api}/repos/octo/hello/issues`));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 403, 403]);
    const limited = answers[3]!;
    expect(remaining(limited)).toBe(0);
    const body = (await limited.json()) as { message: string; documentation_url: string; status: string };
    expect(body.message).toMatch(/^API rate limit exceeded for /);
    expect(body.status).toBe('403');
    // A request at zero is not processed: even a missing repository is not looked at.
    expect((await fetch(`${svc.api}/repos/octo/nope/issues`)).status).toBe(403);
    // One second too early is still the old window.
    clock.moveTo(Number(limited.headers.get('x-ratelimit-reset')) * 1000 - 1000);
    expect((await fetch(`${svc.api}/repos/octo/hello/issues`)).status).toBe(403);
    clock.moveTo(Number(limited.headers.get('x-ratelimit-reset')) * 1000);
    const after = await fetch(`${svc.api}/repos/octo/hello/issues`);
    expect(after.status).toBe(200);
    expect(remaining(after)).toBe(2);
  });

  it("keeps one IP's exhaustion from touching a user's budget", async () => {
    svc = await startTestService({ limits: { unauthLimit: 1 } });
    await fetch(`${svc.api}/repos/octo/hello/issues`);
    expect((await fetch(`${svc.api}/repos/octo/hello/issues`)).status).toBe(403);
    expect((await fetch(`${svc.api}/repos/octo/hello/issues`, { headers: auth(TOKENS.bob) })).status).toBe(200);
  });

  it('lets exactly the limit through when many requests arrive at once', async () => {
    svc = await startTestService({ limits: { unauthLimit: 100 } });
    const results = await Promise.all(Array.from({ length: 200 }, () => fetch(`${svc!.api}/repos/octo/hello/issues?per_page=1`)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(100);
    expect(results.filter((r) => r.status === 403)).toHaveLength(100);
    const seen = results.filter((r) => r.status === 200).map(remaining).sort((a, b) => a - b);
    expect(seen).toEqual(Array.from({ length: 100 }, (_, i) => i));
  });

  it('answers a burst past the secondary limit with 429, a "secondary rate limit" message and Retry-After (8.7)', async () => {
    const clock = testClock();
    svc = await startTestService({ limits: { burstLimit: 3, burstWindowSeconds: 2 }, now: clock.now });
    const statuses = [];
    let limited: Response | null = null;
    for (let i = 0; i < 4; i++) {
      const res = await fetch(`${svc.api}/repos/octo/hello/issues`, { headers: auth(TOKENS.bob) });
      statuses.push(res.status);
      if (res.status === 429) limited = res;
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(Number(limited!.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(limited!.headers.get('retry-after'))).toBeLessThanOrEqual(2);
    expect(remaining(limited!)).toBe(4997);
    const body = (await limited!.json()) as { message: string; status: string };
    expect(body.message).toMatch(/secondary rate limit/);
    expect(body.status).toBe('429');
    clock.moveBy(Number(limited!.headers.get('retry-after')) * 1000);
    expect((await fetch(`${svc.api}/repos/octo/hello/issues`, { headers: auth(TOKENS.bob) })).status).toBe(200);
  });

  it('answers GET /rate_limit without spending a credit', async () => {
    svc = await startTestService();
    await fetch(`${svc.api}/repos/octo/hello/issues`, { headers: auth(TOKENS.bob) });
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${svc.api}/rate_limit`, { headers: auth(TOKENS.bob) });
      const body = (await res.json()) as { resources: { core: { limit: number; remaining: number; used: number; reset: number } }; rate: unknown };
      expect(body.resources.core).toMatchObject({ limit: 5000, remaining: 4999, used: 1 });
      expect(body.rate).toEqual(body.resources.core);
      expect(remaining(res)).toBe(4999);
    }
  });

  it('keeps counting across a restart, so restarting is no way around a limit', async () => {
    svc = await startTestService({ limits: { unauthLimit: 5 } });
    for (let i = 0; i < 5; i++) await fetch(`${svc.api}/repos/octo/hello/issues`);
    svc = await svc.restart();
    const res = await fetch(`${svc.api}/repos/octo/hello/issues`);
    expect(res.status).toBe(403);
    expect(remaining(res)).toBe(0);
  });
});
