// Big answers are gzipped for clients that ask, as api.github.com does; the bytes
// inside are the same, and so is the (weak) ETag, so revalidation works either way.
import { rawGet } from '../../../test-support/server/raw-get';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, startTestService, TOKENS, type TestService } from '../../../test-support/server/test-service';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService({ limits: { unauthLimit: 10_000 } });
});
afterAll(() => svc.close());

const page = () => `${svc.api}/repos/octo/hello/issues?state=all&per_page=50`;

describe('gzip for clients that accept it', () => {
  it('gzips a page for a client that accepts gzip, with the same JSON and ETag as the identity answer', async () => {
    for (let round = 0; round < 2; round++) {
      // the second round is answered from the cache, which keeps the gzipped bytes
      const plain = await rawGet(page(), auth(TOKENS.bob));
      const packed = await rawGet(page(), { ...auth(TOKENS.bob), 'Accept-Encoding': 'gzip, deflate, br' });
      expect(plain.status).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(packed.status).toBe(200);
      expect(packed.headers['content-encoding']).toBe('gzip');
      expect(packed.headers.vary).toContain('Accept-Encoding');
      expect(packed.body.byteLength).toBeLessThan(plain.body.byteLength / 3);
      expect(gunzipSync(packed.body).toString('utf8')).toBe(plain.body.toString('utf8'));
      expect(packed.headers.etag).toBe(plain.headers.etag);
      expect(packed.headers.link).toBe(plain.headers.link);
    }
  });

  it('sends identity bytes when gzip is refused with q=0', async () => {
    const res = await rawGet(page(), { ...auth(TOKENS.bob), 'Accept-Encoding': 'gzip;q=0, br' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(res.body.toString('utf8'))).toHaveLength(50);
  });

  it('answers 304 without a body for a gzip client revalidating', async () => {
    const first = await rawGet(page(), { ...auth(TOKENS.bob), 'Accept-Encoding': 'gzip' });
    const again = await rawGet(page(), { ...auth(TOKENS.bob), 'Accept-Encoding': 'gzip', 'If-None-Match': String(first.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.body.byteLength).toBe(0);
  });

  it('leaves small answers (an error body) uncompressed', async () => {
    const res = await rawGet(`${svc.api}/repos/octo/nope/issues`, { 'Accept-Encoding': 'gzip' });
    expect(res.status).toBe(404);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(res.body.toString('utf8')).message).toBe('Not Found');
  });
});
