/**
 * Serves the built browser app (dist/) at `/`: hashed assets cached for a
 * year, every other path without a file extension answered with index.html so
 * the app's router handles deep links (`/acme/rocket/issues?state=closed`).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Hono } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';

const PAGE_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
};

export function staticAppRoutes(distDir: string): Hono {
  const routes = new Hono();
  const indexFile = path.join(distDir, 'index.html');

  routes.use('*', async (c, next) => {
    await next();
    for (const [k, v] of Object.entries(PAGE_HEADERS)) c.res.headers.set(k, v);
  });
  routes.use('/assets/*', async (c, next) => {
    await next();
    // Vite names assets by content hash, so a URL's bytes never change.
    if (c.res.status === 200) c.res.headers.set('Cache-Control', 'public, max-age=31536000, immutable');
  });
  routes.use('*', serveStatic({ root: distDir, index: 'index.html' }));
  routes.get('*', (c) => {
    if (/\.[a-z0-9]+$/i.test(c.req.path)) return c.text('Not Found', 404);
    // Read per request (a small file, from the page cache) so a rebuild is served at once.
    if (!existsSync(indexFile)) {
      return c.text('The Issuescope app has not been built yet. Run `npm run build` (or `npm start`, which builds it), then reload.\nThe API is served under /api.', 503);
    }
    return c.html(readFileSync(indexFile, 'utf8'), 200, { 'Cache-Control': 'no-cache' });
  });
  return routes;
}
