// @vitest-environment node
/**
 * The client when the service goes away or the caller gives up, against real
 * HTTP servers on loopback: a stored page served offline, a NetworkError that
 * names the service, reachability reports, and aborts.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient } from './api-client';
import { NetworkError } from './api-errors';
import { failure, issue, json, NOW_MS, startServer, type TestServer } from '../../../test-support/app/api-client-test-servers';
import { apiClientTestbed } from '../../../test-support/app/api-client-testbed';

let hangNext = false;
const bed = apiClientTestbed({ hangNext: () => hangNext });
const { client } = bed;

beforeEach(() => {
  hangNext = false;
});

describe('offline and cancelled', () => {
  let flaky: TestServer;

  beforeEach(async () => {
    flaky = await startServer((_req, res) => json(res, 200, [issue(9)], { etag: '"flaky"', link: '<https://x.test/?page=2>; rel="next"' }));
  });

  afterEach(async () => {
    await flaky.close();
  });

  it('with a stored page, a network failure returns it with offline: true', async () => {
    const online = createApiClient({ baseUrl: flaky.origin, token: 't', etagStore: bed.store, now: () => NOW_MS });
    await online.get('/repos/o/r/issues');
    await flaky.close();

    const offline = await online.get('/repos/o/r/issues');
    expect(offline).toMatchObject({ offline: true, notModified: false, data: [issue(9)], rateLimit: null });
    expect(offline.links.next).toBe('https://x.test/?page=2');
  });

  it('without a stored page, a network failure is a NetworkError that names the service', async () => {
    await flaky.close();
    const error = (await failure(client(null, flaky.origin).get('/repos/o/r/issues'))) as NetworkError;
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.status).toBe(0);
    expect(error.message).toContain(flaky.origin);
  });

  it('gives the CORS hint only for a service on another origin than the page', async () => {
    await flaky.close();
    const fromElsewhere = createApiClient({ baseUrl: flaky.origin, token: null, etagStore: bed.store, now: () => NOW_MS, pageOrigin: 'http://app.test' });
    expect(((await failure(fromElsewhere.get('/repos/o/r/none'))) as Error).message).toBe(
      `Could not reach ${flaky.origin}. Check your connection and the service address; a service on another origin must also allow this page through CORS.`,
    );
    const fromItself = createApiClient({ baseUrl: `${flaky.origin}/api`, token: null, etagStore: bed.store, now: () => NOW_MS, pageOrigin: flaky.origin });
    expect(((await failure(fromItself.get('/repos/o/r/none'))) as Error).message).toBe(
      `Could not reach ${flaky.origin}. Check your connection; the service may be down or restarting.`,
    );
  });

  it('reports whether the service answered at all: any status is reachable, a refused connection is not', async () => {
    const seen: boolean[] = [];
    const watched = createApiClient({ baseUrl: flaky.origin, token: null, etagStore: bed.store, now: () => NOW_MS, onReachability: (r) => seen.push(r) });
    await watched.get('/repos/o/r/issues');
    await flaky.close();
    await watched.get('/repos/o/r/issues');
    await failure(watched.get('/repos/o/r/never-seen'));
    expect(seen).toEqual([true, false, false]);
    const errors = createApiClient({ baseUrl: `${bed.main.origin}/api`, token: null, etagStore: bed.store, now: () => NOW_MS, onReachability: (r) => seen.push(r) });
    await failure(errors.get('/status/503'));
    expect(seen.at(-1)).toBe(true);
  });

  it('an abort is re-thrown as the AbortError, not a NetworkError, even with a stored page', async () => {
    await client().get('/maybe-hang');
    hangNext = true;
    const controller = new AbortController();
    const pending = client().get('/maybe-hang', { signal: controller.signal });
    await expect.poll(() => bed.main.received.length).toBe(2);
    controller.abort();
    const error = await failure(pending);
    expect(error).not.toBeInstanceOf(NetworkError);
    expect((error as Error).name).toBe('AbortError');
  });

  it('an already aborted signal sends nothing', async () => {
    const controller = new AbortController();
    controller.abort();
    const error = await failure(client().get('/repos/o/r/issues', { signal: controller.signal }));
    expect((error as Error).name).toBe('AbortError');
    expect(bed.main.received).toHaveLength(0);
  });
});
