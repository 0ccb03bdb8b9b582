/**
 * Hono's CORS middleware, with its headers put on the finished answer instead
 * of before the route runs. Setting them first creates a placeholder response,
 * and Hono then re-wraps the route's own response to carry them over, turning
 * a cached page buffer into a stream that is read back chunk by chunk (a large
 * share of the CPU per page under load, measured with --cpu-prof). Preflights
 * (OPTIONS) are answered by the middleware itself, unchanged.
 */
import type { MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import type { AppEnv } from '../app-env';

type CorsOptions = NonNullable<Parameters<typeof cors>[0]>;

const NOTHING_MORE = async (): Promise<void> => {};

export function corsAfterRoute(options: CorsOptions): MiddlewareHandler<AppEnv> {
  const corsHeaders = cors(options);
  return async function crossOrigin(c, next) {
    if (c.req.method === 'OPTIONS') return corsHeaders(c, next);
    await next();
    await corsHeaders(c, NOTHING_MORE);
  };
}
