/**
 * The latest rate-limit reading (spec 8.5) and any block a RateLimitedError
 * imposed, as a tiny external store: the API client's `onRateLimit` and the
 * query cache feed it, the header gauge and the pager read it.
 */
import type { RateLimitSnapshot } from '../../api/api-types';
import type { RateLimitedError } from '../../api/api-errors';

/** Why requests are paused, and until when (Unix ms). */
export interface RateLimitBlock {
  kind: 'primary' | 'secondary';
  until: number;
}

export interface RateLimitState {
  /** the REST (`core`) quota as last reported */
  core: RateLimitSnapshot | null;
  /** set from `core` when it reports 0 remaining */
  exhausted: RateLimitBlock | null;
  /** set by a RateLimitedError (a 403 at 0 remaining, or a 429) */
  refused: RateLimitBlock | null;
}

export interface RateLimitStore {
  getSnapshot(): RateLimitState;
  subscribe(listener: () => void): () => void;
  /** A reading from response headers or `GET /rate_limit`. */
  record(snapshot: RateLimitSnapshot): void;
  /** The service refused a request for its rate limit. */
  refuse(error: RateLimitedError): void;
  /** Another identity: its quota is not ours. */
  reset(): void;
}

const CORE = 'core';
/** Reset times are whole seconds; two readings of one window may differ by rounding. */
const SAME_WINDOW_MS = 1000;

const EMPTY: RateLimitState = { core: null, exhausted: null, refused: null };

export function createRateLimitStore(): RateLimitStore {
  let state = EMPTY;
  const listeners = new Set<() => void>();

  function set(next: RateLimitState): void {
    if (next === state) return;
    state = next;
    for (const listener of [...listeners]) listener();
  }

  function withCore(core: RateLimitSnapshot): RateLimitState {
    const exhausted =
      core.remaining > 0
        ? null
        : state.exhausted?.until === core.resetAt
          ? state.exhausted
          : { kind: 'primary' as const, until: core.resetAt };
    return { ...state, core, exhausted };
  }

  return {
    getSnapshot: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    record(snapshot) {
      if (snapshot.resource !== CORE) return;
      const current = state.core;
      if (current !== null) {
        const sameWindow = Math.abs(snapshot.resetAt - current.resetAt) <= SAME_WINDOW_MS;
        // Answers can arrive out of order: within one window the lowest count is the latest truth.
        if (sameWindow && snapshot.remaining >= current.remaining && snapshot.limit === current.limit) return;
        // Another window: the later observation is the truth (an answer of an older one may land late).
        if (!sameWindow && snapshot.observedAt < current.observedAt) return;
      }
      set(withCore(snapshot));
    },
    refuse(error) {
      const refused: RateLimitBlock = { kind: error.kind, until: error.retryAt };
      if (state.refused?.until === refused.until && state.refused.kind === refused.kind) return;
      set({ ...(error.rateLimit ? withCore(error.rateLimit) : state), refused });
    },
    reset() {
      set(EMPTY);
    },
  };
}

/**
 * The block in force at `now`, or null. Returns one of the state's own objects,
 * so it is a stable snapshot for useSyncExternalStore.
 */
export function activeBlock(state: RateLimitState, now: number): RateLimitBlock | null {
  const candidates = [state.refused, state.exhausted].filter(
    (block): block is RateLimitBlock => block !== null && now < block.until,
  );
  if (candidates.length === 0) return null;
  return candidates.reduce((a, b) => (b.until > a.until ? b : a));
}
