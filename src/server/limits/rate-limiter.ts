/**
 * Primary and secondary rate limits (spec 8), exact under any interleaving:
 * a request takes its credit before it is processed and a 304 gives it back
 * (spec 8.2), so two requests can never both see the last credit.
 *
 * Counters live in memory; `flush()` writes the changed ones to the store,
 * called on a timer and at shutdown, so no request waits on a disk write. A
 * crash loses at most one flush interval of accounting (see README).
 */
import type { StoredCounter } from '../store/issue-store';

export interface RateLimitConfig {
  /** spec 8: 60 requests per hour per IP without a token */
  unauthLimit: number;
  /** spec 8: 5,000 requests per hour per user account */
  authLimit: number;
  windowSeconds: number;
  /** secondary limit: requests per burst window per caller (GitHub: 900 points a minute) */
  burstLimit: number;
  burstWindowSeconds: number;
}

export const DEFAULT_RATE_LIMITS: RateLimitConfig = {
  unauthLimit: 60,
  authLimit: 5000,
  windowSeconds: 3600,
  burstLimit: 900,
  burstWindowSeconds: 60,
};

/** Who pays for a request: a user account (all its tokens share one budget) or a client IP. */
export type Caller = { kind: 'user'; login: string } | { kind: 'ip'; address: string };

export interface RateSnapshot {
  limit: number;
  remaining: number;
  used: number;
  /** Unix seconds when the window's quota is fully restored */
  reset: number;
  resource: 'core';
}

export type TakeResult =
  | { allowed: true; snapshot: RateSnapshot }
  | { allowed: false; reason: 'primary'; snapshot: RateSnapshot }
  | { allowed: false; reason: 'secondary'; snapshot: RateSnapshot; retryAfterSeconds: number };

interface Window {
  startMs: number;
  used: number;
}

export function callerKey(caller: Caller): string {
  return caller.kind === 'user' ? `user:${caller.login.toLowerCase()}` : `ip:${caller.address}`;
}

/**
 * What `current` would find used in a window at `t`: one that has ended counts as a fresh one.
 * A module function, not a closure in `wouldAllow`: under tsx each closure made per request
 * costs a `__name` call (3% of a cached 304's CPU).
 */
function usedAt(w: Window | undefined, t: number, windowSeconds: number): number {
  return w && t < w.startMs + windowSeconds * 1000 ? w.used : 0;
}

export class RateLimiter {
  private readonly primary = new Map<string, Window>();
  private readonly burst = new Map<string, Window>();
  private readonly dirty = new Set<string>();

  constructor(
    private readonly config: RateLimitConfig,
    private readonly now: () => number,
    stored: StoredCounter[] = [],
  ) {
    for (const c of stored) {
      if (c.windowStartMs + config.windowSeconds * 1000 > now()) this.primary.set(c.key, { startMs: c.windowStartMs, used: c.used });
    }
  }

  private limitOf(caller: Caller): number {
    return caller.kind === 'user' ? this.config.authLimit : this.config.unauthLimit;
  }

  /** The current window of a counter, starting a fresh one when the last has ended. */
  private current(map: Map<string, Window>, key: string, windowMs: number): Window {
    const t = this.now();
    const w = map.get(key);
    if (w && t < w.startMs + windowMs) return w;
    const fresh = { startMs: t, used: 0 };
    map.set(key, fresh);
    return fresh;
  }

  private snapshotOf(caller: Caller, w: Window): RateSnapshot {
    const limit = this.limitOf(caller);
    return {
      limit,
      remaining: Math.max(0, limit - w.used),
      used: Math.min(w.used, limit),
      reset: Math.ceil((w.startMs + this.config.windowSeconds * 1000) / 1000),
      resource: 'core',
    };
  }

  /** What the headers say without spending anything (preflights, `GET /rate_limit`). */
  peek(caller: Caller): RateSnapshot {
    const key = callerKey(caller);
    const w = this.primary.get(key);
    const live = w && this.now() < w.startMs + this.config.windowSeconds * 1000 ? w : { startMs: this.now(), used: 0 };
    return this.snapshotOf(caller, live);
  }

  /** Whether `take` would spend a credit now; changes nothing. */
  wouldAllow(caller: Caller): boolean {
    const key = callerKey(caller);
    const t = this.now();
    return (
      usedAt(this.primary.get(key), t, this.config.windowSeconds) < this.limitOf(caller) &&
      usedAt(this.burst.get(key), t, this.config.burstWindowSeconds) < this.config.burstLimit
    );
  }

  /** Spends one credit, or says why not (spec 8.4: at 0 the request is not processed). */
  take(caller: Caller): TakeResult {
    const key = callerKey(caller);
    const w = this.current(this.primary, key, this.config.windowSeconds * 1000);
    if (w.used >= this.limitOf(caller)) return { allowed: false, reason: 'primary', snapshot: this.snapshotOf(caller, w) };

    const burstMs = this.config.burstWindowSeconds * 1000;
    const b = this.current(this.burst, key, burstMs);
    if (b.used >= this.config.burstLimit) {
      const retryAfterSeconds = Math.max(1, Math.ceil((b.startMs + burstMs - this.now()) / 1000));
      return { allowed: false, reason: 'secondary', snapshot: this.snapshotOf(caller, w), retryAfterSeconds };
    }
    b.used += 1;
    w.used += 1;
    this.dirty.add(key);
    return { allowed: true, snapshot: this.snapshotOf(caller, w) };
  }

  /** spec 8.2: a 304 costs nothing, so the credit taken for it comes back. */
  refund(caller: Caller): RateSnapshot {
    const key = callerKey(caller);
    const w = this.primary.get(key);
    if (!w) return this.peek(caller);
    if (w.used > 0) w.used -= 1;
    this.dirty.add(key);
    return this.snapshotOf(caller, w);
  }

  /** The counters changed since the last call, for the store. */
  drainDirty(): StoredCounter[] {
    const out: StoredCounter[] = [];
    for (const key of this.dirty) {
      const w = this.primary.get(key);
      if (w) out.push({ key, windowStartMs: w.startMs, used: w.used });
    }
    this.dirty.clear();
    return out;
  }
}
