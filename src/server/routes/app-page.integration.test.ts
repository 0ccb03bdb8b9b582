// The app's page (index.html, answered for every deep link) as a browser on a slow link gets it:
// gzipped when it asks, never cached without asking, and kept with a 304 until the build changes.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { rawGet } from '../../../test-support/server/raw-get';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../../test-support/server/test-service';

let svc: TestService;
let distDir: string;
/** Big enough to be worth compressing, like the real page with its static shell. */
const buildPage = (build: string) =>
  `<!doctype html><html><head><title>${build}</title></head><body><div id="root">${'<li class="flex gap-2 border-b px-3 py-2.5"></li>'.repeat(60)}</div><script type="module" src="/assets/app.js"></script></body></html>`;

beforeAll(async () => {
  distDir = mkdtempSync(path.join(tmpdir(), 'issuescope-page-'));
  writeFileSync(path.join(distDir, 'index.html'), buildPage('build one'));
  svc = await startTestService({ distDir });
});
afterAll(async () => {
  await svc.close();
  rmSync(distDir, { recursive: true, force: true });
});

describe('the app page', () => {
  it('is gzipped for a browser that accepts gzip, the same page and validator as the identity answer, on deep links too', async () => {
    for (const where of ['/', '/acme/rocket/issues?state=closed', '/acme/rocket/issues/12']) {
      const plain = await rawGet(svc.origin + where);
      const packed = await rawGet(svc.origin + where, { 'Accept-Encoding': 'gzip, deflate, br' });
      expect(plain.status).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body.toString('utf8')).toContain('<title>build one</title>');
      expect(packed.status).toBe(200);
      expect(packed.headers['content-encoding']).toBe('gzip');
      expect(packed.headers['content-type']).toBe('text/html; charset=UTF-8');
      expect(packed.headers.vary).toContain('Accept-Encoding');
      expect(packed.body.byteLength).toBeLessThan(plain.body.byteLength / 3);
      expect(gunzipSync(packed.body).equals(plain.body)).toBe(true);
      expect(packed.headers.etag).toBe(plain.headers.etag);
      // Still the app's policy on the compressed page.
      expect(packed.headers['content-security-policy']).toContain("script-src 'self'");
    }
  });

  it('is revalidated on every visit and answered 304 while the build is the same, then the new page after a rebuild', async () => {
    const first = await rawGet(`${svc.origin}/acme/rocket/issues`, { 'Accept-Encoding': 'gzip' });
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);

    const again = await rawGet(`${svc.origin}/acme/widgets/issues`, { 'Accept-Encoding': 'gzip', 'If-None-Match': etag });
    expect(again.status).toBe(304);
    expect(again.body.byteLength).toBe(0);
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['content-security-policy']).toContain("frame-ancestors 'none'");

    writeFileSync(path.join(distDir, 'index.html'), buildPage('build two'));
    const rebuilt = await rawGet(`${svc.origin}/acme/rocket/issues`, { 'If-None-Match': etag });
    expect(rebuilt.status).toBe(200);
    expect(rebuilt.body.toString('utf8')).toContain('<title>build two</title>');
    expect(rebuilt.headers.etag).not.toBe(etag);
  });

  it('is not compressed for a client that refuses gzip', async () => {
    const refused = await rawGet(`${svc.origin}/`, { 'Accept-Encoding': 'gzip;q=0, identity' });
    expect(refused.status).toBe(200);
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body.toString('utf8')).toContain('<div id="root">');
  });
});
