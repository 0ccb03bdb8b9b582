/**
 * Reads the `x-ratelimit-*` headers every answer carries (spec 8.5) into a
 * snapshot the UI can show: how many credits are left and when they come back.
 */
import { RATE_LIMIT_HEADERS } from '../../shared/api-constants';
import type { RateLimitSnapshot } from './api-types';

const MS_PER_SECOND = 1000;
/** GitHub's name for the REST quota; the one a response without `x-ratelimit-resource` counts against. */
const DEFAULT_RESOURCE = 'core';

function readCount(headers: Headers, name: string): number | null {
  const raw = headers.get(name);
  if (raw === null || !/^\d{1,15}$/.test(raw.trim())) return null;
  return Number(raw.trim());
}

/**
 * The snapshot of one response, or null when the limit, remaining and reset
 * headers are not all present and whole numbers (a proxy's page, a garbled
 * value): a wrong number on screen is worse than none.
 *
 * `x-ratelimit-reset` is Unix seconds on the wire (spec 8.6); `resetAt` is Unix ms.
 */
export function readRateLimit(headers: Headers, now: number): RateLimitSnapshot | null {
  const limit = readCount(headers, RATE_LIMIT_HEADERS.limit);
  const remaining = readCount(headers, RATE_LIMIT_HEADERS.remaining);
  const resetSeconds = readCount(headers, RATE_LIMIT_HEADERS.reset);
  if (limit === null || remaining === null || resetSeconds === null) return null;
  if (remaining > limit) return null;

  // `used` is optional on the wire; when absent it follows from the other two.
  const used = readCount(headers, RATE_LIMIT_HEADERS.used) ?? limit - remaining;
  const resource = headers.get(RATE_LIMIT_HEADERS.resource)?.trim() || DEFAULT_RESOURCE;

  return { limit, remaining, used, resetAt: resetSeconds * MS_PER_SECOND, resource, observedAt: now };
}
