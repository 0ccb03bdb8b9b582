/**
 * What one client may hold of the server: bytes of request head, time to
 * send a request, idle time between requests, and sockets. Node enforces
 * these before a request reaches Hono; here they get their values and the
 * refusals get a JSON body in the shape of every other error (spec 2.2),
 * plus one log line each that says what happened without echoing the request
 * (whose headers may carry a token).
 */
import type { Server } from 'node:http';
import type { Http2SecureServer, Http2Server } from 'node:http2';
import type { Duplex } from 'node:stream';
import { DOCS } from './error-bodies';

export interface ResourceBounds {
  /** request line plus headers; beyond it 414 (a long request line) or 431 */
  maxHeaderBytes: number;
  /** from the first byte to the end of the headers; a slower client gets 408 */
  headersTimeoutMs: number;
  /** from the first byte to the end of the body */
  requestTimeoutMs: number;
  /** how long an idle keep-alive connection stays open */
  keepAliveTimeoutMs: number;
  /** sockets open at once; further ones are closed on arrival */
  maxConnections: number;
  /** how often Node looks for requests past their timeout */
  timeoutCheckIntervalMs: number;
}

export const DEFAULT_RESOURCE_BOUNDS: ResourceBounds = {
  maxHeaderBytes: 16 * 1024,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  maxConnections: 1024,
  timeoutCheckIntervalMs: 1_000,
};

const REASONS = { 400: 'Bad Request', 408: 'Request Timeout', 414: 'URI Too Long', 431: 'Request Header Fields Too Large' } as const;
type RefusalStatus = keyof typeof REASONS;

interface ClientError extends Error {
  code?: string;
  /** the bytes Node was parsing when it gave up (Node's clientError contract) */
  rawPacket?: Buffer;
}

/**
 * A head too large because of its first line is a URI too long: the packet
 * Node was parsing starts with a method and its first line alone is over the
 * limit, or has not ended yet. (Node counts the request line and the headers
 * against one limit and reports both as HPE_HEADER_OVERFLOW.)
 */
function overflowStatus(err: ClientError, maxHeaderBytes: number): 414 | 431 {
  const raw = err.rawPacket;
  if (!raw || !/^[A-Z]+ /.test(raw.subarray(0, 16).toString('latin1'))) return 431;
  const lineEnd = raw.indexOf('\n');
  return lineEnd === -1 || lineEnd > maxHeaderBytes ? 414 : 431;
}

function refusalOf(err: ClientError, bounds: ResourceBounds): { status: RefusalStatus; why: string } {
  switch (err.code) {
    case 'HPE_HEADER_OVERFLOW': {
      const status = overflowStatus(err, bounds.maxHeaderBytes);
      return { status, why: status === 414 ? `request line longer than ${bounds.maxHeaderBytes} bytes` : `request headers larger than ${bounds.maxHeaderBytes} bytes` };
    }
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return { status: 408, why: `request not received within ${bounds.headersTimeoutMs} ms (headers) / ${bounds.requestTimeoutMs} ms (whole request)` };
    default:
      return { status: 400, why: `malformed request (${err.code ?? err.message})` };
  }
}

function rawResponse(status: RefusalStatus): string {
  const body = JSON.stringify({ message: REASONS[status], documentation_url: DOCS.root, status: String(status) });
  return (
    `HTTP/1.1 ${status} ${REASONS[status]}\r\n` +
    'Content-Type: application/json; charset=utf-8\r\n' +
    `Content-Length: ${Buffer.byteLength(body)}\r\n` +
    'Connection: close\r\n\r\n' +
    body
  );
}

/** Answers requests Node refuses before routing (too large, too slow, malformed) with a JSON error, and logs each once. */
export function guardClientErrors(server: Server | Http2Server | Http2SecureServer, bounds: ResourceBounds, log: (line: string) => void): void {
  if (!('maxHeadersCount' in server)) return; // HTTP/2 has its own framing limits
  server.on('clientError', (err: ClientError, socket: Duplex) => {
    // A client that went away is not an event worth a line.
    if (err.code === 'ECONNRESET' || err.code === 'EPIPE') {
      socket.destroy();
      return;
    }
    const { status, why } = refusalOf(err, bounds);
    const address = 'remoteAddress' in socket && typeof socket.remoteAddress === 'string' ? socket.remoteAddress : 'unknown';
    log(`refused a request from ${address}: ${status} ${REASONS[status]}: ${why}`);
    // As Node's own handler does: answer only if no response has started on this socket.
    const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (socket.writable && !inFlight?.headersSent) socket.end(rawResponse(status));
    else socket.destroy();
  });
}
