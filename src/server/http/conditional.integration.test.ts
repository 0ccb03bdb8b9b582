// Spec 4.1.9 and 8.2: ETag / Last-Modified, 304 with no body and no credit spent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, startTestService, TOKENS, type TestService } from '../../../test-support/server/test-service';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(() => svc.close());

const LIST = () => `${svc.api}/repos/octo/hello/issues?state=all&per_page=10`;

describe('conditional requests', () => {
  it('carries ETag and Last-Modified on every 200', async () => {
    for (const url of [LIST(), `${svc.api}/repos/octo/hello/issues/1`, `${svc.api}/repos/octo/hello/issues/1/comments`, `${svc.api}/repos/octo/hello`]) {
      const res = await fetch(url);
      expect(res.status).toBe(200);
      expect(res.headers.get('etag')).toMatch(/^W\/"[0-9a-f]{40}"$/);
      expect(Number.isNaN(Date.parse(res.headers.get('last-modified') ?? ''))).toBe(false);
    }
  });

  it('answers a matching If-None-Match with 304, no body, and no credit spent (8.2)', async () => {
    const first = await fetch(LIST(), { headers: auth(TOKENS.bob) });
    const etag = first.headers.get('etag')!;
    const before = Number(first.headers.get('x-ratelimit-remaining'));
    for (const inm of [etag, etag.replace(/^W\//, ''), `"other", ${etag}`, '*']) {
      const res = await fetch(LIST(), { headers: { ...auth(TOKENS.bob), 'If-None-Match': inm } });
      expect(res.status, inm).toBe(304);
      expect(await res.text()).toBe('');
      expect(res.headers.get('etag')).toBe(etag);
      expect(Number(res.headers.get('x-ratelimit-remaining'))).toBe(before);
    }
  });

  it('answers a stale If-None-Match with the full 200 and spends a credit', async () => {
    const res = await fetch(LIST(), { headers: { 'If-None-Match': 'W/"stale"' } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as unknown[]).length).toBe(10);
  });

  it('answers If-Modified-Since at or after Last-Modified with 304, earlier or garbage with 200', async () => {
    const first = await fetch(LIST());
    const lastModified = first.headers.get('last-modified')!;
    expect((await fetch(LIST(), { headers: { 'If-Modified-Since': lastModified } })).status).toBe(304);
    expect((await fetch(LIST(), { headers: { 'If-Modified-Since': 'Sat, 01 Jan 2000 00:00:00 GMT' } })).status).toBe(200);
    expect((await fetch(LIST(), { headers: { 'If-Modified-Since': 'not a date' } })).status).toBe(200);
  });

  it('gives each caller identity its own ETag, so one cannot revalidate another one\'s page', async () => {
    const anon = (await fetch(LIST())).headers.get('etag');
    const bob = (await fetch(LIST(), { headers: auth(TOKENS.bob) })).headers.get('etag');
    const alice = (await fetch(LIST(), { headers: auth(TOKENS.alice) })).headers.get('etag');
    expect(new Set([anon, bob, alice]).size).toBe(3);
    expect((await fetch(LIST(), { headers: { ...auth(TOKENS.alice), 'If-None-Match': bob! } })).status).toBe(200);
  });

  it('gives each page and filter its own ETag', async () => {
    const a = (await fetch(`${svc.api}/repos/octo/hello/issues?page=1`)).headers.get('etag');
    const b = (await fetch(`${svc.api}/repos/octo/hello/issues?page=2`)).headers.get('etag');
    const c = (await fetch(`${svc.api}/repos/octo/hello/issues?page=1&labels=bug`)).headers.get('etag');
    expect(new Set([a, b, c]).size).toBe(3);
  });

  it('sends Vary and Cache-Control as GitHub does', async () => {
    const anon = await fetch(LIST());
    // api.github.com's two Vary lines, as a client reads them joined (see interop/github-wire-habits).
    expect(anon.headers.get('vary')).toBe('Accept, Authorization, Cookie, X-GitHub-OTP, Accept-Encoding, Accept, X-Requested-With');
    expect(anon.headers.get('cache-control')).toBe('public, max-age=60, s-maxage=60');
    const authed = await fetch(LIST(), { headers: auth(TOKENS.bob) });
    expect(authed.headers.get('cache-control')).toBe('private, max-age=60, s-maxage=60');
  });
});
