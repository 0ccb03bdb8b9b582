import { describe, expect, it } from 'vitest';
import {
  ApiError,
  BadCredentialsError,
  BadRequestError,
  ForbiddenError,
  NetworkError,
  NotFoundError,
  RateLimitedError,
  ServerError,
  ValidationError,
} from './api-errors';
import { MAX_RETRIES, RATE_LIMIT_MARGIN_MS, RETRY_MAX_DELAY_MS, retryDelayMs, shouldRetry } from './retry-policy';

const NOW = 1_700_000_000_000;
const rateLimited = (waitMs: number, kind: 'primary' | 'secondary' = 'secondary', status: 403 | 429 = 429) =>
  new RateLimitedError('limited', status, kind, NOW + waitMs, null, null);

describe('shouldRetry (spec 7.2)', () => {
  it.each([
    ['400', new BadRequestError('bad', 400)],
    ['401', new BadCredentialsError('Bad credentials', 401)],
    ['403 permission', new ForbiddenError('no', 403)],
    ['404', new NotFoundError('Not Found', 404)],
    ['422', new ValidationError('Validation Failed', [], null, null)],
    ['an unknown 4xx', new ApiError('teapot', 418)],
    ['a non-API error (a bug)', new TypeError('x is undefined')],
  ])('never retries %s', (_status, error) => {
    expect(shouldRetry(0, error, NOW)).toBe(false);
  });

  it.each([
    ['500', new ServerError('boom', 500)],
    ['502', new ServerError('gateway', 502)],
    ['503', new ServerError('unavailable', 503)],
    ['a network failure', new NetworkError('offline')],
  ])('retries %s up to three times', (_status, error) => {
    expect([0, 1, 2, 3].map((n) => shouldRetry(n, error, NOW))).toEqual([true, true, true, false]);
    expect(MAX_RETRIES).toBe(3);
  });

  it('retries a 429 or 403 rate limit that lifts within a minute', () => {
    expect(shouldRetry(0, rateLimited(12_000), NOW)).toBe(true);
    expect(shouldRetry(0, rateLimited(60_000, 'primary', 403), NOW)).toBe(true);
    expect(shouldRetry(0, rateLimited(-5_000, 'primary', 403), NOW)).toBe(true);
  });

  it('does not wait out a longer rate limit: the user is shown when it lifts instead', () => {
    expect(shouldRetry(0, rateLimited(60_001), NOW)).toBe(false);
    expect(shouldRetry(0, rateLimited(45 * 60_000, 'primary', 403), NOW)).toBe(false);
  });

  it('retries a 503 whose Retry-After is within a minute, and shows one that asks for longer', () => {
    expect(shouldRetry(0, new ServerError('unavailable', 503, null, null, NOW + 30_000), NOW)).toBe(true);
    expect(shouldRetry(0, new ServerError('unavailable', 503, null, null, NOW + 5 * 60_000), NOW)).toBe(false);
  });

  it('reads the clock when no time is given (as TanStack Query calls it)', () => {
    const soon = new RateLimitedError('limited', 429, 'secondary', Date.now() + 1_000, null, null);
    expect(shouldRetry(0, soon)).toBe(true);
  });
});

describe('retryDelayMs', () => {
  it('waits a rate limit out until retryAt plus a margin', () => {
    expect(retryDelayMs(0, rateLimited(12_000), NOW)).toBe(12_000 + RATE_LIMIT_MARGIN_MS);
    expect(retryDelayMs(0, rateLimited(-3_000), NOW)).toBe(RATE_LIMIT_MARGIN_MS);
  });

  it('backs off 1 s, 2 s, 4 s ... capped at 30 s for 5xx and network failures', () => {
    const top = () => 0.999999;
    const delays = [0, 1, 2, 3, 4, 5, 8].map((n) => retryDelayMs(n, new ServerError('boom', 500), NOW, top));
    expect(delays).toEqual([999, 1999, 3999, 7999, 15999, 29999, 29999]);
    expect(Math.max(...delays)).toBeLessThan(RETRY_MAX_DELAY_MS);
  });

  it('honours a 503’s Retry-After, and never comes back sooner than the backoff would', () => {
    const unavailable = new ServerError('unavailable', 503, null, null, NOW + 5_000);
    expect(retryDelayMs(0, unavailable, NOW, () => 0)).toBe(5_000);
    // The backoff's draw is longer than Retry-After: the longer wait wins.
    expect(retryDelayMs(3, new ServerError('unavailable', 503, null, null, NOW + 2_000), NOW, () => 0.5)).toBe(4_000);
  });

  it('jitters over the whole window', () => {
    const error = new NetworkError('offline');
    expect(retryDelayMs(2, error, NOW, () => 0)).toBe(0);
    expect(retryDelayMs(2, error, NOW, () => 0.5)).toBe(2_000);
  });
});
