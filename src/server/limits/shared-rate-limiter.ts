/**
 * Rate limits every instance on one PostgreSQL shares (spec 8, issue 28): a
 * request takes its credit in the database before it is processed, in one
 * round trip (`take_credits`, schema.ts), which locks the caller's primary and
 * burst counters, checks both and spends both. So N instances let exactly the
 * limit through between them, each reports the same `x-ratelimit-*`, and a
 * credit spent is committed before the answer: killing an instance loses none.
 *
 * A 304 gives its credit back (spec 8.2): the headers say so at once, and the
 * database is told in the caller's next call of `take_credits` (one of its own
 * when none is under way), which gives back before it takes, in the window the
 * credit came from; the 304 is sent once that call has committed, so the
 * client's next request finds it.
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

/** A 304's credit to give back, in the window it came from; `done` once it is back (or could not be). */
interface Giving {
  windowStartMs: number;
  done: () => void;
}

/** One key's calls: present while one is under way, holding what asked meanwhile, which goes in the next. */
interface KeyCalls {
  caller: Caller;
  takes: Waiting[];
  refunds: Giving[];
}

/** A bound on one call's takes, so one statement stays short however many requests wait. */
const MAX_TAKES_PER_CALL = 64;

export class SharedRateLimiter implements Limiter {
  /** refunds under way, awaited by `settle` */
  private readonly pending = new Set<Promise<unknown>>();
  /** per key with a call under way: the takes and refunds asked for since, which go together next */
  private readonly calls = new Map<string, KeyCalls>();

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
   * A key's takes and refunds run one call at a time: the ones asked for while a
   * call is under way wait for it and then go together, as one call of
   * `take_credits`, which first gives back the refunds and then answers each take
   * in turn as `take_credit` would have. Requests of one caller queue on its
   * counters' row lock anyway; so they queue here instead, and share a round
   * trip, a lock and a commit rather than each waiting for the last's. Every take
   * still has its own answer, committed before any of their requests is answered.
   */
  take(caller: Caller): Promise<TakeResult> {
    return new Promise<TakeResult>((resolve, reject) => this.ask(caller, { resolve, reject }, null));
  }

  /**
   * A 304's credit goes back with the key's next call (spec 8.2), in the window it
   * came from; the headers say so at once, and the 304 is sent once `returned`
   * says it is committed, so the client's next request finds it.
   */
  refund(caller: Caller, taken: RateSnapshot): Refund {
    const windowStartMs = taken.reset * 1000 - this.config.windowSeconds * 1000;
    const returned = new Promise<void>((done) => this.ask(caller, null, { windowStartMs, done }));
    this.pending.add(returned);
    void returned.then(() => this.pending.delete(returned));
    return { snapshot: { ...taken, used: Math.max(0, taken.used - 1), remaining: Math.min(taken.limit, taken.remaining + 1) }, returned };
  }

  /** Joins the key's next call, or makes one now when none is under way. */
  private ask(caller: Caller, take: Waiting | null, refund: Giving | null): void {
    const key = this.keyOf(caller);
    const under = this.calls.get(key);
    if (under) {
      if (take) under.takes.push(take);
      if (refund) under.refunds.push(refund);
      return;
    }
    this.calls.set(key, { caller, takes: [], refunds: [] });
    this.call(caller, key, take ? [take] : [], refund ? [refund] : []);
  }

  /** One call for `takes` and `refunds` (all of one window), then the key's next, until nothing waits. */
  private call(caller: Caller, key: string, takes: Waiting[], refunds: Giving[]): void {
    void this.takeMany(caller, key, takes.length, refunds).then(
      (results) => {
        takes.forEach((w, i) => w.resolve(results[i] as TakeResult));
        for (const r of refunds) r.done();
        this.callNext(key);
      },
      (err: unknown) => {
        // What waited meanwhile shares the fault rather than each waiting out a timeout of
        // its own after it (spec 7: a quick 503 while the database is away). A 304 whose
        // credit could not be given back is still sent, free as the headers said, and logged.
        const waiting = this.calls.get(key);
        this.calls.delete(key);
        for (const w of [...takes, ...(waiting?.takes ?? [])]) w.reject(err);
        const unreturned = [...refunds, ...(waiting?.refunds ?? [])];
        if (unreturned.length > 0) this.log(`warning: could not give back ${unreturned.length} 304s' credit: ${err instanceof Error ? err.message : String(err)}`);
        for (const r of unreturned) r.done();
      },
    );
  }

  private callNext(key: string): void {
    const waiting = this.calls.get(key);
    if (!waiting) return;
    if (waiting.takes.length === 0 && waiting.refunds.length === 0) {
      this.calls.delete(key);
      return;
    }
    const takes = waiting.takes.splice(0, MAX_TAKES_PER_CALL);
    // One window's refunds a call: those of another (a window that ended meanwhile) go in the next.
    const window = waiting.refunds[0]?.windowStartMs;
    const refunds = waiting.refunds.filter((r) => r.windowStartMs === window);
    waiting.refunds = waiting.refunds.filter((r) => r.windowStartMs !== window);
    this.call(waiting.caller, key, takes, refunds);
  }

  private async takeMany(caller: Caller, key: string, count: number, refunds: readonly Giving[]): Promise<TakeResult[]> {
    const t = this.now();
    const burstMs = this.config.burstWindowSeconds * 1000;
    const args = [key, t, this.config.windowSeconds * 1000, this.limitOf(caller), burstMs, this.config.burstLimit, count, refunds.length, refunds[0]?.windowStartMs ?? 0];
    const rows = await this.sql.query<TakeRow>('SELECT * FROM take_credits($1, $2, $3, $4, $5, $6, $7, $8, $9)', args, 'take_credits_and_refunds');
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

  /** Waits for every refund under way (at shutdown); a 304 waits only for its own (`refund`'s `returned`). */
  async settle(): Promise<void> {
    await Promise.all([...this.pending]);
  }
}
