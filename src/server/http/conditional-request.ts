/**
 * Conditional requests (spec 4.1.9): validators for a response, and whether a
 * request's `If-None-Match` / `If-Modified-Since` still match (RFC 9110 13.1:
 * If-None-Match, when present, decides alone; comparison is weak).
 */
import { hash } from 'node:crypto';

/** A weak ETag: a digest of everything the representation is made of (see respond.ts). */
export function makeEtag(parts: ReadonlyArray<string | number>): string {
  return `W/"${hash('sha1', parts.join('\u0000'), 'hex')}"`;
}

function opaque(tag: string): string {
  return tag.trim().replace(/^W\//, '');
}

/** The last second formatted: every answer of an unchanged repository sends the same `Last-Modified`. */
let lastDate = { unixSeconds: Number.NaN, text: '' };

export function httpDate(unixSeconds: number): string {
  if (unixSeconds !== lastDate.unixSeconds) lastDate = { unixSeconds, text: new Date(unixSeconds * 1000).toUTCString() };
  return lastDate.text;
}

export function isNotModified(
  ifNoneMatch: string | undefined,
  ifModifiedSince: string | undefined,
  etag: string,
  lastModifiedSeconds: number,
): boolean {
  if (ifNoneMatch !== undefined) {
    // What a client revalidating sends: the tag exactly as it was given.
    if (ifNoneMatch === etag) return true;
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
