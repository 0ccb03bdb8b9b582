/**
 * One load measurement: a short warm-up run that is thrown away (JIT, SQLite
 * page cache, keep-alive sockets), then a fixed-length autocannon run with
 * fixed connections while the server's resident memory is sampled. Every
 * answer must carry the expected status: a benchmark that counts 429s or
 * 500s as throughput measures nothing, so any other status fails the run.
 */
import autocannon from 'autocannon';
import { sampleRss } from './child-processes';

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
  /** the only status every answer may have */
  expectStatus: 200 | 304;
}

export interface LoadResult {
  name: string;
  url: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  bytesPerRequest: number;
  /** answers with another status, connection errors and timeouts: must be 0 */
  unexpected: number;
  statusCounts: Record<string, number>;
  peakRssMb: number;
  connections: number;
  durationS: number;
}

export class UnexpectedAnswersError extends Error {}

function cannon(options: LoadOptions, durationS: number): Promise<autocannon.Result> {
  return autocannon({
    url: options.url,
    headers: options.headers ?? {},
    connections: options.connections,
    duration: durationS,
    pipelining: 1,
    // A stuck request must count as a timeout, not stall the run.
    timeout: 30,
  });
}

export async function measureLoad(options: LoadOptions): Promise<LoadResult> {
  if (options.warmupS > 0) await cannon(options, options.warmupS);
  const rss = sampleRss(options.pid);
  let result: autocannon.Result;
  try {
    result = await cannon(options, options.durationS);
  } finally {
    // stop() is called below as well; the finally only ends the timer on a throw.
    rss.stop();
  }
  const peakRssMb = rss.stop();
  const statusCounts: Record<string, number> = {};
  for (const [status, stat] of Object.entries(result.statusCodeStats ?? {})) statusCounts[status] = stat.count ?? 0;
  const expected = statusCounts[String(options.expectStatus)] ?? 0;
  const answered = Object.values(statusCounts).reduce((a, b) => a + b, 0);
  const unexpected = answered - expected + result.errors + result.timeouts;
  const measured: LoadResult = {
    name: options.name,
    url: options.url,
    requestsPerSecond: result.requests.mean,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    bytesPerRequest: result.requests.total > 0 ? Math.round(result.throughput.total / result.requests.total) : 0,
    unexpected,
    statusCounts,
    peakRssMb,
    connections: options.connections,
    durationS: options.durationS,
  };
  if (answered === 0 && unexpected === 0) {
    throw new UnexpectedAnswersError(`${options.name}: no answer arrived within ${options.durationS} s (${options.url})`);
  }
  if (unexpected > 0 || expected === 0) {
    throw new UnexpectedAnswersError(
      `${options.name}: expected every answer to be ${options.expectStatus}, got ${JSON.stringify(statusCounts)}, ` +
        `${result.errors} connection errors, ${result.timeouts} timeouts (${options.url})`,
    );
  }
  return measured;
}
