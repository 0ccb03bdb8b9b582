/**
 * The ceiling: bare `node:http` answering precomputed bytes, with no routing,
 * database, auth, rate limit or ETag. Nothing written in Node serves a page of
 * this size faster on this machine, so "ours / ceiling" says how much of the
 * possible throughput the service keeps.
 *
 * usage: node --import tsx bench/lib/ceiling-server.ts CONTENT_TYPE PATH=FILE [PATH=FILE]...
 * Listens on a free loopback port and prints `listening PORT` on stdout.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

const [contentType, ...routes] = process.argv.slice(2);
if (!contentType || routes.length === 0) {
  console.error('usage: ceiling-server.ts CONTENT_TYPE PATH=FILE [PATH=FILE]...');
  process.exit(2);
}
const bodies = new Map<string, Buffer>();
for (const route of routes) {
  const at = route.indexOf('=');
  bodies.set(route.slice(0, at), readFileSync(route.slice(at + 1)));
}

const server = createServer((req, res) => {
  const body = bodies.get(req.url ?? '');
  if (!body) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { 'Content-Type': contentType, 'Content-Length': body.length }).end(body);
});
server.listen(0, '127.0.0.1', () => {
  console.log(`listening ${(server.address() as AddressInfo).port}`);
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
