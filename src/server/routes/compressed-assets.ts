/**
 * Gzipped copies of the built app's assets for browsers that accept gzip.
 * The list's first-paint JavaScript is several times larger before gzip than
 * after; on a phone link that difference is most of the wait, and mobile
 * Lighthouse scores the list far lower uncompressed (docs/performance-log.md).
 * Vite names assets by content hash, so a file's bytes never change
 * while its name lives: each is compressed once and kept (keyed by path,
 * size and mtime, so a rebuild in place is noticed); compressed, the whole
 * build is small enough to keep.
 * Once per file, the tightest gzip costs nothing per request: level 9, the
 * level the bundle budget counts (scripts/check-bundle-budget.ts), and any
 * file it makes smaller, however small (Rolldown's runtime chunk is tiny).
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { MiddlewareHandler } from 'hono';
import { acceptsGzip, gzipBody } from '../http/content-encoding';

const GZIP_LEVEL = 9;

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
};

/** At most this many compressed files are kept (more than a build has). */
const MAX_KEPT_FILES = 256;

interface Kept {
  stamp: string;
  /** null when gzip would not make the file smaller */
  gzip: Uint8Array<ArrayBuffer> | null;
}

export function compressedAssets(assetsDir: string): MiddlewareHandler {
  const root = path.resolve(assetsDir);
  const kept = new Map<string, Kept>();

  const compressed = (file: string): Uint8Array<ArrayBuffer> | null => {
    let stamp: string;
    try {
      const stat = statSync(file);
      if (!stat.isFile()) return null;
      stamp = `${stat.size}:${stat.mtimeMs}`;
    } catch {
      return null; // not there: the static handler answers 404
    }
    const hit = kept.get(file);
    if (hit?.stamp === stamp) return hit.gzip;
    const raw = readFileSync(file);
    const packed = gzipBody(raw, GZIP_LEVEL);
    const gzip = packed.byteLength < raw.byteLength ? packed : null;
    if (kept.size >= MAX_KEPT_FILES) kept.delete(kept.keys().next().value as string);
    kept.set(file, { stamp, gzip });
    return gzip;
  };

  return async function serveCompressedAsset(c, next) {
    const type = TYPES[path.extname(c.req.path)];
    if (type === undefined || !acceptsGzip(c.req.header('Accept-Encoding'))) return next();
    let relative: string;
    try {
      relative = decodeURIComponent(c.req.path.replace(/^\/assets\//, ''));
    } catch {
      return next();
    }
    const file = path.resolve(root, relative);
    // Only files inside assets/: `..` and encoded slashes never leave it.
    if (!file.startsWith(root + path.sep)) return next();
    const gzip = compressed(file);
    if (gzip === null) return next();
    return c.body(gzip, 200, { 'Content-Type': type, 'Content-Encoding': 'gzip', Vary: 'Accept-Encoding' });
  };
}
