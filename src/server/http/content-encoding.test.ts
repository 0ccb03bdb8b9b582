import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { acceptsGzip, gzipBody } from './content-encoding';

describe('acceptsGzip', () => {
  it('accepts what browsers and fetch send', () => {
    expect(acceptsGzip('gzip, deflate, br, zstd')).toBe(true);
    expect(acceptsGzip('gzip')).toBe(true);
    expect(acceptsGzip('br;q=1.0, gzip;q=0.8, *;q=0.1')).toBe(true);
    expect(acceptsGzip('x-gzip')).toBe(true);
    expect(acceptsGzip('*')).toBe(true);
  });

  it('refuses when gzip is absent, refused with q=0, or excluded while * is allowed', () => {
    expect(acceptsGzip(undefined)).toBe(false);
    expect(acceptsGzip('')).toBe(false);
    expect(acceptsGzip('identity')).toBe(false);
    expect(acceptsGzip('br, deflate')).toBe(false);
    expect(acceptsGzip('gzip;q=0')).toBe(false);
    expect(acceptsGzip('gzip; q=0.0, *')).toBe(false);
    expect(acceptsGzip('*;q=0')).toBe(false);
    expect(acceptsGzip('gzip;q=junk')).toBe(false);
  });
});

describe('gzipBody', () => {
  it('round-trips the bytes', () => {
    const body = new TextEncoder().encode(JSON.stringify(Array.from({ length: 50 }, (_, i) => ({ number: i, title: `Issue ${i}` }))));
    const packed = gzipBody(body);
    expect(packed.byteLength).toBeLessThan(body.byteLength);
    expect(new Uint8Array(gunzipSync(packed))).toEqual(body);
  });
});
