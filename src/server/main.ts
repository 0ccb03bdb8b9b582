/**
 * Starts the service: opens the database, restores the rate-limit counters,
 * builds the app and listens. The CLI (`serve`, `start`) and the integration
 * tests call `startService`; nothing else here.
 */
import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { createApp, userIdFinder } from './app';
import type { FaultInjector } from './faults/fault-injector';
import { AnswerCache } from './http/answer-cache';
import { createCachedAnswerLane, type CachedAnswerLane } from './http/cached-answer-lane';
import { serviceLimiters } from './limits/service-limiters';
import { DEFAULT_RATE_LIMITS, type RateLimitConfig } from './limits/rate-limiter';
import { DEFAULT_RESOURCE_BOUNDS, guardClientErrors, type ResourceBounds } from './http/resource-bounds';
import type { FirstViewBounds } from './routes/first-view-page';
import { LookupCache } from './store/lookup-cache';
import { openServiceStorage, readOnlyAtStart, sharedCountersOf, toStorageError } from './store/open-storage';
import { StorageError } from './store/store-error';

export interface ServiceConfig {
  db: string;
  port: number;
  host: string;
  limits: RateLimitConfig;
  trustProxy: boolean;
  webBase: string | null;
  distDir: string | null;
  /** API origins the served app may connect to besides its own and GitHub's (`--api-origin`) */
  apiOrigins?: readonly string[];
  /** how often changed rate-limit counters are written to the database */
  counterFlushMs: number;
  log: (line: string) => void;
  now?: () => number;
  /** faults on purpose in front of `/api/*` (serve --faults), for testing clients */
  faults?: FaultInjector | null;
  /** socket limits and timeouts; tests make them small, production uses DEFAULT_RESOURCE_BOUNDS */
  bounds?: Partial<ResourceBounds>;
  /** byte bound of the rendered-answer cache; 0 turns it off (default 64 MB) */
  answerCacheBytes?: number;
  /** bounds of the list's first view rendered by the service; tests make them small */
  firstViewBounds?: FirstViewBounds;
  /** false: every page is the shell, as from a build without the renderer (a journey of the shell's own preloads); off with `faults` */
  renderFirstViews?: boolean;
}

export interface RunningService {
  /** e.g. `http://127.0.0.1:8080` */
  origin: string;
  port: number;
  close(): Promise<void>;
}

export const DEFAULT_SERVICE_CONFIG: Omit<ServiceConfig, 'db'> = {
  port: 8080,
  host: '127.0.0.1',
  limits: DEFAULT_RATE_LIMITS,
  trustProxy: false,
  webBase: null,
  distDir: null,
  counterFlushMs: 1000,
  log: (line) => console.log(line),
};

/**
 * The server's request handler: the cached-answer lane first, when there is
 * one, and Hono for every request the lane leaves (`fetch` is the Hono app's).
 */
export function serviceRequestListener(fetch: Parameters<typeof getRequestListener>[0], lane: CachedAnswerLane | null, hostname?: string): RequestListener {
  const hono = getRequestListener(fetch, { hostname });
  if (!lane) return hono;
  return (req, res) => {
    // The lane decides at once; what it takes it answers itself (a promise of that answer, when the credit is taken in a database).
    if (lane(req, res) === false) void hono(req, res);
  };
}

export async function startService(config: ServiceConfig): Promise<RunningService> {
  const now = config.now ?? Date.now;
  const bounds = { ...DEFAULT_RESOURCE_BOUNDS, ...config.bounds };
  // A database that cannot be opened (not SQLite, a read-only directory, ...) is a one-line StorageError here.
  const store = await openServiceStorage(config.db, config.log);
  const limits = await serviceLimiters(store, sharedCountersOf(store), {
    limits: config.limits,
    now,
    log: config.log,
    flushMs: config.counterFlushMs,
    readOnly: readOnlyAtStart(config.db),
    toStorageError: (err) => toStorageError(err, config.db),
  });
  const answers = new AnswerCache(config.answerCacheBytes);
  const lookups = new LookupCache(store);
  const describeStorageFault = (err: unknown): StorageError | null => {
    const mapped = toStorageError(err, config.db);
    return mapped instanceof StorageError ? mapped : null;
  };
  const app = createApp({
    store,
    lookups,
    limiter: limits.limiters.core,
    searchLimiter: limits.limiters.search,
    now,
    trustProxy: config.trustProxy,
    webBase: config.webBase,
    distDir: config.distDir,
    apiOrigins: config.apiOrigins,
    log: config.log,
    answers,
    describeStorageFault,
    firstViewBounds: config.firstViewBounds,
    renderFirstViews: config.renderFirstViews !== false && !config.faults,
  });
  // Injected faults stand in front of every /api request, so with them every request goes through Hono.
  const lane = config.faults ? null : createCachedAnswerLane({
        lookups,
        renames: store,
        limiters: limits.limiters,
        now,
        trustProxy: config.trustProxy,
        answers,
        userIdOf: userIdFinder(store),
        describeStorageFault,
        log: config.log,
      });

  return new Promise((resolve, reject) => {
    const server = createServer(
      {
        maxHeaderSize: bounds.maxHeaderBytes,
        requestTimeout: bounds.requestTimeoutMs,
        headersTimeout: bounds.headersTimeoutMs,
        // Node looks for overdue requests this often; the default (30 s) would let a slow
        // client outlive a short headers timeout.
        connectionsCheckingInterval: bounds.timeoutCheckIntervalMs,
      },
      serviceRequestListener(config.faults ? config.faults.wrap(app.fetch) : app.fetch, lane, config.host),
    );
    server.listen(config.port, config.host, () => {
      const info = server.address() as AddressInfo;
      const host = info.family === 'IPv6' ? `[${info.address}]` : info.address;
      resolve({
        origin: `http://${host}:${info.port}`,
        port: info.port,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => {
              void limits
                .finish()
                .then(() => store.close())
                .then(done);
            });
          }),
      });
    });
    server.keepAliveTimeout = bounds.keepAliveTimeoutMs;
    server.maxConnections = bounds.maxConnections;
    guardClientErrors(server, bounds, config.log);
    server.on('error', (err) => {
      void limits
        .finish()
        .then(() => store.close())
        .finally(() => reject(err));
    });
  });
}
