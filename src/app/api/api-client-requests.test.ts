// @vitest-environment node
/**
 * The client against real HTTP servers on loopback: what a request carries
 * (base URL, media type, API version, token), where the token may go, and
 * what the client reads back (Link, rate-limit headers, a moved repository),
 * as a browser's fetch sees them.
 */
import { describe, expect, it } from 'vitest';
import { createApiClient } from './api-client';
import type { ApiError } from './api-errors';
import { failure, issue, lastRequest, NOW_MS, RESET_S } from '../../../test-support/app/api-client-test-servers';
import { apiClientTestbed } from '../../../test-support/app/api-client-testbed';

const bed = apiClientTestbed();
const { client } = bed;

describe('requests', () => {
  it('keeps the base URL path and sends the versioned media type, API version and bearer token', async () => {
    const response = await client().get('/repos/o/r/issues?state=open');
    const { path, headers } = lastRequest(bed.main);
    expect(path).toBe('/api/repos/o/r/issues?state=open');
    expect(headers.accept).toBe('application/vnd.github+json');
    expect(headers['x-github-api-version']).toBe('2022-11-28');
    expect(headers.authorization).toBe('Bearer token-a');
    expect(response.status).toBe(200);
    expect(response.url).toBe(`${bed.main.origin}/api/repos/o/r/issues?state=open`);
    expect(response.data).toEqual([issue(1), issue(2)]);
  });

  it('accepts a base URL with a trailing slash and a path without a leading one', async () => {
    await client('token-a', `${bed.main.origin}/api/`).get('repos/o/r/issues');
    expect(lastRequest(bed.main).path).toBe('/api/repos/o/r/issues');
  });

  it('sends no Authorization header without a token, and never puts a token in the URL', async () => {
    await client(null).get('/repos/o/r/issues');
    expect(lastRequest(bed.main).headers.authorization).toBeUndefined();
    await client('token-a').get('/repos/o/r/issues');
    expect(bed.main.received.every((r) => !r.path.includes('token'))).toBe(true);
  });

  it('reads Link rels in GitHub order, with /repositories/{id} URLs', async () => {
    const { links } = await client().get('/repos/o/r/issues');
    expect(links).toEqual({
      prev: `${bed.main.origin}/api/repositories/123/issues?page=1`,
      next: `${bed.main.origin}/api/repositories/123/issues?page=3`,
      last: `${bed.main.origin}/api/repositories/123/issues?page=5`,
      first: `${bed.main.origin}/api/repositories/123/issues?page=1`,
    });
  });

  it('resolves a relative Link against the response URL and follows it as is', async () => {
    const { links } = await client().get('/relative-links');
    expect(links.next).toBe(`${bed.main.origin}/api/repositories/123/issues?page=2`);
    await client().get(links.next!);
    expect(lastRequest(bed.main).path).toBe('/api/repositories/123/issues?page=2');
    expect(lastRequest(bed.main).headers.authorization).toBe('Bearer token-a');
  });

  it('refuses a URL that is not http(s)', async () => {
    await expect(client().get('javascript:alert(1)')).rejects.toThrow(TypeError);
  });
});

describe('the token stays with its service', () => {
  it('is not sent when following a Link to another origin', async () => {
    const { links } = await client().get('/link-elsewhere');
    expect(links.next).toBe(`${bed.other.origin}/api/repos/o/r/issues?page=2`);
    await client().get(links.next!);
    const { path, headers } = lastRequest(bed.other);
    expect(path).toBe('/api/repos/o/r/issues?page=2');
    expect(headers.authorization).toBeUndefined();
    expect(headers.accept).toBe('application/vnd.github+json');
  });

  it('is not carried across a redirect to another origin', async () => {
    await client().get('/redirect-elsewhere');
    expect(lastRequest(bed.main).headers.authorization).toBe('Bearer token-a');
    expect(lastRequest(bed.other).path).toBe('/api/landed');
    expect(lastRequest(bed.other).headers.authorization).toBeUndefined();
  });
});

describe('rate-limit headers', () => {
  it('reports the snapshot of every response, errors included, and puts it on the result', async () => {
    const ok = await client().get('/repos/o/r/issues');
    const expected = {
      limit: 5000,
      remaining: 4999,
      used: 1,
      resetAt: RESET_S * 1000,
      resource: 'core',
      observedAt: NOW_MS,
    };
    expect(ok.rateLimit).toEqual(expected);

    const error = await failure(client().get('/status/404'));
    expect((error as ApiError).rateLimit).toEqual(expected);
    expect(bed.snapshots).toEqual([expected, expected]);
  });

  it('a listener that throws does not fail the request', async () => {
    const noisy = createApiClient({
      baseUrl: `${bed.main.origin}/api`,
      token: null,
      etagStore: bed.store,
      onRateLimit: () => {
        throw new Error('listener bug');
      },
    });
    const original = console.error;
    console.error = () => {};
    try {
      await expect(noisy.get('/repos/o/r/issues')).resolves.toMatchObject({ status: 200 });
    } finally {
      console.error = original;
    }
  });
});

describe('a moved repository', () => {
  it('follows the 301 and names the new owner/name in movedTo', async () => {
    const response = await client().get('/repos/old-owner/old-name/issues?state=all');
    expect(response.movedTo).toBe('new-owner/new-name');
    expect(response.url).toBe(`${bed.main.origin}/api/repos/new-owner/new-name/issues?state=all`);
    expect(response.data).toEqual([issue(3, 'new-owner/new-name', bed.main.origin)]);
  });

  it('reads the new name from the issues when the new location is /repositories/{id}', async () => {
    const response = await client().get('/repos/renamed/repo/issues');
    expect(response.movedTo).toBe('fresh/name');
  });

  it('a request that was not redirected has no movedTo', async () => {
    expect((await client().get('/repos/o/r/issues')).movedTo).toBeNull();
  });
});
