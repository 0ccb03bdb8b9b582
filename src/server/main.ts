/**
 * Starts the service: opens the database, restores the rate-limit counters,
 * builds the app and listens. The CLI (`serve`, `start`) and the integration
 * tests call `startService`; nothing else here.
 */
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { DEFAULT_RATE_LIMITS, RateLimiter, type RateLimitConfig } from './limits/rate-limiter';
import { openSqliteStore } from './store/sqlite-store';

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

// Resource bounds: slow clients cannot hold sockets open forever.
const HEADERS_TIMEOUT_MS = 10_000;
const REQUEST_TIMEOUT_MS = 30_000;
const KEEP_ALIVE_TIMEOUT_MS = 5_000;
const MAX_HEADER_BYTES = 16 * 1024;
const MAX_CONNECTIONS = 1024;

export function startService(config: ServiceConfig): Promise<RunningService> {
  const now = config.now ?? Date.now;
  const store = openSqliteStore(config.db);
  const limiter = new RateLimiter(config.limits, now, store.loadCounters());
  const app = createApp({
    store,
    limiter,
    now,
    trustProxy: config.trustProxy,
    webBase: config.webBase,
    distDir: config.distDir,
    apiOrigins: config.apiOrigins,
    log: config.log,
  });

  const flush = () => {
    const changed = limiter.drainDirty();
    if (changed.length > 0) store.saveCounters(changed);
  };
  const flushTimer = setInterval(() => {
    try {
      flush();
    } catch (err) {
      config.log(`could not save rate-limit counters: ${String(err)}`);
    }
  }, config.counterFlushMs);
  flushTimer.unref();

  return new Promise((resolve, reject) => {
    const server = serve(
      {
        fetch: app.fetch,
        port: config.port,
        hostname: config.host,
        serverOptions: { maxHeaderSize: MAX_HEADER_BYTES, requestTimeout: REQUEST_TIMEOUT_MS, headersTimeout: HEADERS_TIMEOUT_MS },
      },
      (info: AddressInfo) => {
        const host = info.family === 'IPv6' ? `[${info.address}]` : info.address;
        resolve({
          origin: `http://${host}:${info.port}`,
          port: info.port,
          close: () =>
            new Promise<void>((done) => {
              clearInterval(flushTimer);
              if ('closeAllConnections' in server) server.closeAllConnections();
              server.close(() => {
                flush();
                store.close();
                done();
              });
            }),
        });
      },
    );
    if ('keepAliveTimeout' in server) server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
    if ('maxConnections' in server) server.maxConnections = MAX_CONNECTIONS;
    server.on('error', (err) => {
      clearInterval(flushTimer);
      store.close();
      reject(err);
    });
  });
}
