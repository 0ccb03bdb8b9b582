import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { staticAppRoutes, UNHASHED_FILE_CACHE_CONTROL } from './static-app';

let dir: string | null = null;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('serving the built app', () => {
  it('says the app is not built yet, then serves deep links from the newest build without a restart', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'issuescope-dist-'));
    const app = staticAppRoutes(dir);
    const before = await app.request('/acme/rocket/issues');
    expect(before.status).toBe(503);
    expect(await before.text()).toContain('npm run build');

    writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>build one</title>');
    expect(await (await app.request('/acme/rocket/issues?state=closed')).text()).toContain('build one');
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>build two</title>');
    const deep = await app.request('/acme/rocket/issues/12');
    expect(deep.status).toBe(200);
    expect(await deep.text()).toContain('build two');
    expect(deep.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('caches files without a hash (demo images, favicon) for a day, the page not at all, hashed assets for a year', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'issuescope-dist-'));
    mkdirSync(path.join(dir, 'assets'));
    mkdirSync(path.join(dir, 'demo'));
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html>');
    writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    writeFileSync(path.join(dir, 'demo', 'terminal-error.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    writeFileSync(path.join(dir, 'assets', 'app-abc123.js'), 'console.log(1)');
    const app = staticAppRoutes(dir);
    for (const file of ['/demo/terminal-error.svg', '/favicon.svg']) {
      const response = await app.request(file);
      expect(response.status, file).toBe(200);
      expect(response.headers.get('cache-control'), file).toBe(UNHASHED_FILE_CACHE_CONTROL);
      expect(UNHASHED_FILE_CACHE_CONTROL).toMatch(/max-age=86400\b/);
      // After a day the browser revalidates against the file's date.
      expect(response.headers.get('last-modified'), file).not.toBeNull();
    }
    expect((await app.request('/assets/app-abc123.js')).headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    for (const page of ['/', '/acme/rocket/issues/12']) expect((await app.request(page)).headers.get('cache-control'), page).toBe('no-cache');
    expect((await app.request('/demo/missing.svg')).headers.get('cache-control')).toBeNull();
  });

  it('serves hashed assets as immutable and answers a missing file with 404, not the page', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'issuescope-dist-'));
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html>');
    writeFileSync(path.join(dir, 'assets', 'app-abc123.js'), 'console.log(1)');
    const app = staticAppRoutes(dir);
    const asset = await app.request('/assets/app-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await app.request('/assets/missing.js')).status).toBe(404);
  });
});

/** The directives of a Content-Security-Policy header, by name. */
function directives(header: string | null): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of (header ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name, values);
  }
  return map;
}

describe('the security headers of the served app', () => {
  const BUILT_PAGE = '<!doctype html><html><head><title>built</title><script type="module" src="/assets/app.js"></script></head><body></body></html>';

  function builtApp(options?: { apiOrigins?: string[] }) {
    dir = mkdtempSync(path.join(tmpdir(), 'issuescope-dist-'));
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(path.join(dir, 'index.html'), BUILT_PAGE);
    writeFileSync(path.join(dir, 'assets', 'app.js'), 'console.log(1)');
    return staticAppRoutes(dir, options);
  }

  it('allows no inline script or style, no plugins, no framing, no <base> and forms only to this origin', async () => {
    const page = await builtApp().request('/acme/rocket/issues');
    const csp = directives(page.headers.get('content-security-policy'));
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('style-src')).toEqual(["'self'"]);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'none'"]);
    expect(csp.get('form-action')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('img-src')).toEqual(["'self'", 'https:']);
    expect(page.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('lets the app connect to itself and GitHub only, unless the operator adds origins', async () => {
    const plain = directives((await builtApp().request('/')).headers.get('content-security-policy'));
    expect(plain.get('connect-src')).toEqual(["'self'", 'https://api.github.com']);

    const configured = builtApp({ apiOrigins: ['https://ghe.example.com/api/v3', 'http://127.0.0.1:9000/api'] });
    const csp = directives((await configured.request('/')).headers.get('content-security-policy'));
    expect(csp.get('connect-src')).toEqual(["'self'", 'https://api.github.com', 'https://ghe.example.com', 'http://127.0.0.1:9000']);
    // Another Issuescope over plain http serves its avatars from its own origin.
    expect(csp.get('img-src')).toEqual(["'self'", 'https:', 'http://127.0.0.1:9000']);
  });

  it('names the allowed API origins in a <meta> of the page, at / and on deep links, without inline script', async () => {
    const app = builtApp({ apiOrigins: ['https://ghe.example.com'] });
    for (const url of ['/', '/index.html', '/acme/rocket/issues/7']) {
      const html = await (await app.request(url)).text();
      expect(html).toContain('<meta name="issuescope-connect-origins" content="https://api.github.com https://ghe.example.com">');
      expect(html).toContain('<title>built</title>');
      // Every <script> has a src: nothing the policy would block.
      for (const script of html.match(/<script\b[^>]*>/g) ?? []) expect(script).toMatch(/\ssrc=/);
    }
  });

  it('puts the same headers on the "not built" page and on assets', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'issuescope-dist-'));
    const notBuilt = await staticAppRoutes(dir).request('/');
    expect(notBuilt.status).toBe(503);
    expect(notBuilt.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(notBuilt.headers.get('x-content-type-options')).toBe('nosniff');
    const asset = await builtApp().request('/assets/app.js');
    expect(asset.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });

  it('refuses an API origin that is not an http(s) URL', () => {
    expect(() => staticAppRoutes('/nowhere', { apiOrigins: ['javascript:alert(1)'] })).toThrow(/https:\/\//);
    expect(() => staticAppRoutes('/nowhere', { apiOrigins: ['not a url'] })).toThrow(/not a URL/);
  });

  it('the page (source, and the build when there is one) has no inline script or style that the policy would block', () => {
    // npm test runs this before the build, so the source page (static shell included) is always
    // checked; the hostile-Markdown journey then watches the built app for CSP violations in Chromium.
    const pages = [path.resolve('index.html'), path.resolve('dist', 'index.html')].filter((file) => existsSync(file));
    expect(pages.length).toBeGreaterThan(0);
    for (const page of pages) {
      const html = readFileSync(page, 'utf8');
      for (const script of html.match(/<script\b[^>]*>/g) ?? []) expect(script, page).toMatch(/\ssrc=/);
      expect(html, page).not.toMatch(/<style\b/);
      expect(html, page).not.toMatch(/\sstyle=/);
      expect(html, page).not.toMatch(/\son[a-z]+=/i);
    }
  });

  it('sends a gzipped asset to a browser that accepts gzip, the same bytes, and identity to others', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'issuescope-dist-'));
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html>');
    const source = `export const rows = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => ({ n: i, title: `row ${i}` })))};`;
    writeFileSync(path.join(dir, 'assets', 'list-abc123.js'), source);
    const app = staticAppRoutes(dir);
    for (let round = 0; round < 2; round++) {
      const packed = await app.request('/assets/list-abc123.js', { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
      expect(packed.status).toBe(200);
      expect(packed.headers.get('content-encoding')).toBe('gzip');
      expect(packed.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
      expect(packed.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(packed.headers.get('content-security-policy')).toContain("script-src 'self'");
      const bytes = Buffer.from(await packed.arrayBuffer());
      expect(bytes.length).toBeLessThan(source.length / 3);
      expect(gunzipSync(bytes).toString('utf8')).toBe(source);
    }
    const plain = await app.request('/assets/list-abc123.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(source);
  });

  it('sends assets at gzip level 9, as the bundle budget counts them, a file under 1 kB too, and one gzip would grow as it is', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'issuescope-dist-'));
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html>');
    const small = `export const names = ${JSON.stringify(Array.from({ length: 60 }, (_, i) => `chunk-${i}`))};`;
    writeFileSync(path.join(dir, 'assets', 'runtime-abc123.js'), small);
    writeFileSync(path.join(dir, 'assets', 'tiny-abc123.js'), 'x()');
    const app = staticAppRoutes(dir);
    const gzip = { headers: { 'Accept-Encoding': 'gzip' } };
    expect(small.length).toBeLessThan(1024);
    const packed = await app.request('/assets/runtime-abc123.js', gzip);
    expect(packed.headers.get('content-encoding')).toBe('gzip');
    const bytes = Buffer.from(await packed.arrayBuffer());
    expect(bytes.length).toBe(gzipSync(small, { level: 9 }).length);
    expect(gunzipSync(bytes).toString('utf8')).toBe(small);
    const tiny = await app.request('/assets/tiny-abc123.js', gzip);
    expect(tiny.headers.get('content-encoding')).toBeNull();
    expect(await tiny.text()).toBe('x()');
  });

  it('never compresses its way out of dist/assets/, and leaves missing files to the 404', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'issuescope-dist-'));
    const dist = path.join(dir, 'dist');
    mkdirSync(path.join(dist, 'assets'), { recursive: true });
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html>');
    writeFileSync(path.join(dir, 'secret.json'), JSON.stringify({ secret: 'x'.repeat(5000) }));
    const app = staticAppRoutes(dist);
    const gzip = { headers: { 'Accept-Encoding': 'gzip' } };
    for (const probe of ['/assets/..%2F..%2Fsecret.json', '/assets/%2e%2e/%2e%2e/secret.json', '/assets/missing.js']) {
      const res = await app.request(probe, gzip);
      expect(res.headers.get('content-encoding'), probe).toBeNull();
      expect(await res.text(), probe).not.toContain('xxxxx');
    }
  });
});
