/**
 * One load measurement: a short warm-up run that is thrown away (JIT, SQLite
 * page cache, keep-alive sockets), then a fixed-length run with fixed
 * connections while the server's resident memory is sampled.
 *
 * The load comes from wrk (Debian's `wrk`, written in C) where it is
 * installed, as a process of its own with one thread, so the server keeps the
 * other core. autocannon is the fallback: it parses every answer in
 * JavaScript, and on this 2-core machine it saturated its own core at about
 * 3,300 answers/s of a 690 KB page while the bare ceiling server sat at 62%
 * of one; wrk drew twice that from the same ceiling, with the server, not the
 * generator, the busy side. Figures from the fallback are marked in the table.
 *
 * Every answer must be the expected one: a benchmark that counts 429s or 500s
 * as throughput measures nothing. Any 4xx or 5xx, connection error or timeout
 * fails the run (wrk counts each exactly). wrk does not report 2xx/3xx answers
 * by status without a per-answer Lua hook, which copies every body and cost
 * two thirds of the throughput; instead a probe with the same headers fixes
 * the expected answer, and the run's bytes per answer must match it (a page
 * is 690 KB, a 304 or a redirect about 1 KB).
 */
import { spawn, spawnSync } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import autocannon from 'autocannon';
import { sampleRss } from './child-processes';

export type LoadTool = 'wrk' | 'autocannon';

export interface LoadOptions {
  /** what the table calls it */
  name: string;
  url: string;
  headers?: Record<string, string>;
  /** the server process whose memory is sampled */
  pid: number;
  connections: number;
  durationS: number;
  warmupS: number;
  tool: LoadTool;
  /** the only status every answer may have */
  expectStatus: 200 | 304;
}

export interface LoadResult {
  name: string;
  url: string;
  tool: LoadTool;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  bytesPerRequest: number;
  /** answers with another status, connection errors and timeouts: must be 0 */
  unexpected: number;
  /** by status where the tool tells them apart (autocannon); wrk reports `4xx/5xx` as one count */
  statusCounts: Record<string, number>;
  peakRssMb: number;
  connections: number;
  durationS: number;
}

export class UnexpectedAnswersError extends Error {}

const WRK_SCRIPT = path.resolve('bench', 'wrk-summary.lua');
/** a stuck request must count as a timeout, not stall the run */
const REQUEST_TIMEOUT_S = 30;
/** bytes per answer may differ from the probe's by this much (partial answers at the end of a run, chunk framing) */
const BYTES_TOLERANCE = 0.05;
const BYTES_TOLERANCE_MIN = 256;

/** wrk where it is installed; BENCH_LOAD_TOOL=autocannon (or wrk) chooses. */
export function chooseLoadTool(env: NodeJS.ProcessEnv = process.env): LoadTool {
  const asked = env.BENCH_LOAD_TOOL;
  if (asked === 'wrk' || asked === 'autocannon') return asked;
  if (asked) throw new Error(`BENCH_LOAD_TOOL takes wrk or autocannon, got '${asked}'`);
  // `wrk --version` prints its banner and exits 1; a missing binary is ENOENT.
  return spawnSync('wrk', ['--version'], { stdio: 'ignore' }).error ? 'autocannon' : 'wrk';
}

interface Measured {
  requests: number;
  seconds: number;
  bytes: number;
  p50Ms: number;
  p99Ms: number;
  unexpected: number;
  statusCounts: Record<string, number>;
  errors: string;
}

interface WrkSummary {
  requests: number;
  bytes: number;
  durationUs: number;
  errors: { connect: number; read: number; write: number; status: number; timeout: number };
  latencyUs: { p50: number; p99: number };
}

function runWrk(options: LoadOptions, durationS: number): Promise<Measured> {
  const args = ['-t1', `-c${options.connections}`, `-d${durationS}s`, `--timeout`, `${REQUEST_TIMEOUT_S}s`, '-s', WRK_SCRIPT];
  for (const [name, value] of Object.entries(options.headers ?? {})) args.push('-H', `${name}: ${value}`);
  args.push(options.url);
  return new Promise((resolve, reject) => {
    const child = spawn('wrk', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    child.once('error', reject);
    child.once('close', (code) => {
      const line = out.split('\n').find((l) => l.startsWith('{"requests"'));
      if (code !== 0 || !line) {
        reject(new Error(`wrk exited ${code} without its summary: ${out.slice(-1000)}`));
        return;
      }
      const s = JSON.parse(line) as WrkSummary;
      const e = s.errors;
      resolve({
        requests: s.requests,
        seconds: s.durationUs / 1e6,
        bytes: s.bytes,
        p50Ms: s.latencyUs.p50 / 1000,
        p99Ms: s.latencyUs.p99 / 1000,
        unexpected: e.connect + e.read + e.write + e.status + e.timeout,
        statusCounts: { [String(options.expectStatus)]: s.requests - e.status, '4xx/5xx': e.status },
        errors: `${e.status} answers of 400 or more, ${e.connect + e.read + e.write} connection errors, ${e.timeout} timeouts`,
      });
    });
  });
}

async function runAutocannon(options: LoadOptions, durationS: number): Promise<Measured> {
  const result = await autocannon({
    url: options.url,
    headers: options.headers ?? {},
    connections: options.connections,
    duration: durationS,
    pipelining: 1,
    timeout: REQUEST_TIMEOUT_S,
  });
  const statusCounts: Record<string, number> = {};
  for (const [status, stat] of Object.entries(result.statusCodeStats ?? {})) statusCounts[status] = stat.count ?? 0;
  const answered = Object.values(statusCounts).reduce((a, b) => a + b, 0);
  const expected = statusCounts[String(options.expectStatus)] ?? 0;
  return {
    requests: result.requests.total,
    seconds: durationS,
    bytes: result.throughput.total,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    unexpected: answered - expected + result.errors + result.timeouts,
    statusCounts,
    errors: `statuses ${JSON.stringify(statusCounts)}, ${result.errors} connection errors, ${result.timeouts} timeouts`,
  };
}

/** One request with the run's headers: its status and its size on the wire (status line, headers, body). */
function probe(options: LoadOptions): Promise<{ status: number; wireBytes: number }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(options.url, { headers: options.headers ?? {} }, (res) => {
      let body = 0;
      res.on('data', (chunk: Buffer) => (body += chunk.length));
      res.on('end', () => {
        let head = `HTTP/1.1 ${res.statusCode} ${res.statusMessage}\r\n`.length + 2;
        for (let i = 0; i < res.rawHeaders.length; i += 2) head += `${res.rawHeaders[i]}: ${res.rawHeaders[i + 1]}\r\n`.length;
        resolve({ status: res.statusCode ?? 0, wireBytes: head + body });
      });
    });
    req.once('error', reject);
    req.end();
  });
}

export async function measureLoad(options: LoadOptions): Promise<LoadResult> {
  const expected = await probe(options);
  if (expected.status !== options.expectStatus) {
    throw new UnexpectedAnswersError(`${options.name}: expected ${options.expectStatus}, the probe got ${expected.status} (${options.url})`);
  }
  const load = options.tool === 'wrk' ? runWrk : runAutocannon;
  if (options.warmupS > 0) await load(options, options.warmupS);
  const rss = sampleRss(options.pid);
  let m: Measured;
  try {
    m = await load(options, options.durationS);
  } finally {
    // stop() is called below as well; the finally only ends the timer on a throw.
    rss.stop();
  }
  const peakRssMb = rss.stop();
  const bytesPerRequest = m.requests > 0 ? Math.round(m.bytes / m.requests) : 0;
  if (m.requests === 0 && m.unexpected === 0) {
    throw new UnexpectedAnswersError(`${options.name}: no answer arrived within ${options.durationS} s (${options.url})`);
  }
  if (m.unexpected > 0 || m.requests === 0) {
    throw new UnexpectedAnswersError(`${options.name}: expected every answer to be ${options.expectStatus}, got ${m.errors} (${options.url})`);
  }
  if (Math.abs(bytesPerRequest - expected.wireBytes) > Math.max(BYTES_TOLERANCE_MIN, expected.wireBytes * BYTES_TOLERANCE)) {
    throw new UnexpectedAnswersError(
      `${options.name}: answers averaged ${bytesPerRequest} bytes where a ${options.expectStatus} is ${expected.wireBytes}: ` +
        `some answers were not the expected one (${options.url})`,
    );
  }
  return {
    name: options.name,
    url: options.url,
    tool: options.tool,
    requestsPerSecond: m.requests / m.seconds,
    p50Ms: m.p50Ms,
    p99Ms: m.p99Ms,
    requests: m.requests,
    bytesPerRequest,
    unexpected: m.unexpected,
    statusCounts: m.statusCounts,
    peakRssMb,
    connections: options.connections,
    durationS: options.durationS,
  };
}
