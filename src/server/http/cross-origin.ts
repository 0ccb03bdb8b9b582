/**
 * CORS for the API, which any origin may read (as api.github.com allows).
 * Preflights (OPTIONS) are answered by Hono's CORS middleware. Every other
 * answer carries the two headers it would add (http/answer-headers.ts
 * `everyAnswerHeaders`), gathered before the route
 * rather than set on the finished answer: Hono's middleware writes them through
 * `c.res.headers`, which would take node-server off its direct path.
 */
import type { MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import { API_VERSION_HEADER, EXPOSED_HEADERS } from '../../shared/api-constants';
import type { AppEnv } from '../app-env';

export interface CrossOriginOptions {
  allowMethods: string[];
  allowHeaders: string[];
  exposeHeaders: string[];
  maxAge: number;
}

/** The API's policy: read-only methods, the request headers GitHub's clients send, GitHub's exposed headers. */
export const API_CORS: CrossOriginOptions = {
  allowMethods: ['GET', 'HEAD', 'OPTIONS'],
  allowHeaders: ['Authorization', 'Accept', 'Content-Type', 'If-None-Match', 'If-Modified-Since', API_VERSION_HEADER, 'X-Requested-With'],
  exposeHeaders: [...EXPOSED_HEADERS],
  maxAge: 86400,
};

/** What Hono's cors() puts on a request that is not a preflight, for origin '*' without credentials. */
export function simpleCorsHeaders(options: CrossOriginOptions): Record<string, string> {
  return {
    'Access-Control-Allow-Origin': '*',
    ...(options.exposeHeaders.length > 0 ? { 'Access-Control-Expose-Headers': options.exposeHeaders.join(',') } : {}),
  };
}

/** Answers a preflight (OPTIONS) with Hono's CORS middleware, for origin '*'; passes every other request on untouched. */
export function preflight(options: CrossOriginOptions): MiddlewareHandler<AppEnv> {
  const answer = cors({ ...options, origin: '*' });
  return async function preflightAnswer(c, next) {
    if (c.req.method === 'OPTIONS') return answer(c, next);
    await next();
  };
}
