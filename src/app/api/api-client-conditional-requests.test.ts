// @vitest-environment node
/**
 * Conditional requests against a real HTTP server on loopback: If-None-Match
 * and If-Modified-Since from the ETag store, a stored page kept per identity,
 * and a store that fails without failing the request.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { createApiClient } from './api-client';
import { NotFoundError } from './api-errors';
import { failure, issue, lastRequest } from '../../../test-support/app/api-client-test-servers';
import { apiClientTestbed } from '../../../test-support/app/api-client-testbed';
import type { EtagStore } from './etag-store';

let listEtag = '"list-v1"';
const bed = apiClientTestbed({ listEtag: () => listEtag });
const { client } = bed;

beforeEach(() => {
  listEtag = '"list-v1"';
});

describe('conditional requests', () => {
  it('a revisit sends If-None-Match and gets the stored body back with notModified', async () => {
    const first = await client().get('/repos/o/r/issues');
    expect(lastRequest(bed.main).headers['if-none-match']).toBeUndefined();
    expect(first.notModified).toBe(false);

    const again = await client().get('/repos/o/r/issues');
    expect(lastRequest(bed.main).headers['if-none-match']).toBe('"list-v1"');
    expect(again).toMatchObject({ status: 304, notModified: true, offline: false, data: first.data, links: first.links });
    expect(again.rateLimit).toMatchObject({ remaining: 4999 });
  });

  it('a changed resource answers 200 with the new body, which is stored in turn', async () => {
    await client().get('/repos/o/r/issues');
    listEtag = '"list-v2"';
    const changed = await client().get('/repos/o/r/issues');
    expect(changed.notModified).toBe(false);
    expect(changed.status).toBe(200);
    await client().get('/repos/o/r/issues');
    expect(lastRequest(bed.main).headers['if-none-match']).toBe('"list-v2"');
  });

  it('uses If-Modified-Since when the service gave a Last-Modified but no ETag', async () => {
    await client().get('/last-modified');
    const again = await client().get('/last-modified');
    const { headers } = lastRequest(bed.main);
    expect(headers['if-modified-since']).toBe('Wed, 01 May 2024 12:00:00 GMT');
    expect(headers['if-none-match']).toBeUndefined();
    expect(again).toMatchObject({ notModified: true, data: [issue(7)] });
  });

  it("a different token does not get the first identity's stored page", async () => {
    const a = await client('token-a').get('/private/issues');
    expect(a.data).toEqual([{ number: 1, title: 'A only' }]);

    const b = await client('token-b').get('/private/issues');
    expect(lastRequest(bed.main).headers['if-none-match']).toBeUndefined();
    expect(b).toMatchObject({ notModified: false, data: [{ number: 2, title: 'B only' }] });

    const anonymous = await failure(client(null).get('/private/issues'));
    expect(lastRequest(bed.main).headers['if-none-match']).toBeUndefined();
    expect(anonymous).toBeInstanceOf(NotFoundError);
  });

  it('asks fetch to bypass the browser cache, so the 304 and fresh rate-limit headers reach us', async () => {
    const inits: (RequestInit | undefined)[] = [];
    const recording = createApiClient({
      baseUrl: `${bed.main.origin}/api`,
      token: null,
      etagStore: bed.store,
      fetch: (input, init) => {
        inits.push(init);
        return fetch(input, init);
      },
    });
    await recording.get('/repos/o/r/issues');
    expect(inits[0]?.cache).toBe('no-store');
  });
});

describe('a store that fails', () => {
  it('does not fail the request', async () => {
    const broken: EtagStore = {
      get: () => Promise.reject(new Error('quota')),
      set: () => Promise.reject(new Error('quota')),
      clear: () => Promise.reject(new Error('quota')),
    };
    const response = await createApiClient({ baseUrl: `${bed.main.origin}/api`, token: null, etagStore: broken }).get(
      '/repos/o/r/issues',
    );
    expect(response.status).toBe(200);
  });
});
