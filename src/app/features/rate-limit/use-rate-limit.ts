import { useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { useAppServices, useConnection } from '../../services/app-services-context';
import { rateLimitQuery } from './rate-limit-queries';
import type { RateLimitState } from '../../services/rate-limit-store';

/** Re-read the quota this long after the window resets (reset times are whole seconds). */
const AFTER_RESET_MS = 2_000;
/**
 * Look again at least this often (it costs nothing), and never schedule further
 * out: timers overflow past 2^31 ms and would then fire at once, in a loop.
 */
const MAX_REFRESH_MS = 5 * 60_000;

/**
 * The quota as the gauge shows it: the latest reading from any answer's headers,
 * seeded by `GET /rate_limit` on start and re-read once each window resets.
 */
export function useRateLimit(): RateLimitState {
  const { rateLimit, now } = useAppServices();
  const connection = useConnection();
  useQuery({
    ...rateLimitQuery(connection, rateLimit, now),
    refetchInterval: () => {
      const { core, search } = rateLimit.getSnapshot();
      if (core === null) return MAX_REFRESH_MS;
      // The search window is a minute: re-read it after its reset too, while it is not full.
      const resetAt = search !== null && search.remaining < search.limit ? Math.min(core.resetAt, search.resetAt) : core.resetAt;
      return Math.min(MAX_REFRESH_MS, Math.max(AFTER_RESET_MS, resetAt - now() + AFTER_RESET_MS));
    },
    refetchOnWindowFocus: false,
  });
  // The page rendered on the service hands its reading over (main.tsx seeds the store before hydrating).
  return useSyncExternalStore(rateLimit.subscribe, rateLimit.getSnapshot, rateLimit.getSnapshot);
}
