/**
 * Whether the service can be reached: fed by the API client after every
 * request (any HTTP answer is "reachable", no answer is not) and by the
 * browser's own online/offline events. A tiny external store, read by the
 * notice in the shell; `onRecover` runs once when an outage ends so the app
 * can refresh what it showed from saved copies.
 */

export interface ConnectivityState {
  /** Unix ms since when nothing has answered, or null while the service answers */
  unreachableSince: number | null;
  /** true when the browser itself reports being offline */
  browserOffline: boolean;
}

export interface ConnectivityStore {
  getSnapshot(): ConnectivityState;
  subscribe(listener: () => void): () => void;
  /** A request got an answer (or did not). */
  report(reachable: boolean): void;
  /** The browser's `offline` / `online` events. */
  setBrowserOffline(offline: boolean): void;
  /** Another service or token: its outage is not ours. */
  reset(): void;
}

const REACHABLE: ConnectivityState = { unreachableSince: null, browserOffline: false };

export function isOffline(state: ConnectivityState): boolean {
  return state.browserOffline || state.unreachableSince !== null;
}

export function createConnectivityStore(options: { now: () => number; onRecover?: () => void }): ConnectivityStore {
  let state = REACHABLE;
  const listeners = new Set<() => void>();

  function set(next: ConnectivityState, quietly = false): void {
    if (next.unreachableSince === state.unreachableSince && next.browserOffline === state.browserOffline) return;
    const recovered = !quietly && isOffline(state) && !isOffline(next);
    state = next;
    for (const listener of [...listeners]) listener();
    if (recovered) options.onRecover?.();
  }

  return {
    getSnapshot: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    report(reachable) {
      if (reachable) set({ ...state, unreachableSince: null, browserOffline: false });
      else if (state.unreachableSince === null) set({ ...state, unreachableSince: options.now() });
    },
    setBrowserOffline(offline) {
      set({ ...state, browserOffline: offline });
    },
    reset() {
      set(REACHABLE, true);
    },
  };
}

/**
 * Look again while unreachable: every 2 s at first, then every 5 s, then every
 * 15 s the longer the outage lasts (spec 8.8: no bursts). Steps, not a curve:
 * TanStack Query restarts a refetch interval whenever its value changes, so a
 * value that changed every render would never fire.
 */
export const PROBE_MIN_MS = 2_000;
export const PROBE_MAX_MS = 15_000;
const PROBE_STEPS: ReadonlyArray<readonly [outageUnderMs: number, intervalMs: number]> = [
  [10_000, PROBE_MIN_MS],
  [60_000, 5_000],
];

export function probeIntervalMs(state: ConnectivityState, now: number): number {
  if (state.unreachableSince === null) return PROBE_MIN_MS;
  const outageMs = Math.max(0, now - state.unreachableSince);
  return PROBE_STEPS.find(([under]) => outageMs < under)?.[1] ?? PROBE_MAX_MS;
}
