/**
 * Conditional requests (spec 4.1.9): validators for a response, and whether a
 * request's `If-None-Match` / `If-Modified-Since` still match (RFC 9110 13.1:
 * If-None-Match, when present, decides alone; comparison is weak).
 */
import { createHash } from 'node:crypto';

/** A weak ETag: a digest of everything the representation is made of (see respond.ts). */
export function makeEtag(parts: ReadonlyArray<string | number>): string {
  return `W/"${createHash('sha1').update(parts.join('\u0000')).digest('hex')}"`;
}

function opaque(tag: string): string {
  return tag.trim().replace(/^W\//, '');
}

export function httpDate(unixSeconds: number): string {
  return new Date(unixSeconds * 1000).toUTCString();
}

export function isNotModified(
  ifNoneMatch: string | undefined,
  ifModifiedSince: string | undefined,
  etag: string,
  lastModifiedSeconds: number,
): boolean {
  if (ifNoneMatch !== undefined) {
    if (ifNoneMatch.trim() === '*') return true;
    const wanted = opaque(etag);
    return ifNoneMatch.split(',').some((t) => opaque(t) === wanted);
  }
  if (ifModifiedSince !== undefined) {
    const since = Date.parse(ifModifiedSince);
    // A date that does not parse is ignored (RFC 9110 13.1.3), so the full answer follows.
    return !Number.isNaN(since) && lastModifiedSeconds * 1000 <= since;
  }
  return false;
}
