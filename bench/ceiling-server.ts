/**
 * The ceiling: bare `node:http` answering precomputed bytes, with no routing,
 * database, auth, rate limit or ETag. Nothing written in Node serves a page of
 * this size faster on this machine, so "ours / ceiling" says how much of the
 * possible throughput the service keeps.
 *
 * usage: node --import tsx bench/ceiling-server.ts CONTENT_TYPE PATH=FILE [PATH=FILE]...
 * A FILE ending in `.gz` holds gzip bytes and is sent with `Content-Encoding: gzip`,
 * as the service sends its compressed answers. Listens on a free loopback port and
 * prints `listening PORT` on stdout.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

const [contentType, ...routes] = process.argv.slice(2);
if (!contentType || routes.length === 0) {
  console.error('usage: ceiling-server.ts CONTENT_TYPE PATH=FILE [PATH=FILE]...');
  process.exit(2);
}
const answers = new Map<string, { body: Buffer; headers: Record<string, string | number> }>();
for (const route of routes) {
  const at = route.indexOf('=');
  const file = route.slice(at + 1);
  const body = readFileSync(file);
  const encoding: Record<string, string> = file.endsWith('.gz') ? { 'Content-Encoding': 'gzip', Vary: 'Accept-Encoding' } : {};
  answers.set(route.slice(0, at), { body, headers: { 'Content-Type': contentType, 'Content-Length': body.length, ...encoding } });
}

const server = createServer((req, res) => {
  const answer = answers.get(req.url ?? '');
  if (!answer) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, answer.headers).end(answer.body);
});
server.listen(0, '127.0.0.1', () => {
  console.log(`listening ${(server.address() as AddressInfo).port}`);
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
