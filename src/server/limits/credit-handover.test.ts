import { describe, expect, it } from 'vitest';
import { CreditHandover } from './credit-handover';
import { RateLimiter } from './rate-limiter';

const LIMITS = { unauthLimit: 3, authLimit: 10, windowSeconds: 3600, burstLimit: 100, burstWindowSeconds: 60 };
const ip = { kind: 'ip', address: '192.0.2.1' } as const;

describe('a credit the lane took and left to the chain', () => {
  it('is used by the chain once, so the request spends one credit', () => {
    const limiter = new RateLimiter(LIMITS, () => 0);
    const handover = new CreditHandover();
    const request = {};
    const taken = limiter.take(ip);
    handover.hand(request, limiter, ip, taken);
    expect(handover.claim(request, limiter, ip)).toBe(taken);
    expect(handover.claim(request, limiter, ip)).toBeUndefined();
    expect(limiter.peek(ip).used).toBe(1);
  });

  it('is given back, not used, when the chain finds another caller or another resource', async () => {
    const limiter = new RateLimiter(LIMITS, () => 0);
    const search = new RateLimiter(LIMITS, () => 0, [], 'search');
    const handover = new CreditHandover();
    const [a, b] = [{}, {}];
    handover.hand(a, limiter, ip, limiter.take(ip));
    handover.hand(b, limiter, ip, limiter.take(ip));
    expect(handover.claim(a, limiter, { kind: 'user', login: 'bob' })).toBeUndefined();
    expect(handover.claim(b, search, ip)).toBeUndefined();
    await Promise.resolve();
    expect(limiter.peek(ip).used).toBe(0);
  });

  it('is nothing for a request the lane never saw', () => {
    const limiter = new RateLimiter(LIMITS, () => 0);
    expect(new CreditHandover().claim({}, limiter, ip)).toBeUndefined();
    expect(new CreditHandover().claim(undefined, limiter, ip)).toBeUndefined();
  });
});
