/**
 * Builds the Hono app from its dependencies; no listen() here, so tests call
 * `app.request()` or serve it on a loopback port themselves.
 *
 * A request meets, in order: request id and the headers every answer carries
 * → CORS preflight → the API steps (admit, credit, verdict, repository: the one
 * list in http/api-steps.ts) → route → error handler. In the running service a
 * request for an answer already cached, which all of these would let through,
 * is answered before it gets here, by the same list of steps
 * (http/cached-answer-lane.ts, wired in main.ts), which answers every request
 * it takes a credit for.
 */
import { Hono } from 'hono';
import type { AppEnv } from './app-env';
import { AnswerCache } from './http/answer-cache';
import { answerHeaders, apiSteps } from './http/api-steps-middleware';
import { API_CORS, preflight } from './http/cross-origin';
import { DOCS, errors } from './http/error-bodies';
import { faultAnswer } from './http/fault-answer';
import { sendAnswer, sendError } from './http/respond';
import type { RateLimiters } from './limits/rate-limit';
import { DEFAULT_RATE_LIMITS, limitsOf, RateLimiter, type Limiter } from './limits/rate-limiter';
import { accountRoutes } from './routes/account';
import { avatarRoutes } from './routes/avatars';
import { issueLinkRoutes, orgIssueTypeRoutes } from './routes/issue-links';
import { issueRoutes } from './routes/issues';
import { peopleRoutes } from './routes/people';
import { readOnly } from './routes/read-only';
import { repoRoutes } from './routes/repos';
import { searchRoutes } from './routes/search';
import { staticAppRoutes } from './routes/static-app';
import type { CallerBindings } from './routes/first-view-api-fetch';
import type { FirstViewBounds } from './routes/first-view-page';
import { userRoutes } from './routes/users';
import { syntheticId } from './store/build-documents';
import { LookupCache } from './store/lookup-cache';
import type { Storage } from './store/storage';
import type { StorageError } from './store/store-error';

export interface AppDependencies {
  store: Storage;
  /** the repository and token rows remembered between requests; the cached-answer lane reads the same one */
  lookups?: LookupCache;
  /** the core resource's limiter (spec 8) */
  limiter: Limiter;
  /** the search resource's; a fresh one with GitHub's search limits when not given */
  searchLimiter?: Limiter;
  now: () => number;
  /** honour X-Forwarded-For for the client IP (only behind your own proxy) */
  trustProxy?: boolean;
  /** where `html_url`s point; defaults to the origin the request came to */
  webBase?: string | null;
  /** the built app to serve at `/`; none in API-only tests */
  distDir?: string | null;
  /** API origins the served app may connect to besides its own and GitHub's (its CSP `connect-src`) */
  apiOrigins?: readonly string[];
  log?: (line: string) => void;
  /** the rendered-answer cache (http/answer-cache.ts); the cached-answer lane reads the same one */
  answers?: AnswerCache;
  /** an error as the storage's StorageError, when it is one (open-storage.ts `toStorageError`) */
  describeStorageFault?: (err: unknown) => StorageError | null;
  /** bounds of the list's first view rendered by the service (routes/first-view-page.ts); its defaults unless given */
  firstViewBounds?: FirstViewBounds;
  /** false: every page is the shell (serve --faults, whose faults stand in front of outside requests only, so a client under test meets them from its first request) */
  renderFirstViews?: boolean;
}

/** A user's id by login, for the 403 that names them; one the store has never seen gets the id its documents would. */
export function userIdFinder(store: Pick<Storage, 'findUser'>): (login: string) => Promise<number> {
  return async (login) => (await store.findUser(login))?.id ?? syntheticId('user', login.toLowerCase());
}

export function createApp(deps: AppDependencies): Hono<AppEnv> {
  const log = deps.log ?? ((line: string) => console.log(line));
  const webBase = deps.webBase ?? null;
  const limiters: RateLimiters = {
    core: deps.limiter,
    search: deps.searchLimiter ?? new RateLimiter(limitsOf(DEFAULT_RATE_LIMITS, 'search'), deps.now, [], 'search'),
  };
  const lookups = deps.lookups ?? new LookupCache(deps.store);
  const api = new Hono<AppEnv>();

  api.use(answerHeaders());
  api.use(preflight(API_CORS));
  api.use(
    apiSteps({
      lookups,
      renames: deps.store,
      limiters,
      userIdOf: userIdFinder(deps.store),
      now: deps.now,
      trustProxy: deps.trustProxy ?? false,
    }),
  );

  api.route('/', accountRoutes(deps.store, limiters, webBase));
  api.route('/search', searchRoutes(deps.store, webBase));
  api.route('/users', userRoutes(deps.store, webBase));
  api.on(['POST', 'PUT', 'PATCH', 'DELETE'], ['/repos/:owner/:repo', '/repos/:owner/:repo/*'], readOnly());
  api.route('/repos/:owner/:repo', repoRoutes(deps.store, webBase));
  const answers = deps.answers ?? new AnswerCache();
  api.route('/repos/:owner/:repo', issueRoutes(deps.store, webBase, answers));
  api.route('/repos/:owner/:repo', peopleRoutes(deps.store, webBase, answers));
  api.route('/repos/:owner/:repo', issueLinkRoutes(deps.store, webBase, answers));
  api.route('/orgs/:org', orgIssueTypeRoutes(deps.store));

  // A mounted sub-app's notFound is not consulted by the parent, so unknown API paths end here.
  api.all('*', (c) => sendError(c, errors.notFound(DOCS.root)));
  api.onError((err, c) => {
    return sendAnswer(c, faultAnswer(err, `${c.get('requestId') ?? '-'} ${c.req.method} ${new URL(c.req.url).pathname}`, { describeStorageFault: deps.describeStorageFault, log }));
  });

  const app = new Hono<AppEnv>();
  app.route('/api', api);
  app.route('/avatars', avatarRoutes());
  if (deps.distDir) {
    // A render's API requests are answered by this app, under /api (routes/first-view-api-fetch.ts).
    const firstView = { ...deps.firstViewBounds, app: (request: Request, bindings: CallerBindings) => app.fetch(request, bindings), now: deps.now, log };
    app.route('/', staticAppRoutes(deps.distDir, { apiOrigins: deps.apiOrigins, apiPath: '/api', ...(deps.renderFirstViews === false ? {} : { firstView }) }));
  }
  app.onError((err, c) => {
    log(`error ${c.req.method} ${new URL(c.req.url).pathname}: ${err.stack ?? String(err)}`);
    return c.text('Server Error', 500);
  });
  return app;
}
