/**
 * The requests held back by the low-budget rule (services/secondary-budget.ts),
 * listed for the header's gauge, which says what waits and until when.
 */
import type { RateLimitResource } from './rate-limit-store';

/** One request waiting for the budget: what it is, in the gauge's words, and until when. */
export interface HeldRequest {
  /** e.g. "the closed count", "the label menu" */
  what: string;
  resource: RateLimitResource;
  until: number;
}

export interface HeldRequests {
  /** What waits now (a stable array between changes, for useSyncExternalStore); one entry per holder. */
  getSnapshot(): readonly HeldRequest[];
  subscribe(listener: () => void): () => void;
  /** Lists a request as held back; the returned function takes it off the list. */
  hold(request: HeldRequest): () => void;
}

export function createHeldRequests(): HeldRequests {
  let snapshot: readonly HeldRequest[] = [];
  const listeners = new Set<() => void>();
  const set = (next: readonly HeldRequest[]) => {
    snapshot = next;
    for (const listener of [...listeners]) listener();
  };
  return {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    hold(request) {
      // Its own entry, so that two holders of one kind (two menus) each take theirs off.
      const entry = { ...request };
      set([...snapshot, entry]);
      return () => {
        if (snapshot.includes(entry)) set(snapshot.filter((held) => held !== entry));
      };
    },
  };
}
