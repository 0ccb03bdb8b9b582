import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_FIRST_ANSWERS_COOKIE } from '../../shared/first-answers';
import { staticAppRoutes } from './static-app';

const INDEX_HTML = '<!doctype html><html><head><meta charset="utf-8"><meta name="issuescope-first-answers" content="take" /><title>Issuescope</title></head><body></body></html>';
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'issuescope-dist-'));
  writeFileSync(path.join(dir, 'index.html'), INDEX_HTML);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the page names its first API answers as preloads (issue 48)', () => {
  const app = () => staticAppRoutes(dir, { apiPath: '/api' });

  it('the plain list preloads its repository and first page, anonymous (crossorigin), under the API path', async () => {
    const response = await app().request('/acme/rocket/issues');
    expect(response.status).toBe(200);
    expect(response.headers.get('link')).toBe(
      '</api/repos/acme/rocket>; rel=preload; as=fetch; crossorigin, </api/search/issues?q=repo%3Aacme%2Frocket+is%3Aissue+state%3Aopen&per_page=30&page=1>; rel=preload; as=fetch; crossorigin, </api/search/issues?q=repo%3Aacme%2Frocket+is%3Aissue+is%3Aclosed&per_page=1&page=1>; rel=preload; as=fetch; crossorigin',
    );
  });

  it('the page is the same at every address and allows no inline script', async () => {
    const response = await app().request('/acme/rocket/issues');
    // The offline copy (public/sw.js) keeps one page for every address: its bytes must not differ by address.
    expect(await response.text()).toBe(await (await app().request('/settings')).text());
    expect(response.headers.get('content-security-policy')).toMatch(/script-src 'self';/);
    expect(response.headers.get('content-security-policy')).toMatch(/connect-src 'self'/);
  });

  it('names none for a filtered list, an issue, another page, or a browser whose connection is not the anonymous one', async () => {
    for (const page of ['/acme/rocket/issues?q=is%3Aclosed', '/acme/rocket/issues?page=2', '/acme/rocket/issues/2224', '/settings', '/']) {
      expect((await app().request(page)).headers.get('link'), page).toBeNull();
    }
    const withCookie = await app().request('/acme/rocket/issues', { headers: { Cookie: `theme=dark; ${NO_FIRST_ANSWERS_COOKIE}=1` } });
    expect(withCookie.headers.get('link')).toBeNull();
  });

  it('the validator covers the preloads, so a revisit never keeps a stale Link, and caches are told the cookie matters', async () => {
    const list = await app().request('/acme/rocket/issues');
    const off = await app().request('/acme/rocket/issues', { headers: { Cookie: `${NO_FIRST_ANSWERS_COOKIE}=1` } });
    expect(list.headers.get('etag')).not.toBe(off.headers.get('etag'));
    expect(list.headers.get('vary')).toContain('Cookie');
    const again = await app().request('/acme/rocket/issues', { headers: { 'If-None-Match': list.headers.get('etag')! } });
    expect(again.status).toBe(304);
    expect(again.headers.get('link')).toBe(list.headers.get('link'));
    // The browser now says no preloads: its copy's validator no longer matches, so it gets the page without the header.
    const changed = await app().request('/acme/rocket/issues', { headers: { 'If-None-Match': list.headers.get('etag')!, Cookie: `${NO_FIRST_ANSWERS_COOKIE}=1` } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('link')).toBeNull();
  });

  it('a service started without the API path names none', async () => {
    expect((await staticAppRoutes(dir).request('/acme/rocket/issues')).headers.get('link')).toBeNull();
  });

  it('a build whose page does not say its app takes preloaded answers is sent none', async () => {
    const older = mkdtempSync(path.join(tmpdir(), 'issuescope-dist-'));
    try {
      writeFileSync(path.join(older, 'index.html'), INDEX_HTML.replace(/<meta name="issuescope-first-answers"[^>]*>/, ''));
      expect((await staticAppRoutes(older, { apiPath: '/api' }).request('/acme/rocket/issues')).headers.get('link')).toBeNull();
    } finally {
      rmSync(older, { recursive: true, force: true });
    }
  });
});
