/**
 * A request's credit (spec 8): which resource's limit it spends, chosen by its
 * path as GitHub does (`/search/*` the search resource's, everything else
 * core's), the `x-ratelimit-*` headers its answer carries, and the credit a
 * 304 gives back. The steps that take it are in http/api-steps.ts.
 */
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
 * client's next request finds the credit back. The credit step of an API
 * request (http/api-steps.ts), which the chain and the cached-answer lane both
 * run, spends a credit with this, and nothing else.
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

const SEARCH_PREFIX = '/api/search/';

/** Which resource a request to `path` (the full path, `/api/…`) spends. */
export function resourceOfPath(path: string): RateResource {
  return path.startsWith(SEARCH_PREFIX) ? 'search' : 'core';
}
