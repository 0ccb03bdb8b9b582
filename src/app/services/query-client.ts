/**
 * The one QueryClient: retries follow spec 7.2 (retry-policy.ts), and every
 * query failure passes through one `onError` (and rate-limit refusals through
 * one listener, also while a retry is still pending).
 */
import { QueryCache, QueryClient, type Query } from '@tanstack/react-query';
import { retryDelayMs, shouldRetry } from '../api/retry-policy';
import { scheduleRetry } from './retry-schedule';

/** Answers are revalidated with a conditional request (a 304 costs nothing), so a short freshness is cheap. */
export const STALE_TIME_MS = 60_000;

export interface QueryClientOptions {
  now: () => number;
  /** The final failure of a query (after its retries). */
  onError: (error: Error, query: Query<unknown, unknown, unknown>) => void;
  /** Every failed attempt, retries included. */
  onFailure: (error: unknown, query: Query<unknown, unknown, unknown>) => void;
}

export function createQueryClient({ now, onError, onFailure }: QueryClientOptions): QueryClient {
  const queryCache = new QueryCache({ onError: (error, query) => onError(error, query as Query<unknown, unknown, unknown>) });
  queryCache.subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'failed') onFailure(event.action.error, event.query);
  });
  return new QueryClient({
    queryCache,
    defaultOptions: {
      queries: {
        retry: (failureCount, error) => shouldRetry(failureCount, error, now()),
        retryDelay: (failureCount, error) => {
          const delayMs = retryDelayMs(failureCount, error, now());
          // TanStack Query keeps the delay to itself; the status notice says when the next try goes out.
          scheduleRetry(error, now() + delayMs);
          return delayMs;
        },
        staleTime: STALE_TIME_MS,
      },
    },
  });
}

/** The identity a query key belongs to: every key in this app is `[scope, identity, ...]`. */
export function identityOfKey(queryKey: readonly unknown[]): string | null {
  const identity = queryKey[1];
  return typeof identity === 'string' ? identity : null;
}
