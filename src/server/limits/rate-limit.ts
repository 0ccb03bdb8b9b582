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
import type { CreditHandover } from './credit-handover';
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

/**
 * One request's credit, from the take to its answer: the `x-ratelimit-*` headers
 * the answer carries, decided once by its status (a 304 gives the credit back,
 * spec 8.2), and what a 304 must wait for before the client hears it, so the
 * client's next request finds the credit back. The chain (`rateLimit`) and the
 * cached-answer lane both settle a credit with this, and nothing else.
 */
export interface SpentCredit {
  /** The answer's rate-limit headers; the first call decides (a 304 refunds), later calls repeat it. */
  headersFor(status: number): Record<string, string>;
  /** After a 304: its own refund done (null when there is nothing to wait for). */
  returned(): Promise<void> | null;
}

export function spentCredit(limiter: Limiter, caller: Caller, taken: RateSnapshot): SpentCredit {
  let headers: Record<string, string> | null = null;
  let returned: Promise<void> | null = null;
  return {
    headersFor(status) {
      if (headers) return headers;
      if (status !== 304) return (headers = rateLimitHeaders(taken));
      const refund = limiter.refund(caller, taken);
      returned = refund.returned;
      return (headers = rateLimitHeaders(refund.snapshot));
    },
    returned: () => returned,
  };
}

/** Paths that cost nothing (GitHub: checking your limit does not spend it). */
const FREE_PATHS = new Set(['/api/rate_limit']);

const SEARCH_PREFIX = '/api/search/';

/** Which resource a request to `path` (the full path, `/api/…`) spends. */
export function resourceOfPath(path: string): RateResource {
  return path.startsWith(SEARCH_PREFIX) ? 'search' : 'core';
}

/**
 * `userIdOf` names a user in the 403 by id, in GitHub's words ("for user ID 123.").
 * `handover` holds the takes of requests the cached-answer lane began and left to the chain.
 */
export function rateLimit(limiters: RateLimiters, userIdOf: (login: string) => Promise<number>, handover?: CreditHandover): MiddlewareHandler<AppEnv> {
  return async function limit(c, next) {
    const caller = c.get('caller');
    const limiter = limiters[resourceOfPath(c.req.path)];
    if (FREE_PATHS.has(c.req.path) || c.req.method === 'OPTIONS') {
      const snapshot = await limiter.peek(caller);
      addStatusHeaders(c, () => rateLimitHeaders(snapshot));
      await next();
      return;
    }

    const taken = await (handover?.claim(requestOf(c.env), limiter, caller) ?? limiter.take(caller));
    if (!taken.allowed) {
      const headers = rateLimitHeaders(taken.snapshot);
      if (taken.reason === 'secondary') {
        return sendError(c, errors.secondaryRateLimited(), { ...headers, 'Retry-After': String(taken.retryAfterSeconds) });
      }
      const who = caller.kind === 'user' ? errors.rateLimitedUser(await userIdOf(caller.login)) : errors.rateLimited(caller.address);
      return sendError(c, who, headers);
    }

    const credit = spentCredit(limiter, caller, taken.snapshot);
    addStatusHeaders(c, (status) => credit.headersFor(status));
    await next();
    const returned = credit.returned();
    if (returned) await returned;
  };
}

/** The node:http request under @hono/node-server (its `env.incoming`); none under `app.request()`. */
function requestOf(env: unknown): object | undefined {
  return (env as { incoming?: object } | undefined)?.incoming;
}
