import { describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS, limitsOf, RateLimiter, resourceOfKey } from './rate-limiter';

const config = { unauthLimit: 2, authLimit: 3, windowSeconds: 10, burstLimit: 100, burstWindowSeconds: 1 };
const ip = { kind: 'ip', address: '1.2.3.4' } as const;

function clock(start = 1_000_000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

describe('RateLimiter', () => {
  it('counts down and refuses at zero until the window resets', () => {
    const c = clock();
    const rl = new RateLimiter(config, c.now);
    expect(rl.take(ip)).toMatchObject({ allowed: true, snapshot: { remaining: 1, used: 1, reset: 1010 } });
    expect(rl.take(ip)).toMatchObject({ allowed: true, snapshot: { remaining: 0 } });
    expect(rl.take(ip)).toMatchObject({ allowed: false, reason: 'primary', snapshot: { remaining: 0, reset: 1010 } });
    c.advance(10_000);
    expect(rl.take(ip)).toMatchObject({ allowed: true, snapshot: { remaining: 1, reset: 1020 } });
  });

  it('says beforehand, without spending, exactly what take() will decide: primary, burst, ended windows, a limit of 0', () => {
    for (const limits of [{ unauthLimit: 3, burstLimit: 2 }, { unauthLimit: 2, burstLimit: 5 }, { unauthLimit: 0, burstLimit: 5 }, { unauthLimit: 5, burstLimit: 0 }]) {
      const c = clock();
      const rl = new RateLimiter({ ...config, ...limits }, c.now);
      const decisions: boolean[] = [];
      for (const step of [0, 0, 0, 0, 1000, 0, 0, 10_000, 0, 0, 0]) {
        c.advance(step);
        const before = rl.peek(ip);
        const foreseen = rl.wouldAllow(ip);
        expect(rl.peek(ip)).toEqual(before);
        const taken = rl.take(ip).allowed;
        expect(foreseen, JSON.stringify(limits)).toBe(taken);
        decisions.push(taken);
      }
      expect(decisions).toContain(false);
      if (limits.unauthLimit > 0 && limits.burstLimit > 0) expect(decisions).toContain(true);
    }
  });

  it('gives a refunded 304 its credit back', () => {
    const rl = new RateLimiter(config, clock().now);
    rl.take(ip);
    expect(rl.refund(ip).snapshot.remaining).toBe(2);
  });

  it('refuses a burst with a Retry-After within the burst window, without spending primary credit', () => {
    const c = clock();
    const rl = new RateLimiter({ ...config, authLimit: 100, burstLimit: 2 }, c.now);
    const user = { kind: 'user', login: 'Mona' } as const;
    rl.take(user);
    rl.take(user);
    const refused = rl.take(user);
    expect(refused).toMatchObject({ allowed: false, reason: 'secondary', retryAfterSeconds: 1, snapshot: { remaining: 98 } });
    c.advance(1000);
    expect(rl.take(user).allowed).toBe(true);
  });

  it('keys users without case, so MONA and mona share a budget', () => {
    const rl = new RateLimiter(config, clock().now);
    rl.take({ kind: 'user', login: 'MONA' });
    expect(rl.peek({ kind: 'user', login: 'mona' }).remaining).toBe(2);
  });

  it('restores live counters and drops expired ones', () => {
    const c = clock();
    const rl = new RateLimiter(config, c.now, [
      { key: 'ip:1.2.3.4', windowStartMs: c.now() - 1000, used: 2 },
      { key: 'ip:5.6.7.8', windowStartMs: c.now() - 20_000, used: 2 },
    ]);
    expect(rl.take(ip).allowed).toBe(false);
    expect(rl.take({ kind: 'ip', address: '5.6.7.8' }).allowed).toBe(true);
  });

  it('hands out only the counters that changed', () => {
    const rl = new RateLimiter(config, clock().now);
    rl.take(ip);
    expect(rl.drainDirty()).toEqual([{ key: 'ip:1.2.3.4', windowStartMs: 1_000_000, used: 1 }]);
    expect(rl.drainDirty()).toEqual([]);
  });

  it('keeps the search resource apart: its own limits, keys, snapshots and restored counters', () => {
    const c = clock();
    const stored = [
      { key: 'ip:1.2.3.4', windowStartMs: c.now(), used: 2 },
      { key: 'search:ip:1.2.3.4', windowStartMs: c.now(), used: 1 },
    ];
    const core = new RateLimiter(config, c.now, stored);
    const search = new RateLimiter({ ...config, unauthLimit: 5 }, c.now, stored, 'search');
    expect(core.peek(ip)).toMatchObject({ used: 2, remaining: 0, resource: 'core' });
    expect(search.peek(ip)).toMatchObject({ limit: 5, used: 1, remaining: 4, resource: 'search' });
    search.take(ip);
    expect(core.peek(ip).used).toBe(2);
    expect(search.drainDirty()).toEqual([{ key: 'search:ip:1.2.3.4', windowStartMs: c.now(), used: 2 }]);
    expect(core.drainDirty()).toEqual([]);
    expect([resourceOfKey('user:search'), resourceOfKey('search:user:mona')]).toEqual(['core', 'search']);
  });

  it("takes the search resource's budget from the search settings and the burst from core's", () => {
    expect(limitsOf(DEFAULT_RATE_LIMITS, 'search')).toEqual({ unauthLimit: 10, authLimit: 30, windowSeconds: 60, burstLimit: 900, burstWindowSeconds: 60 });
    expect(limitsOf(DEFAULT_RATE_LIMITS, 'core')).toMatchObject({ unauthLimit: 60, authLimit: 5000, windowSeconds: 3600 });
  });
});
