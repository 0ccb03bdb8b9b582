/** `GET /rate_limit` (costs nothing) and `GET /user` (who a token belongs to). */
import { Hono } from 'hono';
import { toIsoSeconds } from '../../shared/iso-seconds';
import type { AuthenticatedUser, RateLimitOverview, RateLimitResource } from '../../shared/wire-types';
import type { AppEnv } from '../app-env';
import { DOCS, errors } from '../http/error-bodies';
import { basesOf, sendError, sendJson } from '../http/respond';
import type { RateLimiters } from '../limits/rate-limit';
import type { RateSnapshot } from '../limits/rate-limiter';
import { syntheticId, userUrlTemplates } from '../store/build-documents';
import type { RepositoryReader } from '../store/storage';

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
    const { api, web } = basesOf(c, webBase);
    const login = user?.login ?? token.login;
    const id = user?.id ?? syntheticId('user', login.toLowerCase());
    const userApiUrl = `${api}/users/${encodeURIComponent(login)}`;
    // The token's creation is the earliest moment this service knows the account by.
    const since = toIsoSeconds(token.createdAt * 1000);
    // GitHub's `public-user` (what a token without account permissions gets): profile fields
    // this service does not keep are null or 0, never invented.
    const body: AuthenticatedUser & Record<string, unknown> = {
      login,
      id,
      node_id: `U_${Buffer.from(`0:${id}`).toString('base64url')}`,
      avatar_url: `${web}/avatars/${encodeURIComponent(login)}.svg`,
      gravatar_id: '',
      url: userApiUrl,
      html_url: `${web}/${encodeURIComponent(login)}`,
      ...userUrlTemplates(userApiUrl),
      type: user?.type ?? 'User',
      site_admin: false,
      name: user?.name ?? null,
      company: null,
      blog: null,
      location: null,
      email: null,
      hireable: null,
      bio: null,
      twitter_username: null,
      public_repos: 0,
      public_gists: 0,
      followers: 0,
      following: 0,
      created_at: since,
      updated_at: since,
    };
    return sendJson(c, body);
  });

  return routes;
}
