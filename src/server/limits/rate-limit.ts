/**
 * Rate-limit middleware (spec 8): spends one credit before the route runs,
 * answers 403 at zero (primary) or 429 on a burst (secondary), gives the
 * credit back for a 304, and puts the `x-ratelimit-*` headers on every answer.
 * A request spends the credit of one resource, chosen by its path as GitHub
 * does: `/search/*` the search resource's, everything else core's.
 */
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env';
import { addStatusHeaders } from '../http/answer-headers';
import { errors } from '../http/error-bodies';
import { sendError } from '../http/respond';
import type { Caller, Limiter, RateResource, RateSnapshot } from './rate-limiter';

/** The limiter of each resource; each keeps its own counters. */
export type RateLimiters = Readonly<Record<RateResource, Limiter>>;

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
export function settledRateHeaders(limiter: Limiter, caller: Caller, taken: RateSnapshot, status: number): Record<string, string> {
  return rateLimitHeaders(status === 304 ? limiter.refund(caller, taken) : taken);
}

/** Paths that cost nothing (GitHub: checking your limit does not spend it). */
const FREE_PATHS = new Set(['/api/rate_limit']);

const SEARCH_PREFIX = '/api/search/';

/** Which resource a request to `path` (the full path, `/api/…`) spends. */
export function resourceOfPath(path: string): RateResource {
  return path.startsWith(SEARCH_PREFIX) ? 'search' : 'core';
}

/** `userIdOf` names a user in the 403 by id, in GitHub's words ("for user ID 123."). */
export function rateLimit(limiters: RateLimiters, userIdOf: (login: string) => Promise<number>): MiddlewareHandler<AppEnv> {
  return async function limit(c, next) {
    const caller = c.get('caller');
    const limiter = limiters[resourceOfPath(c.req.path)];
    if (FREE_PATHS.has(c.req.path) || c.req.method === 'OPTIONS') {
      const snapshot = await limiter.peek(caller);
      addStatusHeaders(c, () => rateLimitHeaders(snapshot));
      await next();
      return;
    }

    const taken = await limiter.take(caller);
    if (!taken.allowed) {
      const headers = rateLimitHeaders(taken.snapshot);
      if (taken.reason === 'secondary') {
        return sendError(c, errors.secondaryRateLimited(), { ...headers, 'Retry-After': String(taken.retryAfterSeconds) });
      }
      const who = caller.kind === 'user' ? errors.rateLimitedUser(await userIdOf(caller.login)) : errors.rateLimited(caller.address);
      return sendError(c, who, headers);
    }

    // Settled once, with the answer's status: a 304 gives its credit back (spec 8), exactly once.
    let settled: Record<string, string> | null = null;
    addStatusHeaders(c, (status) => (settled ??= settledRateHeaders(limiter, caller, taken.snapshot, status)));
    await next();
    // A shared limiter gives a 304's credit back in its database: done before the client
    // hears the 304, so its next request finds the credit there.
    if (c.res.status === 304) await limiter.settle?.();
  };
}
