import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { staticAppRoutes } from './static-app';

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
