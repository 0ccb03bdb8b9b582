/**
 * One load measurement: a short warm-up run that is thrown away (JIT, SQLite
 * page cache, keep-alive sockets), then a fixed-length run with fixed
 * connections while the server's resident memory is sampled.
 *
 * The load comes from wrk (Debian's `wrk`, written in C) where it is
 * installed, as a process of its own with one thread, so the server keeps the
 * other core. autocannon is the fallback: it parses every answer in
 * JavaScript, and on this 2-core machine it saturated its own core on a full
 * page while the bare ceiling server still had room on its own; wrk drew far
 * more from the same ceiling, with the server, not the generator, the busy
 * side. Figures from the fallback are marked in the table.
 *
 * Every answer must be the expected one: a benchmark that counts 429s or 500s
 * as throughput measures nothing. Any 4xx or 5xx, connection error or timeout
 * fails the run (wrk counts each exactly). wrk does not report 2xx/3xx answers
 * by status without a per-answer Lua hook, which copies every body and cost
 * most of the throughput; instead a probe with the same headers fixes the
 * expected answer, and the run's bytes per answer must match it (a full page
 * is hundreds of times the size of a 304 or a redirect).
 *
 * A load may also walk a list of paths (`cycle`), each request taking the
 * next, with a counter parameter that makes every URL new: how an answer
 * cache in front of the server is kept out of a figure. The expected bytes
 * are then the mean of a probe of each path.
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
  /** Requests walk these instead of repeating `url`'s path (see `RequestCycle`). */
  cycle?: RequestCycle;
  /**
   * A cheap request answered only once the server is idle (a single-threaded
   * server answers it after its backlog): sent after the warm-up and after the
   * run. Requests still queued when the load tool stops are worked through
   * anyway, and a server whose answers take seconds (json-server's full-text
   * search) would otherwise spend the next load's time on the last one's.
   */
  settleUrl?: string;
}

/**
 * Request k (from 0) goes to `paths[k % paths.length]` on `url`'s origin; with
 * `nonceParam`, plus `&nonceParam=<run>-<k>`, unique within and across runs
 * (warm-up included), so no request is ever answered from a per-URL cache.
 */
export interface RequestCycle {
  /** path and query, each starting with `/` */
  paths: readonly string[];
  /** a query parameter the server ignores */
  nonceParam?: string;
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

const WRK_SCRIPT = path.resolve('bench', 'lib', 'wrk-summary.lua');
const WRK_CYCLE_SCRIPT = path.resolve('bench', 'lib', 'wrk-cycle.lua');
/** a stuck request must count as a timeout, not stall the run */
const REQUEST_TIMEOUT_S = 30;
/** bytes per answer may differ from the probe's by this much (partial answers at the end of a run, chunk framing) */
const BYTES_TOLERANCE = 0.05;
const BYTES_TOLERANCE_MIN = 256;
/** how long a server may take to work through a load's leftover requests */
const SETTLE_TIMEOUT_MS = 180_000;

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

let runCount = 0;
/** A prefix for one run's nonces: a warm-up and the run after it must not share a URL either. */
function nextRunId(): string {
  runCount += 1;
  return `${process.pid}.${runCount}`;
}

/** The path of request `index` of a cycle (what wrk-cycle.lua computes too). */
export function cyclePath(cycle: RequestCycle, runId: string, index: number): string {
  const base = cycle.paths[index % cycle.paths.length];
  if (base === undefined) throw new Error('a request cycle needs at least one path');
  if (!cycle.nonceParam) return base;
  return `${base}${base.includes('?') ? '&' : '?'}${cycle.nonceParam}=${runId}-${index}`;
}

function runWrk(options: LoadOptions, durationS: number): Promise<Measured> {
  const cycle = options.cycle;
  const args = ['-t1', `-c${options.connections}`, `-d${durationS}s`, `--timeout`, `${REQUEST_TIMEOUT_S}s`, '-s', cycle ? WRK_CYCLE_SCRIPT : WRK_SCRIPT];
  for (const [name, value] of Object.entries(options.headers ?? {})) args.push('-H', `${name}: ${value}`);
  args.push(options.url);
  // wrk hands what follows `--` to the script's init(args).
  if (cycle) args.push('--', cycle.nonceParam ?? '', nextRunId(), ...cycle.paths);
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
  const cycle = options.cycle;
  const runId = nextRunId();
  let sent = 0;
  const result = await autocannon({
    url: options.url,
    headers: options.headers ?? {},
    connections: options.connections,
    duration: durationS,
    pipelining: 1,
    timeout: REQUEST_TIMEOUT_S,
    ...(cycle ? { requests: [{ setupRequest: (request: autocannon.Request) => ({ ...request, path: cyclePath(cycle, runId, sent++) }) }] } : {}),
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
function probeOne(url: string, headers: Record<string, string>): Promise<{ status: number; wireBytes: number }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers }, (res) => {
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

/** The answer every request of the run must get: for a cycle, every path's status and their mean size (paths are loaded in equal shares). */
async function probe(options: LoadOptions): Promise<{ status: number; wireBytes: number; url: string }> {
  const headers = options.headers ?? {};
  if (!options.cycle) return { ...(await probeOne(options.url, headers)), url: options.url };
  const origin = new URL(options.url).origin;
  const runId = nextRunId();
  let bytes = 0;
  for (let i = 0; i < options.cycle.paths.length; i++) {
    const url = origin + cyclePath(options.cycle, runId, i);
    const one = await probeOne(url, headers);
    if (one.status !== options.expectStatus) return { ...one, url };
    bytes += one.wireBytes;
  }
  return { status: options.expectStatus, wireBytes: Math.round(bytes / options.cycle.paths.length), url: options.url };
}

async function settle(options: LoadOptions): Promise<void> {
  if (!options.settleUrl) return;
  try {
    const res = await fetch(options.settleUrl, { headers: options.headers ?? {}, signal: AbortSignal.timeout(SETTLE_TIMEOUT_MS) });
    await res.arrayBuffer();
  } catch (err) {
    throw new UnexpectedAnswersError(`${options.name}: the server did not come back idle within ${SETTLE_TIMEOUT_MS / 1000} s (${options.settleUrl}): ${err instanceof Error ? err.message : String(err)}`);
  }
}

export async function measureLoad(options: LoadOptions): Promise<LoadResult> {
  const expected = await probe(options);
  if (expected.status !== options.expectStatus) {
    throw new UnexpectedAnswersError(`${options.name}: expected ${options.expectStatus}, the probe got ${expected.status} (${expected.url})`);
  }
  const load = options.tool === 'wrk' ? runWrk : runAutocannon;
  if (options.warmupS > 0) {
    await load(options, options.warmupS);
    await settle(options);
  }
  const rss = sampleRss(options.pid);
  let m: Measured;
  try {
    m = await load(options, options.durationS);
  } finally {
    // stop() is called below as well; the finally only ends the timer on a throw.
    rss.stop();
  }
  const peakRssMb = rss.stop();
  await settle(options);
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
