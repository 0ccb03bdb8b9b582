/**
 * A raw HTTP/1.1 client on a plain TCP socket, for fuzzing: what is written
 * is exactly what goes on the wire. `fetch`, `node:http` and undici all
 * refuse or normalise request targets with unusual bytes (spaces aside:
 * unicode, lone `%`, `..` segments), which would hide the very inputs a fuzz
 * is for. One request per connection (`Connection: close`), so the answer
 * ends when the socket does.
 */
import { connect } from 'node:net';

export interface RawRequest {
  method: string;
  /** the request-target as bytes go on the wire (latin1: one char = one byte) */
  target: string;
  /** header values as latin1 strings: one char = one byte, so obs-text bytes can be sent */
  headers: ReadonlyArray<readonly [string, string]>;
  /** the local address to send from, e.g. `127.0.0.2` to be another client IP */
  localAddress?: string;
}

export interface RawResponse {
  status: number;
  /** lower-case names; repeated headers joined with `, ` as fetch does */
  headers: Map<string, string>;
  body: Buffer;
  /** the whole answer, for searching it for secrets */
  raw: Buffer;
}

export class WireTimeoutError extends Error {}

function dechunk(data: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = data.indexOf('\r\n', at);
    if (lineEnd === -1) throw new Error('truncated chunked body');
    const size = parseInt(data.subarray(at, lineEnd).toString('latin1').split(';')[0] ?? '', 16);
    if (Number.isNaN(size)) throw new Error('bad chunk size');
    if (size === 0) return Buffer.concat(parts);
    parts.push(data.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
}

export function parseRawResponse(raw: Buffer): RawResponse {
  const headEnd = raw.indexOf('\r\n\r\n');
  if (headEnd === -1) throw new Error(`no complete response head in ${raw.length} bytes`);
  const [statusLine = '', ...lines] = raw.subarray(0, headEnd).toString('latin1').split('\r\n');
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1]);
  if (!Number.isInteger(status)) throw new Error(`bad status line ${JSON.stringify(statusLine)}`);
  const headers = new Map<string, string>();
  for (const line of lines) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    headers.set(name, headers.has(name) ? `${headers.get(name)}, ${value}` : value);
  }
  let body = raw.subarray(headEnd + 4);
  if (/chunked/i.test(headers.get('transfer-encoding') ?? '')) body = dechunk(body);
  else if (headers.has('content-length')) body = body.subarray(0, Number(headers.get('content-length')));
  return { status, headers, body, raw };
}

/** Sends one request and reads the whole answer; rejects with WireTimeoutError after `timeoutMs`. */
export function sendRaw(origin: string, request: RawRequest, timeoutMs: number): Promise<RawResponse> {
  const url = new URL(origin);
  const head =
    `${request.method} ${request.target} HTTP/1.1\r\n` +
    `Host: ${url.host}\r\n` +
    request.headers.map(([name, value]) => `${name}: ${value}\r\n`).join('') +
    'Connection: close\r\n\r\n';
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect({ host: url.hostname, port: Number(url.port), localAddress: request.localAddress });
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new WireTimeoutError(`no complete answer within ${timeoutMs} ms to ${request.method} ${request.target}`));
    }, timeoutMs);
    socket.on('connect', () => socket.write(Buffer.from(head, 'latin1')));
    socket.on('data', (d: Buffer) => chunks.push(d));
    socket.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    socket.on('close', () => {
      clearTimeout(timer);
      try {
        resolve(parseRawResponse(Buffer.concat(chunks)));
      } catch (err) {
        reject(err);
      }
    });
  });
}
