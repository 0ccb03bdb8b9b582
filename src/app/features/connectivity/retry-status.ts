/**
 * What the app says while it retries (spec 7.2), derived from a query's own
 * `failureReason` and `failureCount`: "Service unavailable (503) — retrying in
 * 2 s, attempt 2 of 4", "Rate limited by the service — retrying in 12 s".
 */
import type { Query } from '@tanstack/react-query';
import { NetworkError, RateLimitedError, ServerError } from '../../api/api-errors';
import { MAX_ATTEMPTS } from '../../api/retry-policy';

const STATUS_NAMES: Record<number, string> = {
  500: 'Server error',
  502: 'Bad gateway',
  503: 'Service unavailable',
  504: 'Gateway timeout',
};

const MS_PER_SECOND = 1000;

export type RetryKind = 'rate-limited' | 'server' | 'network';

export function retryKindOf(error: unknown): RetryKind | null {
  if (error instanceof RateLimitedError) return 'rate-limited';
  if (error instanceof ServerError) return 'server';
  if (error instanceof NetworkError) return 'network';
  return null;
}

/** "in 3 s" while waiting, "now" once the time has come (the attempt is on its way). */
function when(retryAt: number | null, now: number): string {
  if (retryAt === null || retryAt <= now) return 'now';
  return `in ${Math.ceil((retryAt - now) / MS_PER_SECOND)} s`;
}

/**
 * The line the status notice shows for a query waiting to retry, or null for
 * a failure that is not retried. `failureCount` is how many attempts failed.
 */
export function retryStatusText(error: unknown, failureCount: number, retryAt: number | null, now: number): string | null {
  const kind = retryKindOf(error);
  if (kind === null) return null;
  if (kind === 'rate-limited') return `Rate limited by the service — retrying ${when(retryAt, now)}`;
  const attempt = `attempt ${Math.min(failureCount + 1, MAX_ATTEMPTS)} of ${MAX_ATTEMPTS}`;
  if (error instanceof ServerError) {
    const name = STATUS_NAMES[error.status] ?? 'The service failed';
    return `${name} (${error.status}) — retrying ${when(retryAt, now)}, ${attempt}`;
  }
  return `No answer from the service — retrying ${when(retryAt, now)}, ${attempt}`;
}

/** Rate limits first (they pause paging), then service failures, then no answer at all. */
const PRIORITY: Record<RetryKind, number> = { 'rate-limited': 0, server: 1, network: 2 };

/**
 * Of the queries, the one the notice speaks for: fetching, with a failed
 * attempt behind it (the notice shows while it waits and while it retries). Returns its hash (a stable value
 * for useSyncExternalStore), or null when nothing is retrying.
 */
export function retryingQueryHash(queries: readonly Query[], isCurrent: (queryKey: readonly unknown[]) => boolean): string | null {
  let best: Query | null = null;
  let bestRank = Infinity;
  for (const query of queries) {
    const { fetchStatus, fetchFailureCount, fetchFailureReason } = query.state;
    if (fetchStatus !== 'fetching' || fetchFailureCount === 0 || !isCurrent(query.queryKey)) continue;
    const kind = retryKindOf(fetchFailureReason);
    if (kind === null) continue;
    // Within a kind, the request furthest along its retries: the one closest to giving up.
    const rank = PRIORITY[kind] * 100 - fetchFailureCount;
    if (rank < bestRank) {
      best = query;
      bestRank = rank;
    }
  }
  return best === null ? null : `${best.queryHash}\u0000${best.state.fetchFailureCount}`;
}
