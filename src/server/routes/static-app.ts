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
import { firstAnswerLinkHeader } from './first-answer-preloads';
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
}

export function staticAppRoutes(distDir: string, options: StaticAppOptions = {}): Hono {
  const routes = new Hono();
  const indexFile = path.join(distDir, 'index.html');
  const apiOrigins = allowedApiOrigins(options.apiOrigins);
  const pageHeaders = appPageHeaders(apiOrigins);

  const servePage = (c: Context) => {
    // Read per request (a small file, from the page cache) so a rebuild is served at once.
    if (!existsSync(indexFile)) {
      return c.text('The Issuescope app has not been built yet. Run `npm run build` (or `npm start`, which builds it), then reload.\nThe API is served under /api.', 503);
    }
    const page = withConnectOriginsMeta(readFileSync(indexFile, 'utf8'), apiOrigins);
    const preloads = options.apiPath === undefined ? null : firstAnswerLinkHeader(page, { url: new URL(c.req.url), cookie: c.req.header('Cookie'), apiPath: options.apiPath });
    const html = Buffer.from(page, 'utf8');
    // `no-cache`: the page names the current build's assets, so the browser asks every time; the
    // validator lets it keep its copy with a 304 until a rebuild (or other origins) changes the bytes.
    // Weak, so the gzipped and the identity answers share it (RFC 9110 §8.8.1). The preloads differ by
    // address and by the no-preload cookie: the validator covers them, so a 304 never leaves a stale
    // `Link` on the browser's copy, and Vary names the cookie.
    const etag = makeEtag(preloads === null ? [page] : [page, preloads]);
    const headers: Record<string, string> = { 'Cache-Control': 'no-cache', ETag: etag, Vary: 'Accept-Encoding, Cookie' };
    if (preloads !== null) headers.Link = preloads;
    if (isNotModified(c.req.header('If-None-Match'), undefined, etag, 0)) return c.body(null, 304, headers);
    headers['Content-Type'] = 'text/html; charset=UTF-8';
    // The document is the first thing a visit waits for: gzipped, a slow phone link carries far fewer bytes.
    if (html.byteLength >= MIN_COMPRESS_BYTES && acceptsGzip(c.req.header('Accept-Encoding'))) {
      return c.body(gzipBody(html), 200, { ...headers, 'Content-Encoding': 'gzip' });
    }
    return c.body(new Uint8Array(html), 200, headers);
  };

  routes.use('*', async (c, next) => {
    await next();
    for (const [k, v] of Object.entries(pageHeaders)) c.res.headers.set(k, v);
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
  // The page itself always goes through servePage, which adds the allowed origins.
  routes.get('/', servePage);
  routes.get('/index.html', servePage);
  routes.use('*', serveStatic({ root: distDir, onFound: (_path, c) => void unhashedFiles.add(c) }));
  routes.get('*', (c) => {
    if (/\.[a-z0-9]+$/i.test(c.req.path)) return c.text('Not Found', 404);
    return servePage(c);
  });
  return routes;
}

