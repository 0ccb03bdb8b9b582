// What a client that sends too much, too slowly or not at all sees from the real socket,
// with the bounds made small so each case ends in about a second.
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResourceBounds } from './http/resource-bounds';
import { DEFAULT_SERVICE_CONFIG, startService, type RunningService } from './main';
import { openSqliteStorage } from './store/sqlite/sqlite-storage';
import { makeIssues } from '../../test-support/server/test-service';

const BOUNDS: ResourceBounds = {
  maxHeaderBytes: 2048,
  headersTimeoutMs: 600,
  requestTimeoutMs: 1200,
  keepAliveTimeoutMs: 600,
  maxConnections: 4,
  timeoutCheckIntervalMs: 100,
};
const SECRET = 'isc_pat_resource_bounds_secret_0001';

let dir: string;
let svc: RunningService;
const logs: string[] = [];
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'issuescope-bounds-'));
  const db = path.join(dir, 'bounds.db');
  const store = openSqliteStorage(db);
  store.importIssues({ owner: 'octo', name: 'hello', makePrivate: false }, makeIssues(150), [], Date.now());
  store.close();
  svc = await startService({
    ...DEFAULT_SERVICE_CONFIG,
    db,
    port: 0,
    limits: { ...DEFAULT_SERVICE_CONFIG.limits, unauthLimit: 100_000, burstLimit: 100_000 },
    counterFlushMs: 50,
    bounds: BOUNDS,
    log: (line) => logs.push(line),
  });
});
afterAll(async () => {
  await svc.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A raw connection that collects everything the server sends and notes when the server ends it. */
interface RawClient {
  socket: Socket;
  received: () => string;
  /** resolves when the server closes (or resets) the connection */
  closed: Promise<void>;
  /** resolves once `text` has arrived */
  waitFor: (text: string) => Promise<string>;
}

function open(): Promise<RawClient> {
  return new Promise((resolve, reject) => {
    const socket = connect(svc.port, '127.0.0.1');
    let data = '';
    const waiters: Array<{ text: string; done: (all: string) => void }> = [];
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      data += chunk;
      for (const w of waiters.filter((x) => data.includes(x.text))) {
        waiters.splice(waiters.indexOf(w), 1);
        w.done(data);
      }
    });
    const closed = new Promise<void>((done) => socket.once('close', () => done()));
    socket.on('error', () => {}); // a reset is one of the outcomes under test
    socket.once('connect', () =>
      resolve({
        socket,
        received: () => data,
        closed,
        waitFor: (text) =>
          data.includes(text)
            ? Promise.resolve(data)
            : new Promise((done, fail) => {
                waiters.push({ text, done });
                void closed.then(() => fail(new Error(`connection closed before '${text}' arrived; got: ${data.slice(0, 200)}`)));
              }),
      }),
    );
    socket.once('error', reject);
  });
}

function statusOf(raw: string): number {
  return Number(/^HTTP\/1\.1 (\d{3})/.exec(raw)?.[1] ?? NaN);
}

function bodyOf(raw: string): unknown {
  return JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4));
}

async function exchange(request: string): Promise<string> {
  const client = await open();
  client.socket.write(request);
  await client.closed;
  return client.received();
}

describe('a request that is too large', () => {
  it('with a request line longer than the limit is answered 414 URI Too Long with a JSON error', async () => {
    const raw = await exchange(`GET /api/repos/octo/hello/issues?labels=${'a'.repeat(3000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
    expect(statusOf(raw)).toBe(414);
    expect(bodyOf(raw)).toMatchObject({ message: 'URI Too Long', status: '414' });
  });

  it('with headers larger than the limit is answered 431, and the log line does not repeat the token', async () => {
    const before = logs.length;
    const raw = await exchange(
      `GET /api/repos/octo/hello/issues HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${SECRET}\r\nX-Padding: ${'p'.repeat(3000)}\r\n\r\n`,
    );
    expect(statusOf(raw)).toBe(431);
    expect(bodyOf(raw)).toMatchObject({ message: 'Request Header Fields Too Large', status: '431' });
    const lines = logs.slice(before);
    expect(lines.filter((l) => l.includes('431'))).toHaveLength(1);
    expect(lines.join('\n')).not.toContain(SECRET);
  });

  it('asking for more than 100 per page gets 100', async () => {
    const res = await fetch(`${svc.origin}/api/repos/octo/hello/issues?state=all&per_page=1000`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as unknown[]).length).toBe(100);
  });

  it('that is not HTTP is answered 400 and closed', async () => {
    const raw = await exchange('HELLO THERE\r\n\r\n');
    expect(statusOf(raw)).toBe(400);
  });
});

describe('a slow or silent client', () => {
  it('sending its headers one byte at a time is cut off with 408 while another client is served', async () => {
    const slow = await open();
    const request = 'GET /api/repos/octo/hello/issues HTTP/1.1\r\nHost: localhost\r\nX-Slow: ' + 'z'.repeat(200) + '\r\n\r\n';
    let sent = 0;
    const drip = setInterval(() => {
      if (sent < request.length && !slow.socket.destroyed) slow.socket.write(request[sent++] ?? '');
    }, 50);
    try {
      const normal = await fetch(`${svc.origin}/api/repos/octo/hello/issues`);
      expect(normal.status).toBe(200);
      await slow.closed;
    } finally {
      clearInterval(drip);
    }
    // Closed long before the 250 bytes could arrive at 20 a second.
    expect(sent).toBeLessThan(request.length);
    expect(statusOf(slow.received())).toBe(408);
  });

  it('that connects and says nothing gets 408 and is disconnected after the headers timeout', async () => {
    const silent = await open();
    await silent.closed;
    expect(statusOf(silent.received())).toBe(408);
  });

  it('sending a body slowly on a GET gets its answer, and the connection is closed within the request timeout', async () => {
    const client = await open();
    client.socket.write('GET /api/repos/octo/hello/issues?per_page=1 HTTP/1.1\r\nHost: localhost\r\nContent-Length: 1000\r\n\r\n');
    let sent = 0;
    const drip = setInterval(() => {
      if (sent < 1000 && !client.socket.destroyed) {
        client.socket.write('b');
        sent++;
      }
    }, 20);
    try {
      await client.waitFor('\r\n\r\n[');
      await client.closed;
    } finally {
      clearInterval(drip);
    }
    expect(statusOf(client.received())).toBe(200);
    expect(sent).toBeLessThan(1000);
  });

  it('idle on a keep-alive connection after an answer is disconnected', async () => {
    const client = await open();
    client.socket.write('GET /api/rate_limit HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await client.waitFor('"resources"');
    await client.closed;
    expect(statusOf(client.received())).toBe(200);
  });
});

describe('more connections than the limit', () => {
  it('are closed on arrival while the open ones keep working, and a place freed is usable again', async () => {
    const held = await Promise.all(Array.from({ length: BOUNDS.maxConnections }, () => open()));
    const ask = async (client: RawClient, marker: string) => {
      client.socket.write(`GET /api/rate_limit?m=${marker} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
      return client.waitFor(`"resources"`);
    };
    // Keep them busy enough not to idle out while the extra one knocks.
    const keepAlive = setInterval(() => held.forEach((c, i) => !c.socket.destroyed && c.socket.write(`GET /api/rate_limit?k=${i} HTTP/1.1\r\nHost: localhost\r\n\r\n`)), 200);
    try {
      await Promise.all(held.map((c, i) => ask(c, String(i))));
      const extra = await open();
      extra.socket.write('GET /api/rate_limit HTTP/1.1\r\nHost: localhost\r\n\r\n');
      await extra.closed;
      expect(extra.received()).toBe('');
      const first = held[0];
      if (!first) throw new Error('no held connection');
      expect(first.socket.destroyed).toBe(false);
    } finally {
      clearInterval(keepAlive);
    }
    for (const c of held) c.socket.destroy();
    await Promise.all(held.map((c) => c.closed));
    const after = await fetch(`${svc.origin}/api/rate_limit`);
    expect(after.status).toBe(200);
  });
});
