/** `GET /rate_limit` (costs nothing) and `GET /user` (who a token belongs to). */
import { Hono } from 'hono';
import { toIsoSeconds } from '../../shared/iso-seconds';
import type { RateLimitOverview, RateLimitResource } from '../../shared/wire-types';
import type { AppEnv } from '../app-env';
import { DOCS, errors } from '../http/error-bodies';
import { basesOf, sendError, sendJson } from '../http/respond';
import type { RateLimiters } from '../limits/rate-limit';
import type { RateSnapshot } from '../limits/rate-limiter';
import type { RepositoryReader } from '../store/storage';
import { publicUserDocument } from './public-user';

function resourceOf(s: RateSnapshot): RateLimitResource {
  return { limit: s.limit, used: s.used, remaining: s.remaining, reset: s.reset, resource: s.resource };
}

export function accountRoutes(store: Pick<RepositoryReader, 'findUser'>, limiters: RateLimiters, webBase: string | null): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.get('/rate_limit', async (c) => {
    const caller = c.get('caller');
    const core = resourceOf(await limiters.core.peek(caller));
    const search = resourceOf(await limiters.search.peek(caller));
    // `rate` is core's, as on GitHub (deprecated there in favour of `resources.core`).
    const body: RateLimitOverview = { resources: { core, search }, rate: core };
    return sendJson(c, body);
  });

  routes.get('/user', async (c) => {
    const token = c.get('token');
    if (!token) return sendError(c, errors.requiresAuthentication(DOCS.getUser));
    const user = await store.findUser(token.login);
    // The token's creation is the earliest moment this service knows the account by.
    const body = publicUserDocument(token.login, user, toIsoSeconds(token.createdAt * 1000), basesOf(c, webBase));
    return sendJson(c, body);
  });

  return routes;
}
