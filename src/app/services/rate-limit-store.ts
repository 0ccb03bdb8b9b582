/**
 * The latest rate-limit reading (spec 8.5) and any block a RateLimitedError
 * imposed, as a tiny external store: the API client's `onRateLimit` and the
 * query cache feed it, the header gauge and the pager read it.
 */
import type { RateLimitSnapshot } from '../api/api-types';
import type { RateLimitedError } from '../api/api-errors';

/** Why requests are paused, and until when (Unix ms). */
export interface RateLimitBlock {
  kind: 'primary' | 'secondary';
  until: number;
}

/** The budgets the app spends: lists and issues spend `core`; `GET /search/issues` its own `search` (30 a minute with a token, 10 without). */
export type RateLimitResource = 'core' | 'search';

export interface RateLimitState {
  /** the REST (`core`) quota as last reported */
  core: RateLimitSnapshot | null;
  /** set from `core` when it reports 0 remaining */
  exhausted: RateLimitBlock | null;
  /** set by a RateLimitedError of the core budget, or any secondary limit (a 429), which pauses everything */
  refused: RateLimitBlock | null;
  /** the search quota as last reported */
  search: RateLimitSnapshot | null;
  searchExhausted: RateLimitBlock | null;
  /** set by a search's 403 at 0 remaining */
  searchRefused: RateLimitBlock | null;
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

/** Reset times are whole seconds; two readings of one window may differ by rounding. */
const SAME_WINDOW_MS = 1000;

const EMPTY: RateLimitState = { core: null, exhausted: null, refused: null, search: null, searchExhausted: null, searchRefused: null };

const SLOTS = {
  core: { snapshot: 'core', exhausted: 'exhausted', refused: 'refused' },
  search: { snapshot: 'search', exhausted: 'searchExhausted', refused: 'searchRefused' },
} as const;

function resourceOf(snapshot: RateLimitSnapshot | null): RateLimitResource | null {
  const resource = snapshot?.resource ?? 'core';
  return resource === 'core' || resource === 'search' ? resource : null;
}

export function createRateLimitStore(): RateLimitStore {
  let state = EMPTY;
  const listeners = new Set<() => void>();

  function set(next: RateLimitState): void {
    if (next === state) return;
    state = next;
    for (const listener of [...listeners]) listener();
  }

  function withReading(snapshot: RateLimitSnapshot, resource: RateLimitResource): RateLimitState {
    const slot = SLOTS[resource];
    const previous = state[slot.exhausted];
    const exhausted =
      snapshot.remaining > 0
        ? null
        : previous?.until === snapshot.resetAt
          ? previous
          : { kind: 'primary' as const, until: snapshot.resetAt };
    return { ...state, [slot.snapshot]: snapshot, [slot.exhausted]: exhausted };
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
      const resource = resourceOf(snapshot);
      if (resource === null) return;
      const current = state[SLOTS[resource].snapshot];
      if (current !== null) {
        const sameWindow = Math.abs(snapshot.resetAt - current.resetAt) <= SAME_WINDOW_MS;
        // Answers can arrive out of order: within one window the lowest count is the latest truth.
        if (sameWindow && snapshot.remaining >= current.remaining && snapshot.limit === current.limit) return;
        // Another window: the later observation is the truth (an answer of an older one may land late).
        if (!sameWindow && snapshot.observedAt < current.observedAt) return;
      }
      set(withReading(snapshot, resource));
    },
    refuse(error) {
      const refused: RateLimitBlock = { kind: error.kind, until: error.retryAt };
      // A secondary limit slows every request down; a primary one is the budget that ran out.
      const resource = error.kind === 'primary' && resourceOf(error.rateLimit) === 'search' ? 'search' : 'core';
      const slot = SLOTS[resource].refused;
      const current = state[slot];
      if (current?.until === refused.until && current.kind === refused.kind) return;
      const readingOf = error.rateLimit !== null ? resourceOf(error.rateLimit) : null;
      set({ ...(error.rateLimit !== null && readingOf !== null ? withReading(error.rateLimit, readingOf) : state), [slot]: refused });
    },
    reset() {
      set(EMPTY);
    },
  };
}

/**
 * The block in force at `now` for requests spending `resource`, or null. Returns one of the state's own objects,
 * so it is a stable snapshot for useSyncExternalStore.
 */
export function activeBlock(state: RateLimitState, now: number, resource: RateLimitResource = 'core'): RateLimitBlock | null {
  const all = resource === 'core' ? [state.refused, state.exhausted] : [state.searchRefused, state.searchExhausted, state.refused?.kind === 'secondary' ? state.refused : null];
  const candidates = all.filter(
    (block): block is RateLimitBlock => block !== null && now < block.until,
  );
  if (candidates.length === 0) return null;
  return candidates.reduce((a, b) => (b.until > a.until ? b : a));
}
