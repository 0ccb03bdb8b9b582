/**
 * One ticking clock for the whole app (countdowns, relative times), readable
 * with useSyncExternalStore. It ticks only while something listens, and the
 * time source is injected so tests drive it with fake timers.
 */

export const CLOCK_TICK_MS = 1000;

export interface Clock {
  /** Unix ms, the same value between ticks (a stable snapshot for React). */
  getSnapshot(): number;
  /**
   * The time a page rendered on the service was rendered at: what that render read, and so what the
   * browser's hydration of it must read for relative times and countdowns to match their text. For a
   * page rendered in the browser, the time the clock was made (React does not ask for it then).
   */
  getServerSnapshot(): number;
  subscribe(listener: () => void): () => void;
}

export function createClock(now: () => number = () => Date.now(), tickMs: number = CLOCK_TICK_MS, renderedAt: number = now()): Clock {
  const listeners = new Set<() => void>();
  let current = now();
  let timer: ReturnType<typeof setInterval> | null = null;

  function tick(): void {
    current = now();
    for (const listener of [...listeners]) listener();
  }

  return {
    getSnapshot() {
      // Nobody listens, so nothing ticks: refresh a stale reading, but keep it
      // for a whole tick so two reads in one render agree.
      if (timer === null && now() - current >= tickMs) current = now();
      return current;
    },
    getServerSnapshot: () => renderedAt,
    subscribe(listener) {
      listeners.add(listener);
      if (timer === null) {
        current = now();
        timer = setInterval(tick, tickMs);
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && timer !== null) {
          clearInterval(timer);
          timer = null;
        }
      };
    },
  };
}
