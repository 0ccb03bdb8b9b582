/**
 * Rate-limit middleware (spec 8): spends one credit before the route runs,
 * answers 403 at zero (primary) or 429 on a burst (secondary), gives the
 * credit back for a 304, and puts the `x-ratelimit-*` headers on every answer.
 */
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env';
import { addStatusHeaders } from '../http/answer-headers';
import { errors } from '../http/error-bodies';
import { sendError } from '../http/respond';
import type { Caller, RateLimiter, RateSnapshot } from './rate-limiter';

export function rateLimitHeaders(s: RateSnapshot): Record<string, string> {
  return {
    'x-ratelimit-limit': String(s.limit),
    'x-ratelimit-remaining': String(s.remaining),
    'x-ratelimit-reset': String(s.reset),
    'x-ratelimit-used': String(s.used),
    'x-ratelimit-resource': s.resource,
  };
}

/** The headers of an answer that took a credit: a 304 gives it back (spec 8), so call this once per answer. */
export function settledRateHeaders(limiter: RateLimiter, caller: Caller, taken: RateSnapshot, status: number): Record<string, string> {
  return rateLimitHeaders(status === 304 ? limiter.refund(caller) : taken);
}

/** Paths that cost nothing (GitHub: checking your limit does not spend it). */
const FREE_PATHS = new Set(['/api/rate_limit']);

/** `userIdOf` names a user in the 403 by id, in GitHub's words ("for user ID 123."). */
export function rateLimit(limiter: RateLimiter, userIdOf: (login: string) => number): MiddlewareHandler<AppEnv> {
  return async function limit(c, next) {
    const caller = c.get('caller');
    if (FREE_PATHS.has(c.req.path) || c.req.method === 'OPTIONS') {
      addStatusHeaders(c, () => rateLimitHeaders(limiter.peek(caller)));
      await next();
      return;
    }

    const taken = limiter.take(caller);
    if (!taken.allowed) {
      const headers = rateLimitHeaders(taken.snapshot);
      if (taken.reason === 'secondary') {
        return sendError(c, errors.secondaryRateLimited(), { ...headers, 'Retry-After': String(taken.retryAfterSeconds) });
      }
      const who = caller.kind === 'user' ? errors.rateLimitedUser(userIdOf(caller.login)) : errors.rateLimited(caller.address);
      return sendError(c, who, headers);
    }

    // Settled once, with the answer's status: a 304 gives its credit back (spec 8), exactly once.
    let settled: Record<string, string> | null = null;
    addStatusHeaders(c, (status) => (settled ??= settledRateHeaders(limiter, caller, taken.snapshot, status)));
    await next();
  };
}
