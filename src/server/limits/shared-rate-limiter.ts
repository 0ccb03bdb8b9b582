/**
 * Rate limits every instance on one PostgreSQL shares (spec 8, issue 28): a
 * request takes its credit in the database before it is processed, in one
 * round trip (`take_credits`, schema.ts), which locks the caller's primary and
 * burst counters, checks both and spends both. So N instances let exactly the
 * limit through between them, each reports the same `x-ratelimit-*`, and a
 * credit spent is committed before the answer: killing an instance loses none.
 *
 * A 304 gives its credit back (spec 8.2): the headers say so at once, and the
 * database is told meanwhile, in the window the credit came from; the 304 is
 * sent once its own refund is done, so the client's next request finds it.
 */
import { callerKey, type Caller, type Limiter, type RateResource, type RateSnapshot, type Refund, type ResourceLimits, type TakeResult } from './rate-limiter';
import type { SqlRunner } from '../store/postgres/sql';

interface TakeRow extends Record<string, unknown> {
  o_allowed: boolean;
  o_reason: 'primary' | 'secondary' | null;
  o_used: number;
  o_window_start_ms: number;
  o_burst_start_ms: number;
}

interface Waiting {
  resolve: (taken: TakeResult) => void;
  reject: (err: unknown) => void;
}

/** A bound on one call's takes, so one statement stays short however many requests wait. */
const MAX_TAKES_PER_CALL = 64;

export class SharedRateLimiter implements Limiter {
  /** refunds under way, awaited by `settle` */
  private readonly pending = new Set<Promise<unknown>>();
  /** per key with a take under way: the takes asked for since, which go together next */
  private readonly waiting = new Map<string, Waiting[]>();
  /** the same for refunds, per key and window */
  private readonly refunding = new Map<string, Array<() => void>>();

  constructor(
    private readonly sql: SqlRunner,
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

  /**
   * Takes of one key run one call at a time: the ones asked for while a call is
   * under way wait for it and then go together, as one call of `take_credits`,
   * which answers each in turn as `take_credit` would have. Requests of one
   * caller queue on its counters' row lock anyway; so they queue here instead,
   * and share a round trip, a lock and a commit rather than each waiting for
   * the last's. Every take still has its own answer, committed before any of
   * their requests is answered.
   */
  take(caller: Caller): Promise<TakeResult> {
    const key = this.keyOf(caller);
    return new Promise<TakeResult>((resolve, reject) => {
      const next = this.waiting.get(key);
      if (next) {
        next.push({ resolve, reject });
        return;
      }
      this.waiting.set(key, []);
      this.send(caller, key, [{ resolve, reject }]);
    });
  }

  /** Takes for the waiting in one call, then the ones that came meanwhile, until none is left. */
  private send(caller: Caller, key: string, batch: Waiting[]): void {
    void this.takeMany(caller, key, batch.length).then(
      (results) => {
        batch.forEach((w, i) => w.resolve(results[i] as TakeResult));
        const waiting = this.waiting.get(key) ?? [];
        if (waiting.length === 0) {
          this.waiting.delete(key);
          return;
        }
        this.waiting.set(key, waiting.slice(MAX_TAKES_PER_CALL));
        this.send(caller, key, waiting.slice(0, MAX_TAKES_PER_CALL));
      },
      (err: unknown) => {
        // The takes that waited meanwhile share the fault rather than each waiting out a
        // timeout of their own after it (spec 7: a quick 503 while the database is away).
        const waiting = this.waiting.get(key) ?? [];
        this.waiting.delete(key);
        for (const w of [...batch, ...waiting]) w.reject(err);
      },
    );
  }

  private async takeMany(caller: Caller, key: string, count: number): Promise<TakeResult[]> {
    const t = this.now();
    const burstMs = this.config.burstWindowSeconds * 1000;
    const args = [key, t, this.config.windowSeconds * 1000, this.limitOf(caller), burstMs, this.config.burstLimit];
    const rows = await this.sql.query<TakeRow>('SELECT * FROM take_credits($1, $2, $3, $4, $5, $6, $7)', [...args, count], 'take_credits');
    if (rows.length !== count) throw new Error(`take_credits returned ${rows.length} rows for ${count} takes`);
    return rows.map((row) => {
      const snapshot = this.snapshot(caller, row.o_window_start_ms, row.o_used);
      if (row.o_allowed) return { allowed: true, snapshot };
      if (row.o_reason === 'secondary') {
        return { allowed: false, reason: 'secondary', snapshot, retryAfterSeconds: Math.max(1, Math.ceil((row.o_burst_start_ms + burstMs - t) / 1000)) };
      }
      return { allowed: false, reason: 'primary', snapshot };
    });
  }

  /**
   * Refunds of one key and window go as takes do: one UPDATE at a time, the
   * ones asked for meanwhile together in the next, each 304 told when its own
   * credit is back.
   */
  refund(caller: Caller, taken: RateSnapshot): Refund {
    const windowStartMs = taken.reset * 1000 - this.config.windowSeconds * 1000;
    const key = this.keyOf(caller);
    const group = `${key}\u0000${windowStartMs}`;
    const returned = new Promise<void>((resolve) => {
      const next = this.refunding.get(group);
      if (next) {
        next.push(resolve);
        return;
      }
      this.refunding.set(group, []);
      this.giveBack(key, windowStartMs, group, [resolve]);
    });
    this.pending.add(returned);
    void returned.then(() => this.pending.delete(returned));
    return { snapshot: { ...taken, used: Math.max(0, taken.used - 1), remaining: Math.min(taken.limit, taken.remaining + 1) }, returned };
  }

  private giveBack(key: string, windowStartMs: number, group: string, batch: Array<() => void>): void {
    void this.sql
      .query('UPDATE rate_counters SET used = GREATEST(used - $3::integer, 0) WHERE key = $1 AND window_start_ms > $2::bigint - 1000 AND window_start_ms <= $2::bigint', [
        key,
        windowStartMs,
        batch.length,
      ])
      .then(
        () => true,
        (err: unknown) => {
          // The refunds that waited meanwhile share the fault rather than each waiting out a timeout of their own.
          const waiting = this.refunding.get(group) ?? [];
          this.refunding.delete(group);
          this.log(`warning: could not give back ${batch.length + waiting.length} 304s' credit: ${err instanceof Error ? err.message : String(err)}`);
          for (const done of [...batch, ...waiting]) done();
          return false;
        },
      )
      .then((given) => {
        if (!given) return;
        for (const done of batch) done();
        const waiting = this.refunding.get(group) ?? [];
        if (waiting.length === 0) {
          this.refunding.delete(group);
          return;
        }
        this.refunding.set(group, []);
        this.giveBack(key, windowStartMs, group, waiting);
      });
  }

  /** Waits for every refund under way (at shutdown); a 304 waits only for its own (`refund`'s `returned`). */
  async settle(): Promise<void> {
    await Promise.all([...this.pending]);
  }
}
