// @vitest-environment node
/**
 * Every status of spec 7.1 as the client maps it, against a real HTTP server
 * on loopback: the typed error, its message and documentation URL, and when
 * a rate-limited or unavailable service says to come back.
 */
import { describe, expect, it } from 'vitest';
import {
  ApiError,
  BadCredentialsError,
  BadRequestError,
  ForbiddenError,
  NotFoundError,
  RateLimitedError,
  ServerError,
  ValidationError,
} from './api-errors';
import { DOCS, failure, lastRequest, NOW_MS, RESET_S } from '../../../test-support/app/api-client-test-servers';
import { apiClientTestbed } from '../../../test-support/app/api-client-testbed';

const bed = apiClientTestbed();
const { client } = bed;

describe('errors (spec 7.1)', () => {
  const cases: [string, new (...args: never[]) => ApiError, number, string][] = [
    ['/status/400', BadRequestError, 400, 'Problems parsing JSON'],
    ['/status/401', BadCredentialsError, 401, 'Bad credentials'],
    ['/status/403-permission', ForbiddenError, 403, 'Resource not accessible by personal access token'],
    ['/status/404', NotFoundError, 404, 'Not Found'],
    ['/status/422', ValidationError, 422, 'Validation Failed'],
    ['/status/500', ServerError, 500, 'Something went wrong'],
    ['/status/502', ServerError, 502, 'Server Error'],
    ['/status/503', ServerError, 503, 'Service Unavailable'],
    ['/status/418', ApiError, 418, "I'm a teapot"],
  ];

  it.each(cases.map(([path, type, status, message]) => [path, type.name, type, status, message] as const))(
    '%s is a %s carrying the body message and documentation URL',
    async (path, _name, type, status, message) => {
    const error = (await failure(client().get(path))) as ApiError;
    expect(error).toBeInstanceOf(type);
    expect(error.status).toBe(status);
    expect(error.message).toBe(message);
    expect(error.documentationUrl).toBe(DOCS);
    },
  );

  it('an unknown 4xx is a plain ApiError, not one of the specific kinds', async () => {
    const error = await failure(client().get('/status/418'));
    expect(error).not.toBeInstanceOf(BadRequestError);
    expect(error).not.toBeInstanceOf(ServerError);
  });

  it('422 names the invalid fields', async () => {
    const error = (await failure(client().get('/status/422'))) as ValidationError;
    expect(error.fields).toEqual(['since']);
    expect(error.errors[0]).toMatchObject({ field: 'since', code: 'invalid' });
  });

  it('403 with x-ratelimit-remaining 0 is the primary rate limit, retried at the reset', async () => {
    const error = (await failure(client().get('/status/403-primary'))) as RateLimitedError;
    expect(error).toBeInstanceOf(RateLimitedError);
    expect(error).toMatchObject({ status: 403, kind: 'primary', retryAt: RESET_S * 1000 });
    expect(error.message).toBe('API rate limit exceeded for user ID 1.');
    expect(error.rateLimit?.remaining).toBe(0);
  });

  it('403 about a secondary rate limit waits for Retry-After, else a minute', async () => {
    const withHeader = (await failure(client().get('/status/403-secondary'))) as RateLimitedError;
    expect(withHeader).toMatchObject({ status: 403, kind: 'secondary', retryAt: NOW_MS + 30_000 });
    const without = (await failure(client().get('/status/403-secondary-no-retry-after'))) as RateLimitedError;
    expect(without).toMatchObject({ kind: 'secondary', retryAt: NOW_MS + 60_000 });
  });

  it('429 is the secondary rate limit: Retry-After, else the reset when exhausted, else a minute', async () => {
    const retryAfter = (await failure(client().get('/status/429'))) as RateLimitedError;
    expect(retryAfter).toBeInstanceOf(RateLimitedError);
    expect(retryAfter).toMatchObject({ status: 429, kind: 'secondary', retryAt: NOW_MS + 12_000 });
    expect(retryAfter.message).toBe('Too many requests');
    const exhausted = (await failure(client().get('/status/429-exhausted'))) as RateLimitedError;
    expect(exhausted.retryAt).toBe(RESET_S * 1000);
    const bare = (await failure(client().get('/status/429-bare'))) as RateLimitedError;
    expect(bare.retryAt).toBe(NOW_MS + 60_000);
  });

  it('a 503 with Retry-After (seconds or an HTTP date) says when to come back; without one it does not', async () => {
    const seconds = (await failure(client().get('/status/503-retry-after'))) as ServerError;
    expect(seconds).toBeInstanceOf(ServerError);
    expect(seconds.retryAt).toBe(NOW_MS + 7_000);
    const date = (await failure(client().get('/status/503-retry-after-date'))) as ServerError;
    expect(date.retryAt).toBe(NOW_MS + 90_000);
    const bare = (await failure(client().get('/status/503'))) as ServerError;
    expect(bare.retryAt).toBeNull();
  });

  it("a proxy's HTML 502 page is a ServerError with a readable message", async () => {
    const error = (await failure(client().get('/status/502-html'))) as ServerError;
    expect(error).toBeInstanceOf(ServerError);
    expect(error.status).toBe(502);
    expect(error.message).toMatch(/502|gateway/i);
    expect(error.message).not.toContain('<html>');
    expect(error.documentationUrl).toBeNull();
  });

  it('a 200 that is not JSON (a base URL pointing at a web page) says to check the address', async () => {
    const error = (await failure(client().get('/html-page'))) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toMatch(/not JSON.*service address/);
  });

  it('an error is never stored as a page', async () => {
    await failure(client().get('/status/500'));
    await failure(client().get('/status/500'));
    expect(lastRequest(bed.main).headers['if-none-match']).toBeUndefined();
  });
});
