/**
 * When to try a failed request again, and after how long (spec 7.2). Pure
 * functions of the failure; with `now`/`random` left out they read the clock and
 * Math.random, so `retry: shouldRetry, retryDelay: retryDelayMs` plug straight
 * into TanStack Query (whose failureCount is 0 at the first failure).
 */
import { NetworkError, RateLimitedError, ServerError } from './api-errors';

/** spec 7.1: 5xx and network failures are retried with backoff, a few times. */
export const MAX_RETRIES = 3;
/** A rate limit that lifts within this wait is waited out; a longer one is shown to the user instead. */
export const MAX_RATE_LIMIT_WAIT_MS = 60_000;
/** Reset times are whole seconds; arriving a moment late beats arriving early and spending a 403. */
export const RATE_LIMIT_MARGIN_MS = 1_000;
export const RETRY_BASE_MS = 1_000;
export const RETRY_MAX_DELAY_MS = 30_000;

/**
 * spec 7.2: never for 400, 401, a permission 403, 404, 422 or any other 4xx
 * (the request or the credentials must change first); a rate limit only when it
 * lifts within a minute; 5xx and network failures up to three times.
 */
export function shouldRetry(failureCount: number, error: unknown, now: number = Date.now()): boolean {
  if (failureCount >= MAX_RETRIES) return false;
  if (error instanceof RateLimitedError) return error.retryAt - now <= MAX_RATE_LIMIT_WAIT_MS;
  // A 503 that asks for a longer absence than we would wait for a rate limit is shown, not waited out.
  if (error instanceof ServerError) return error.retryAt === null || error.retryAt - now <= MAX_RATE_LIMIT_WAIT_MS;
  return error instanceof NetworkError;
}

/** All the tries of one request: the first and its retries ("attempt 2 of 4"). */
export const MAX_ATTEMPTS = MAX_RETRIES + 1;

/**
 * Rate limited: until `retryAt`, plus a margin. 5xx and network: exponential
 * backoff (1 s, 2 s, 4 s, ... capped at 30 s) with full jitter, so clients that
 * failed together do not come back together (spec 8.8: avoid bursts); a 5xx
 * with `Retry-After` waits at least that long.
 */
export function retryDelayMs(
  failureCount: number,
  error: unknown,
  now: number = Date.now(),
  random: () => number = Math.random,
): number {
  if (error instanceof RateLimitedError) return Math.max(0, error.retryAt - now) + RATE_LIMIT_MARGIN_MS;
  const ceiling = Math.min(RETRY_BASE_MS * 2 ** Math.max(0, failureCount), RETRY_MAX_DELAY_MS);
  const unit = Math.min(Math.max(random(), 0), 1);
  const backoff = Math.floor(unit * ceiling);
  if (error instanceof ServerError && error.retryAt !== null) return Math.max(backoff, error.retryAt - now);
  return backoff;
}
