import { useCallback, useSyncExternalStore } from 'react';
import { useAppServices } from '../../services/app-services-context';
import { activeBlock, type RateLimitBlock, type RateLimitResource } from '../../services/rate-limit-store';

/**
 * The rate-limit block in force for requests spending `resource`, or null. Re-renders only when a block starts
 * or lifts (the latter by the clock, when its reset time passes).
 */
export function useRateLimitBlock(resource: RateLimitResource = 'core'): RateLimitBlock | null {
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
  return useSyncExternalStore(subscribe, () => activeBlock(rateLimit.getSnapshot(), clock.getSnapshot(), resource));
}
