/**
 * `GET /avatars/{login}.svg`: a deterministic identicon per login, so the
 * demo data shows faces without reaching the internet.
 */
import { createHash } from 'node:crypto';
import { Hono } from 'hono';

export function identicon(login: string): string {
  const h = createHash('sha256').update(login.toLowerCase()).digest();
  const hue = (h[0] ?? 0) * 360 / 256;
  const fill = `hsl(${hue.toFixed(0)} 55% 48%)`;
  const cells: string[] = [];
  for (let y = 0; y < 5; y++) {
    for (let x = 0; x < 3; x++) {
      if (((h[1 + y * 3 + x] ?? 0) & 1) === 0) continue;
      cells.push(`<rect x="${x + 1}" y="${y + 1}" width="1" height="1"/>`);
      if (x < 2) cells.push(`<rect x="${5 - x}" y="${y + 1}" width="1" height="1"/>`);
    }
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 7 7" shape-rendering="crispEdges"><rect width="7" height="7" fill="#f0f0f0"/><g fill="${fill}">${cells.join('')}</g></svg>`;
}

export function avatarRoutes(): Hono {
  const routes = new Hono();
  routes.get('/:file{[^/]+\\.svg}', (c) => {
    const login = decodeURIComponent(c.req.param('file').slice(0, -'.svg'.length));
    return c.body(identicon(login), 200, {
      'Content-Type': 'image/svg+xml',
      'Cache-Control': 'public, max-age=86400',
      'X-Content-Type-Options': 'nosniff',
    });
  });
  return routes;
}
