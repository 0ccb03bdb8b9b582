import { useCallback, useSyncExternalStore } from 'react';
import { useAppServices } from './app-services-context';
import { activeBlock, type RateLimitBlock, type RateLimitResource, type RateLimitState } from './rate-limit-store';

/**
 * A value read from the rate-limit state at the clock's time, re-read when either changes; `read` must return
 * a stable value (a primitive, or one of the state's own objects), as useSyncExternalStore needs.
 */
export function useRateLimitReading<T>(read: (state: RateLimitState, now: number) => T): T {
  const { rateLimit, clock } = useAppServices();
  const subscribe = useCallback(
    (listener: () => void) => {
      const unsubscribeStore = rateLimit.subscribe(listener);
      const unsubscribeClock = clock.subscribe(listener);
      return () => {
        unsubscribeStore();
        unsubscribeClock();
      };
    },
    [rateLimit, clock],
  );
  return useSyncExternalStore(
    subscribe,
    () => read(rateLimit.getSnapshot(), clock.getSnapshot()),
    () => read(rateLimit.getSnapshot(), clock.getServerSnapshot()),
  );
}

/**
 * The rate-limit block in force for requests spending `resource`, or null. Re-renders only when a block starts
 * or lifts (the latter by the clock, when its reset time passes).
 */
export function useRateLimitBlock(resource: RateLimitResource = 'core'): RateLimitBlock | null {
  return useRateLimitReading((state, now) => activeBlock(state, now, resource));
}
