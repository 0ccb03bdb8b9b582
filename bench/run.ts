/**
 * `npm run bench`: runs the benchmarks, prints one table (figure | ours | peer
 * | ratio | target | met) and writes it as JSON under bench/results/. Never
 * part of `npm test`: timings on a shared machine are read as ratios measured
 * side by side in one run, not asserted.
 *
 *   npm run bench                       both halves, full size
 *   npm run bench -- --only service     the service half (or BENCH_ONLY=service)
 *   npm run bench -- --only app         the browser half, from bench/app/benchmarks.ts
 *   npm run bench -- --only search      the service half's search part alone (bench/search/benchmark.ts),
 *                                       with the imports it compares to the baseline build's
 *   npm run bench -- --only scale-out   PostgreSQL against SQLite, and two instances behind nginx against one
 *                                       (bench/scale-out/benchmark.ts; its loads SCALE_OUT_DURATION_S long unless BENCH_DURATION_S is set)
 *   BENCH_QUICK=1 npm run bench         a smoke run: 10,000 entries, 3 s loads
 *
 * Other knobs (environment): BENCH_ENTRIES, BENCH_DURATION_S, BENCH_WARMUP_S,
 * BENCH_CONNECTIONS, BENCH_GROWTH (e.g. "1000,10000,100000"), BENCH_GROWTH_DURATION_S,
 * BENCH_LOAD_TOOL (wrk where it is installed, else autocannon: see bench/lib/load.ts),
 * BENCH_SEARCH_BASE (the commit whose import has no search index, or none: see bench/lib/import-timing.ts).
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { asBenchPart, formatTable, type BenchRow } from './lib/bench-row';
import { run, stopChildrenOnExit } from './lib/child-processes';
import { chooseLoadTool } from './lib/load';
import { pageDepthBenchmark } from './service/page-depth';
import { SCALE_OUT_DURATION_S, scaleOutBenchmarks } from './scale-out/benchmark';
import { NONCE_PARAM, SEARCH_WORD, UNCACHED_PAGES } from './lib/search-queries';
import { LOAD_ROUNDS } from './lib/load-rounds';
import { serviceBenchmarks } from './service/benchmark';

const PEERS_DIR = path.resolve('bench', 'peers');
const APP_BENCHMARKS = path.resolve('bench', 'app', 'benchmarks.ts');
const RESULTS_DIR = path.resolve('bench', 'results');

function numberFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a non-negative number, got '${raw}'`);
  return value;
}

function settings() {
  const { values } = parseArgs({ args: process.argv.slice(2), options: { only: { type: 'string' } }, strict: true });
  const only = values.only ?? process.env.BENCH_ONLY ?? 'all';
  if (only !== 'all' && only !== 'service' && only !== 'app' && only !== 'search' && only !== 'scale-out') throw new Error(`--only takes service, search, scale-out or app, got '${only}'`);
  const quick = process.env.BENCH_QUICK === '1';
  const entries = numberFromEnv('BENCH_ENTRIES', quick ? 10_000 : 100_000);
  const growthDefault = quick ? [1_000, 10_000] : [1_000, 10_000, 100_000];
  const growth = process.env.BENCH_GROWTH ? process.env.BENCH_GROWTH.split(',').map((s) => Number(s.trim())) : growthDefault;
  if (growth.some((n) => !Number.isInteger(n) || n < 1)) throw new Error(`BENCH_GROWTH must be whole numbers, got '${process.env.BENCH_GROWTH}'`);
  return {
    only,
    quick,
    entries,
    connections: numberFromEnv('BENCH_CONNECTIONS', 10),
    durationS: numberFromEnv('BENCH_DURATION_S', quick ? 3 : 10),
    warmupS: numberFromEnv('BENCH_WARMUP_S', quick ? 1 : 2),
    growthEntries: growth,
    growthDurationS: numberFromEnv('BENCH_GROWTH_DURATION_S', quick ? 2 : 5),
    loadTool: chooseLoadTool(),
  };
}

function machine() {
  const cpus = os.cpus();
  return {
    cpus: cpus.length,
    cpuModel: cpus[0]?.model ?? 'unknown',
    memoryGb: Number((os.totalmem() / 2 ** 30).toFixed(1)),
    loadAverage1m: Number((os.loadavg()[0] ?? 0).toFixed(2)),
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
    date: new Date().toISOString(),
  };
}

async function ensurePeers(): Promise<void> {
  if (existsSync(path.join(PEERS_DIR, 'node_modules'))) return;
  console.log('installing the peers into bench/peers/node_modules (json-server, Prism, Lighthouse)…');
  await run('npm', ['install', '--prefix', PEERS_DIR, '--no-audit', '--no-fund']);
}

async function appPart(options: Record<string, unknown>) {
  if (!existsSync(APP_BENCHMARKS)) {
    console.log('bench/app/benchmarks.ts is not there: no browser figures in this run.');
    return null;
  }
  const mod = (await import(pathToFileURL(APP_BENCHMARKS).href)) as { appBenchmarks?: (options: unknown) => Promise<unknown> };
  if (typeof mod.appBenchmarks !== 'function') throw new Error('bench/app/benchmarks.ts exports no appBenchmarks(options)');
  return asBenchPart(await mod.appBenchmarks(options), 'appBenchmarks()');
}

function pageDepthRows(figures: Record<string, number>): BenchRow[] {
  return Object.entries(figures).map(([key, value]) => ({ figure: `page depth (sequential, in-process): ${key}`, value }));
}

async function main(): Promise<number> {
  stopChildrenOnExit();
  const s = settings();
  const host = machine();
  const withService = s.only !== 'app' && s.only !== 'scale-out';
  console.log(`machine: ${host.cpus} × ${host.cpuModel}, ${host.memoryGb} GB, node ${host.node}, load ${host.loadAverage1m}, ${host.date}`);
  console.log(
    `run: ${s.only}${s.quick ? ' (quick)' : ''}` +
      (withService
        ? `, ${s.entries.toLocaleString('en-US')} entries, load by ${s.loadTool}, ${s.connections} connections, ${s.durationS} s per load after ${s.warmupS} s warm-up, ` +
          (s.only === 'search' ? 'search only' : `growth ${s.growthEntries.join('/')} at ${s.growthDurationS} s`)
        : ''),
  );
  if (withService && s.loadTool === 'autocannon') {
    console.log('load: wrk is not installed (apt-get install wrk), so autocannon loads the servers: above ~3,000 pages/s it, not the server, is the limit, and ours/ceiling reads near 100% whatever the service costs.');
  }
  await ensurePeers();

  const rows: BenchRow[] = [];
  const json: Record<string, unknown> = { machine: host, settings: s };
  const failures: string[] = [];
  const t0 = performance.now();

  if (withService) {
    try {
      const service = await serviceBenchmarks({ ...s, part: s.only === 'search' ? 'search' : 'all', peersDir: PEERS_DIR, log: (line) => console.log(line) });
      rows.push(...service.rows);
      json.service = service.json;
      failures.push(...service.failures);
    } catch (err) {
      failures.push(`service benchmarks stopped: ${err instanceof Error ? err.stack ?? err.message : String(err)}`);
    }
    // The search part alone skips page depth, which measures listing.
    if (s.only !== 'search') {
      try {
        console.log(`page depth (bench/service/page-depth.ts, ${s.entries.toLocaleString('en-US')} entries)`);
        const depth = await pageDepthBenchmark(s.entries);
        rows.push(...pageDepthRows(depth));
        json.pageDepth = depth;
      } catch (err) {
        failures.push(`page-depth benchmark stopped: ${err instanceof Error ? err.stack ?? err.message : String(err)}`);
      }
    }
  }
  if (s.only === 'all' || s.only === 'scale-out') {
    try {
      const scaleOut = await scaleOutBenchmarks({ ...s, durationS: numberFromEnv('BENCH_DURATION_S', s.quick ? 3 : SCALE_OUT_DURATION_S), log: (line) => console.log(line) });
      rows.push(...scaleOut.rows);
      json.scaleOut = scaleOut.json;
      failures.push(...scaleOut.failures);
    } catch (err) {
      failures.push(`scale-out benchmarks stopped: ${err instanceof Error ? err.stack ?? err.message : String(err)}`);
    }
  }
  if (s.only === 'all' || s.only === 'app') {
    try {
      const app = await appPart({ quick: s.quick, peersDir: PEERS_DIR, durationS: s.durationS, connections: s.connections });
      if (app) {
        rows.push(...app.rows);
        json.app = app.json;
      }
    } catch (err) {
      failures.push(`app benchmarks stopped: ${err instanceof Error ? err.stack ?? err.message : String(err)}`);
    }
  }

  const minutes = (performance.now() - t0) / 60_000;
  // The load average says how much else the machine was doing: read the figures with it.
  const loadAtEnd = Number((os.loadavg()[0] ?? 0).toFixed(2));
  console.log(
    `\nIssuescope benchmarks: ${host.cpus} × ${host.cpuModel}, ${host.memoryGb} GB, node ${host.node}, ${host.platform}, ${host.date}, ` +
      `${minutes.toFixed(1)} min, load average ${host.loadAverage1m} at start and ${loadAtEnd} at end`,
  );
  console.log(formatTable(rows));
  if (withService && s.only !== 'search') {
    console.log(
      `Notes: each server is its own process on 127.0.0.1, loaded in turn by ${s.loadTool === 'wrk' ? 'wrk (one thread, its own process)' : 'autocannon from this process (generator-bound: install wrk)'} (${s.connections} connections, ` +
        `${s.durationS} s after a discarded ${s.warmupS} s warm-up); page 1 (and the deep page of ours and the ceiling) in ${LOAD_ROUNDS} rounds with the servers alternating, its figures the median round's. Our service runs with --auth-limit and --burst-limit of 1,000,000,000 ` +
        'so the load measures serving, not the rate limiter. RSS is the peak VmRSS of the server process (and its children) during the load. ' +
        'Page depth is bench/service/page-depth.ts: sequential requests to an in-process service.',
    );
  }
  if (withService) {
    console.log(
      `Search (bench/search/benchmark.ts): "uncached" loads walk pages 1–${UNCACHED_PAGES} of a query with a new ${NONCE_PARAM} parameter on every request, so no answer comes from ` +
        'a per-URL answer cache (src/server/http/answer-cache.ts); the targets read those. "One URL repeated" asks one URL over and over. json-server is asked ' +
        `?q=${SEARCH_WORD}&_page=1&_limit=30; the LIKE scan (bench/lib/like-scan-server.ts) one page of 30 and the count. The uncached loads and both peers in ${LOAD_ROUNDS} rounds, ` +
        'servers alternating, figures the median round\'s. The import comparison runs this tree\'s import and the baseline commit\'s in turn.',
    );
  }
  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `bench-${host.date.replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, JSON.stringify({ ...json, rows, failures, minutes, loadAverage1mAtEnd: loadAtEnd }, null, 2));
  console.log(`written to ${path.relative(process.cwd(), file)}`);
  if (failures.length > 0) {
    console.error(`\n${failures.length} benchmark failure(s):\n${failures.map((f) => `- ${f}`).join('\n')}`);
    return 1;
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(1);
  },
);
