/**
 * Compression of repository answers, as api.github.com does: a page of 100
 * issues is hundreds of KB of JSON that gzip shrinks about tenfold, which is
 * what a browser on a slow link waits for. Clients that do not ask
 * (`Accept-Encoding` absent, or gzip refused with `q=0`) get identity bytes.
 */
import { gzipSync } from 'node:zlib';

/** Below this a gzip header and a deflate block cost about what they save. */
export const MIN_COMPRESS_BYTES = 1024;

/**
 * Whether `Accept-Encoding` admits gzip (RFC 9110 §12.5.3): listed as `gzip`
 * or `x-gzip`, or covered by `*`, with a q-value above 0. An explicit entry
 * wins over `*`.
 */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  let wildcard: boolean | null = null;
  for (const part of header.split(',')) {
    const [rawName = '', ...params] = part.split(';');
    const name = rawName.trim().toLowerCase();
    const q = qValue(params);
    if (name === 'gzip' || name === 'x-gzip') return q > 0;
    if (name === '*') wildcard = q > 0;
  }
  return wildcard ?? false;
}

function qValue(params: string[]): number {
  for (const p of params) {
    const m = /^\s*q\s*=(.*)$/i.exec(p);
    if (!m) continue;
    // A malformed q-value is read as a refusal: sending identity bytes is never wrong.
    const q = /^\s*[0-9.]+\s*$/.test(m[1] ?? '') ? Number(m[1]) : 0;
    return Number.isFinite(q) ? q : 0;
  }
  return 1;
}

export function gzipBody(body: Uint8Array, level?: number): Uint8Array<ArrayBuffer> {
  const out = gzipSync(body, level === undefined ? {} : { level });
  return new Uint8Array(out.buffer as ArrayBuffer, out.byteOffset, out.byteLength);
}
