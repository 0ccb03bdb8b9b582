/**
 * Primary and secondary rate limits (spec 8), exact under any interleaving:
 * a request takes its credit before it is processed and a 304 gives it back
 * (spec 8.2), so two requests can never both see the last credit.
 *
 * One limiter per resource, as GitHub keeps them: `core` for everything but
 * search, `search` for `/search/*` with its own, smaller budget per minute.
 * Their counters never mix (a search spends no core credit), and their stored
 * keys are told apart by the resource's prefix.
 *
 * This limiter is one process's (SQLite); instances sharing PostgreSQL take
 * their credits there instead (shared-rate-limiter.ts). Its counters live in
 * memory; `drainDirty()` hands the changed ones to counter-flush.ts, which
 * writes them on a timer and at shutdown, so no request waits on a disk
 * write. A crash loses at most one flush interval of accounting (docs/api.md).
 */
import type { StoredCounter } from '../store/records';

/** The budget of one resource. */
export interface ResourceLimits {
  /** credits per window per client IP without a token (core: spec 8) */
  unauthLimit: number;
  /** credits per window per user account (core: spec 8) */
  authLimit: number;
  windowSeconds: number;
  /** secondary limit: requests per burst window per caller (GitHub: 900 points a minute) */
  burstLimit: number;
  burstWindowSeconds: number;
}

/** What `serve` configures: core's budget (spec 8) and the search resource's. */
export interface RateLimitConfig extends ResourceLimits {
  /** the search resource's credits per window per client IP without a token (GitHub's by default) */
  searchUnauthLimit: number;
  /** the search resource's credits per window per user account (GitHub's by default) */
  searchAuthLimit: number;
  searchWindowSeconds: number;
}

export const DEFAULT_RATE_LIMITS: RateLimitConfig = {
  unauthLimit: 60,
  authLimit: 5000,
  windowSeconds: 3600,
  burstLimit: 900,
  burstWindowSeconds: 60,
  searchUnauthLimit: 10,
  searchAuthLimit: 30,
  searchWindowSeconds: 60,
};

export type RateResource = 'core' | 'search';

/**
 * The budget of `resource`. Search keeps a burst counter of its own, with
 * core's burst settings: its budget per minute is far below any burst, so
 * the secondary limit only matters there when `serve` raises the search limits.
 */
export function limitsOf(config: RateLimitConfig, resource: RateResource): ResourceLimits {
  if (resource === 'core') return config;
  return {
    unauthLimit: config.searchUnauthLimit,
    authLimit: config.searchAuthLimit,
    windowSeconds: config.searchWindowSeconds,
    burstLimit: config.burstLimit,
    burstWindowSeconds: config.burstWindowSeconds,
  };
}

/** Who pays for a request: a user account (all its tokens share one budget) or a client IP. */
export type Caller = { kind: 'user'; login: string } | { kind: 'ip'; address: string };

export interface RateSnapshot {
  limit: number;
  remaining: number;
  used: number;
  /** Unix seconds when the window's quota is fully restored */
  reset: number;
  resource: RateResource;
}

export type TakeResult =
  | { allowed: true; snapshot: RateSnapshot }
  | { allowed: false; reason: 'primary'; snapshot: RateSnapshot }
  | { allowed: false; reason: 'secondary'; snapshot: RateSnapshot; retryAfterSeconds: number };

interface Window {
  startMs: number;
  used: number;
}

/**
 * What an API request's credit step asks of a resource's limiter: this process's
 * counters (`RateLimiter`, exact in one process) or counters shared by every
 * instance in one database (shared-rate-limiter.ts), which answer
 * with promises.
 */
export interface Limiter {
  readonly resource: RateResource;
  /** What the headers say without spending anything (preflights, `GET /rate_limit`). */
  peek(caller: Caller): RateSnapshot | Promise<RateSnapshot>;
  /** Spends one credit, or says why not (spec 8.4: at 0 the request is not processed). */
  take(caller: Caller): TakeResult | Promise<TakeResult>;
  /**
   * spec 8.2: a 304 costs nothing, so the credit `taken` spent comes back. Says at once what the
   * answer's headers say; a shared limiter gives the credit back in its database meanwhile.
   */
  refund(caller: Caller, taken: RateSnapshot): Refund;
  /** Waits for every credit still being given back (before shutting down). */
  settle?(): Promise<void>;
}

/** What a refund leaves: the headers' snapshot, and when the credit is back where the next take looks (null: it already is). */
export interface Refund {
  snapshot: RateSnapshot;
  returned: Promise<void> | null;
}

export function callerKey(caller: Caller): string {
  return caller.kind === 'user' ? `user:${caller.login.toLowerCase()}` : `ip:${caller.address}`;
}

/** Core's stored keys have no prefix (they predate other resources); every other resource's start with its name. */
function keyPrefixOf(resource: RateResource): string {
  return resource === 'core' ? '' : `${resource}:`;
}

/** Which resource a stored counter belongs to. */
export function resourceOfKey(key: string): RateResource {
  return key.startsWith(keyPrefixOf('search')) ? 'search' : 'core';
}

/**
 * What `current` would find used in a window at `t`: one that has ended counts as a fresh one.
 * A module function, not a closure in `wouldAllow`: under tsx each closure made per request
 * costs a `__name` call, which showed in a cached 304's CPU profile.
 */
function usedAt(w: Window | undefined, t: number, windowSeconds: number): number {
  return w && t < w.startMs + windowSeconds * 1000 ? w.used : 0;
}

export class RateLimiter implements Limiter {
  private readonly primary = new Map<string, Window>();
  private readonly burst = new Map<string, Window>();
  private readonly dirty = new Set<string>();
  private readonly keyPrefix: string;

  /** `stored` may hold every resource's counters: this limiter restores only its own. */
  constructor(
    private readonly config: ResourceLimits,
    private readonly now: () => number,
    stored: StoredCounter[] = [],
    readonly resource: RateResource = 'core',
  ) {
    this.keyPrefix = keyPrefixOf(resource);
    for (const c of stored) {
      if (resourceOfKey(c.key) !== resource) continue;
      if (c.windowStartMs + config.windowSeconds * 1000 > now()) this.primary.set(c.key, { startMs: c.windowStartMs, used: c.used });
    }
  }

  private keyOf(caller: Caller): string {
    return this.keyPrefix + callerKey(caller);
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
      resource: this.resource,
    };
  }

  /** What the headers say without spending anything (preflights, `GET /rate_limit`). */
  peek(caller: Caller): RateSnapshot {
    const key = this.keyOf(caller);
    const w = this.primary.get(key);
    const live = w && this.now() < w.startMs + this.config.windowSeconds * 1000 ? w : { startMs: this.now(), used: 0 };
    return this.snapshotOf(caller, live);
  }

  /** Whether `take` would spend a credit now; changes nothing. */
  wouldAllow(caller: Caller): boolean {
    const key = this.keyOf(caller);
    const t = this.now();
    return (
      usedAt(this.primary.get(key), t, this.config.windowSeconds) < this.limitOf(caller) &&
      usedAt(this.burst.get(key), t, this.config.burstWindowSeconds) < this.config.burstLimit
    );
  }

  /** Spends one credit, or says why not (spec 8.4: at 0 the request is not processed). */
  take(caller: Caller): TakeResult {
    const key = this.keyOf(caller);
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

  /** spec 8.2: a 304 costs nothing, so the credit taken for it comes back, at once. */
  refund(caller: Caller, _taken?: RateSnapshot): Refund {
    const key = this.keyOf(caller);
    const w = this.primary.get(key);
    if (!w) return { snapshot: this.peek(caller), returned: null };
    if (w.used > 0) w.used -= 1;
    this.dirty.add(key);
    return { snapshot: this.snapshotOf(caller, w), returned: null };
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
