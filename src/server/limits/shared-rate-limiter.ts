/**
 * Rate limits every instance on one PostgreSQL shares (spec 8, issue 28): a
 * request takes its credit in the database before it is processed, in one
 * round trip (`take_credit`, schema.ts), which locks the caller's primary and
 * burst counters, checks both and spends both. So N instances let exactly the
 * limit through between them, each reports the same `x-ratelimit-*`, and a
 * credit spent is committed before the answer: killing an instance loses none.
 *
 * A 304 gives its credit back (spec 8.2): the headers say so at once, and the
 * database is told in the background, in the window the credit came from.
 */
import { callerKey, type Caller, type Limiter, type RateResource, type RateSnapshot, type ResourceLimits, type TakeResult } from './rate-limiter';
import type { Sql } from '../store/postgres/sql';

interface TakeRow extends Record<string, unknown> {
  o_allowed: boolean;
  o_reason: 'primary' | 'secondary' | null;
  o_used: number;
  o_window_start_ms: number;
  o_burst_start_ms: number;
}

export class SharedRateLimiter implements Limiter {
  /** refunds under way, awaited by `settle` */
  private readonly pending = new Set<Promise<unknown>>();

  constructor(
    private readonly sql: Sql,
    private readonly config: ResourceLimits,
    private readonly now: () => number,
    readonly resource: RateResource = 'core',
    private readonly log: (line: string) => void = () => {},
  ) {}

  /** The same keys as the in-process limiter's (rate-limiter.ts), so one database can hold both. */
  private keyOf(caller: Caller): string {
    return (this.resource === 'core' ? '' : `${this.resource}:`) + callerKey(caller);
  }

  private limitOf(caller: Caller): number {
    return caller.kind === 'user' ? this.config.authLimit : this.config.unauthLimit;
  }

  private snapshot(caller: Caller, windowStartMs: number, used: number): RateSnapshot {
    const limit = this.limitOf(caller);
    return {
      limit,
      remaining: Math.max(0, limit - used),
      used: Math.min(used, limit),
      reset: Math.ceil((windowStartMs + this.config.windowSeconds * 1000) / 1000),
      resource: this.resource,
    };
  }

  async peek(caller: Caller): Promise<RateSnapshot> {
    const t = this.now();
    const [row] = await this.sql.query<{ window_start_ms: number; used: number }>('SELECT window_start_ms, used FROM rate_counters WHERE key = $1', [
      this.keyOf(caller),
    ]);
    const live = row !== undefined && t < row.window_start_ms + this.config.windowSeconds * 1000;
    return live ? this.snapshot(caller, row.window_start_ms, row.used) : this.snapshot(caller, t, 0);
  }

  async take(caller: Caller): Promise<TakeResult> {
    const t = this.now();
    const burstMs = this.config.burstWindowSeconds * 1000;
    const [row] = await this.sql.query<TakeRow>('SELECT * FROM take_credit($1, $2, $3, $4, $5, $6)', [
      this.keyOf(caller), t, this.config.windowSeconds * 1000, this.limitOf(caller), burstMs, this.config.burstLimit,
    ]);
    if (!row) throw new Error('take_credit returned no row');
    const snapshot = this.snapshot(caller, row.o_window_start_ms, row.o_used);
    if (row.o_allowed) return { allowed: true, snapshot };
    if (row.o_reason === 'secondary') {
      return { allowed: false, reason: 'secondary', snapshot, retryAfterSeconds: Math.max(1, Math.ceil((row.o_burst_start_ms + burstMs - t) / 1000)) };
    }
    return { allowed: false, reason: 'primary', snapshot };
  }

  refund(caller: Caller, taken: RateSnapshot): RateSnapshot {
    const windowStartMs = taken.reset * 1000 - this.config.windowSeconds * 1000;
    const giveBack = this.sql
      .query('UPDATE rate_counters SET used = GREATEST(used - 1, 0) WHERE key = $1 AND window_start_ms > $2::bigint - 1000 AND window_start_ms <= $2::bigint', [
        this.keyOf(caller),
        windowStartMs,
      ])
      .catch((err: unknown) => this.log(`warning: could not give back a 304's credit: ${err instanceof Error ? err.message : String(err)}`));
    this.pending.add(giveBack);
    void giveBack.finally(() => this.pending.delete(giveBack));
    return { ...taken, used: Math.max(0, taken.used - 1), remaining: Math.min(taken.limit, taken.remaining + 1) };
  }

  async settle(): Promise<void> {
    await Promise.all([...this.pending]);
  }
}
