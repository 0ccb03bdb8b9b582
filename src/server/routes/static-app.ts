/**
 * Serves the built browser app (dist/) at `/`: hashed assets cached for a
 * year, other files of the build (demo images, favicon) for a day, every other path without a file extension answered with index.html so
 * the app's router handles deep links (`/acme/rocket/issues?state=closed`).
 * Every answer, the "not built" page included, carries the app's security
 * headers, and the page names the API origins the policy allows
 * (app-page-policy.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Hono, type Context } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import { allowedApiOrigins, appPageHeaders, withConnectOriginsMeta } from './app-page-policy';
import { firstAnswerLinkHeader, hasCookie } from './first-answer-preloads';
import { NO_FIRST_ANSWERS_COOKIE } from '../../shared/first-answers';
import { rendersFirstView } from '../../shared/first-view-addresses';
import { firstViewPages, type FirstViewPageOptions } from './first-view-page';
import { FIRST_VIEW_SERVER_DIR } from '../../shared/first-view';
import { acceptsGzip, gzipBody, MIN_COMPRESS_BYTES } from '../http/content-encoding';
import { isNotModified, makeEtag } from '../http/conditional-request';
import { compressedAssets } from './compressed-assets';

/**
 * Files of the build without a content hash (public/: demo images, favicon)
 * may change with a rebuild under the same URL: a day, then the browser asks again.
 */
export const UNHASHED_FILE_CACHE_CONTROL = 'public, max-age=86400';

export interface StaticAppOptions {
  /** API origins the app may talk to besides its own and GitHub's (`--api-origin`) */
  apiOrigins?: readonly string[];
  /** where this service answers the API (`/api`): the page names its first answers there (first-answer-preloads.ts) */
  apiPath?: string;
  /** render the plain list's and an issue's first view when the build has a renderer (first-view-page.ts); the shell only when not given */
  firstView?: Omit<FirstViewPageOptions, 'distDir' | 'apiOrigins' | 'apiPath'>;
}

export function staticAppRoutes(distDir: string, options: StaticAppOptions = {}): Hono {
  const routes = new Hono();
  const indexFile = path.join(distDir, 'index.html');
  const apiOrigins = allowedApiOrigins(options.apiOrigins);
  const pageHeaders = appPageHeaders(apiOrigins);

  const firstView = options.firstView ? firstViewPages({ ...options.firstView, distDir, apiOrigins, apiPath: options.apiPath ?? '/api' }) : null;
  // A rendered page's policy allows its `<style>` by hash; the headers middleware below applies it.
  const styleHashesOf = new WeakMap<Context, readonly string[]>();

  /** `page` with its validators, gzipped as the browser accepts. */
  const sendPage = (c: Context, page: string, link: string | null) => {
    const html = Buffer.from(page, 'utf8');
    // `no-cache`: the page names the current build's assets, so the browser asks every time; the
    // validator lets it keep its copy with a 304 until a rebuild (or other origins) changes the bytes.
    // Weak, so the gzipped and the identity answers share it (RFC 9110 §8.8.1). The preloads differ by
    // address and by the no-preload cookie: the validator covers them, so a 304 never leaves a stale
    // `Link` on the browser's copy, and Vary names the cookie (which also decides whether a page is rendered).
    const etag = makeEtag(link === null ? [page] : [page, link]);
    const headers: Record<string, string> = { 'Cache-Control': 'no-cache', ETag: etag, Vary: 'Accept-Encoding, Cookie' };
    if (link !== null) headers.Link = link;
    if (isNotModified(c.req.header('If-None-Match'), undefined, etag, 0)) return c.body(null, 304, headers);
    headers['Content-Type'] = 'text/html; charset=UTF-8';
    // The document is the first thing a visit waits for: gzipped, a slow phone link carries far fewer bytes.
    if (html.byteLength >= MIN_COMPRESS_BYTES && acceptsGzip(c.req.header('Accept-Encoding'))) {
      return c.body(gzipBody(html), 200, { ...headers, 'Content-Encoding': 'gzip' });
    }
    return c.body(new Uint8Array(html), 200, headers);
  };

  /** Today's page for every address: the skeleton, the scripts in its head, and its first answers as preloads. */
  const serveShell = (c: Context) => {
    // Read per request (a small file, from the page cache) so a rebuild is served at once.
    if (!existsSync(indexFile)) {
      return c.text('The Issuescope app has not been built yet. Run `npm run build` (or `npm start`, which builds it), then reload.\nThe API is served under /api.', 503);
    }
    const page = withConnectOriginsMeta(readFileSync(indexFile, 'utf8'), apiOrigins);
    const preloads = options.apiPath === undefined ? null : firstAnswerLinkHeader(page, { url: new URL(c.req.url), cookie: c.req.header('Cookie'), apiPath: options.apiPath });
    return sendPage(c, page, preloads);
  };

  /**
   * Any other app address: the plain list's or an issue's first view rendered for an anonymous reader
   * (first-view-page.ts; which addresses: src/shared/first-view-addresses.ts), the shell for everything else. (`/` and `/index.html` are always the
   * shell, above: the offline copy, public/sw.js, keeps that page for every address.) The no-preload
   * cookie means the browser's app has a token or another API, so a page rendered as the anonymous
   * reader of this service is not its page.
   */
  const serveAppPage = async (c: Context) => {
    if (firstView === null || c.req.method !== 'GET' || hasCookie(c.req.header('Cookie'), NO_FIRST_ANSWERS_COOKIE)) return serveShell(c);
    const url = new URL(c.req.url);
    if (!rendersFirstView(url.pathname, url.search)) return serveShell(c);
    const rendered = await firstView(c);
    if (rendered === null) return serveShell(c);
    styleHashesOf.set(c, rendered.styleHashes);
    // No preloads: the page carries its first answers in its data block.
    return sendPage(c, rendered.html, null);
  };

  routes.use('*', async (c, next) => {
    await next();
    const styleHashes = styleHashesOf.get(c);
    for (const [k, v] of Object.entries(styleHashes === undefined ? pageHeaders : appPageHeaders(apiOrigins, styleHashes))) c.res.headers.set(k, v);
  });
  routes.use('/assets/*', async (c, next) => {
    await next();
    // Vite names assets by content hash, so a URL's bytes never change.
    if (c.res.status === 200) c.res.headers.set('Cache-Control', 'public, max-age=31536000, immutable');
  });
  // Registered after the /assets/* rule, so it runs first on the way out and the immutable rule has the last word there.
  const unhashedFiles = new WeakSet<Context>();
  routes.use('*', async (c, next) => {
    await next();
    if (unhashedFiles.has(c) && c.res.status === 200) c.res.headers.set('Cache-Control', UNHASHED_FILE_CACHE_CONTROL);
  });
  routes.get('/assets/*', compressedAssets(path.join(distDir, 'assets')));
  // The page itself always goes through serveShell or serveAppPage, which add the allowed origins.
  routes.get('/', serveShell);
  routes.get('/index.html', serveShell);
  // The renderer and its template are the service's, never the browser's.
  routes.get(`/${FIRST_VIEW_SERVER_DIR}/*`, async (c, next) => {
    if (/\.[a-z0-9]+$/i.test(c.req.path)) return c.text('Not Found', 404);
    await next();
  });
  routes.use('*', serveStatic({ root: distDir, onFound: (_path, c) => void unhashedFiles.add(c) }));
  routes.get('*', (c) => {
    if (/\.[a-z0-9]+$/i.test(c.req.path)) return c.text('Not Found', 404);
    return serveAppPage(c);
  });
  return routes;
}

