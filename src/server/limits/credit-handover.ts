/**
 * Takes the cached-answer lane began for requests it then left to the chain
 * (refused, a database fault, an answer no longer cached when the credit came
 * back), so the chain's credit step uses that take instead of spending a
 * second credit or waiting on the database a second time.
 *
 * Keyed by the node:http request object, so a request the chain never claims
 * is simply forgotten with it.
 */
import { callerKey, type Caller, type Limiter, type TakeResult } from './rate-limiter';

interface Handed {
  limiter: Limiter;
  caller: Caller;
  key: string;
  taken: TakeResult | Promise<TakeResult>;
}

export class CreditHandover {
  private readonly handed = new WeakMap<object, Handed>();

  /** Leaves `taken` (a take of `limiter` for `caller`) with `request`, for the chain. */
  hand(request: object, limiter: Limiter, caller: Caller, taken: TakeResult | Promise<TakeResult>): void {
    this.handed.set(request, { limiter, caller, key: callerKey(caller), taken });
  }

  /**
   * The take left with `request` for this limiter and caller, at most once. A take for
   * someone else (the credentials changed while it was under way) is given back and
   * not used; the chain then takes its own.
   */
  claim(request: object | undefined, limiter: Limiter, caller: Caller): TakeResult | Promise<TakeResult> | undefined {
    if (request === undefined) return undefined;
    const handed = this.handed.get(request);
    if (!handed) return undefined;
    this.handed.delete(request);
    if (handed.limiter === limiter && handed.key === callerKey(caller)) return handed.taken;
    void Promise.resolve(handed.taken).then(
      (taken) => {
        if (taken.allowed) handed.limiter.refund(handed.caller, taken.snapshot);
      },
      () => undefined,
    );
    return undefined;
  }
}
