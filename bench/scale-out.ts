/**
 * `npm run bench -- --only scale-out` (issue 28): what serving from a shared
 * PostgreSQL costs against serving from SQLite, and what a second instance
 * behind nginx buys, on the same generated repository in one run.
 *
 * 1. The `import` command into PostgreSQL and into SQLite, in turn, LOAD_ROUNDS times each.
 * 2. One `serve` on PostgreSQL and one on SQLite: page 1 as a repeated URL
 *    (both keep rendered answers, http/answer-cache.ts), page 1 and a deep
 *    page "uncached" (a parameter the service ignores makes every URL new, as
 *    search-load.ts does), and 304 revalidations.
 * 3. Two PostgreSQL instances behind nginx (deploy/nginx/issuescope.conf,
 *    written by scripts/scale-out.ts's `nginxConfig`) against one instance
 *    behind the same nginx and against that instance alone, uncached page 1
 *    and deep page: behind nginx on both sides, the ratio is the second
 *    instance's and not the proxy's.
 * 4. The rate limit's round trip alone: `SharedRateLimiter.take` from this
 *    process, one caller at a time and BENCH_CONNECTIONS at once.
 *
 * Every load of every server takes its turn in each of LOAD_ROUNDS rounds
 * (load-rounds.ts); a figure is the median round's, the worst round beside it.
 * The limits are set far above what a load can spend, so nothing is refused
 * and the figures measure serving, while every request still takes its credit.
 */
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { nginxConfig } from '../scripts/scale-out';
import { limitsOf, DEFAULT_RATE_LIMITS, type Caller } from '../src/server/limits/rate-limiter';
import { SharedRateLimiter } from '../src/server/limits/shared-rate-limiter';
import { migratePostgres } from '../src/server/store/postgres/migrate';
import { sqlOf } from '../src/server/store/postgres/sql';
import { startPostgres, type PostgresServer } from '../test-support/server/postgres-server';
import { median, percentile } from './app-stats';
import type { BenchPart, BenchRow } from './bench-row';
import { formatNumber } from './bench-row';
import { freePort, removeOnExit, start, waitForHttp, waitForOutput } from './child-processes';
import { BENCH_REPO, writeRepository } from './generate-repository';
import { importRepository, timeSummary } from './import-timing';
import { measureLoad, UnexpectedAnswersError, type LoadOptions, type LoadResult, type LoadTool } from './load';
import { medianRound, rotated } from './load-rounds';
import type { RunningServer } from './peer-servers';
import { NONCE_PARAM } from './search-load';
import { LOAD_ROUNDS } from './service-load';

export interface ScaleOutOptions {
  entries: number;
  connections: number;
  durationS: number;
  warmupS: number;
  loadTool: LoadTool;
  quick: boolean;
  log: (line: string) => void;
}

/** This part's load length when BENCH_DURATION_S is not set: it runs a dozen loads a round, so shorter ones than the service part's keep it to minutes. */
export const SCALE_OUT_DURATION_S = 5;

const FULL_SIZE_ENTRIES = 100_000;
const IMPORT_TARGET_S = 30;
const PAGE1_SHARE_TARGET = 0.5;
const DEEP_P99_RATIO_TARGET = 1.5;
const PER_PAGE = 30;
const DEEP_PAGE_WANTED = 3000;
/** Far above what any load here can spend, so no answer is a 429 (load.ts fails a run on one). */
const HIGH_LIMIT = '100000000';
const SERVE_START_TIMEOUT_MS = 120_000;
/** a load that has not ended this long after its warm-up and run should have is stopped as failed */
const LOAD_GRACE_S = 60;
const TAKE_WARMUP_CALLS = 200;
const TAKE_CALLS = 2_000;
const TAKE_CALLS_QUICK = 500;

const REPO_PATH = `/api/repos/${BENCH_REPO.owner}/${BENCH_REPO.name}/issues`;

type ServerKey = 'sqlite' | 'postgres' | 'nginx1' | 'nginx2';
type ScenarioKey = 'page1' | 'page1Uncached' | 'deepUncached' | 'notModified';
type Engine = 'postgres' | 'sqlite';

/**
 * A page deep in the list that is still full: page 3,000 of 30 at 100,000
 * entries, the last full page of a smaller repository (a short last page
 * would flatter the figure).
 */
export function deepPageOf(entries: number, perPage: number = PER_PAGE, wanted: number = DEEP_PAGE_WANTED): number {
  return Math.max(1, Math.min(wanted, Math.floor(entries / perPage)));
}

/** The imports of round `round`: PostgreSQL and SQLite in turn, the pair's order swapped each round. */
export function importOrder(round: number): Engine[] {
  return rotated<Engine>(['postgres', 'sqlite'], round);
}

/** `total` calls shared out between `callers` as evenly as whole numbers allow. */
export function callsPerCaller(total: number, callers: number): number[] {
  if (callers < 1) return [];
  return Array.from({ length: callers }, (_, i) => Math.floor(total / callers) + (i < total % callers ? 1 : 0));
}

export interface RoundsSummary<T> {
  /** the median round by throughput (load-rounds.ts), null when every round failed */
  median: T | null;
  /** the lowest throughput of any round */
  worstPerSecond: number | null;
  /** the median and the highest of the rounds' p99s: a p99 swings more than throughput from one load to the next */
  medianP99Ms: number | null;
  worstP99Ms: number | null;
}

export function summarizeRounds<T extends { requestsPerSecond: number; p99Ms: number }>(rounds: ReadonlyArray<T | null>): RoundsSummary<T> {
  const done = rounds.filter((r): r is T => r !== null);
  if (done.length === 0) return { median: null, worstPerSecond: null, medianP99Ms: null, worstP99Ms: null };
  const p99s = done.map((r) => r.p99Ms);
  return {
    median: medianRound(done),
    worstPerSecond: Math.min(...done.map((r) => r.requestsPerSecond)),
    medianP99Ms: median(p99s),
    worstP99Ms: Math.max(...p99s),
  };
}

/** One batch of `take` calls: how many a second, and each call's latency. */
export interface TakeTiming {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  calls: number;
}

export function takeTiming(latenciesMs: readonly number[], wallMs: number): TakeTiming {
  return {
    requestsPerSecond: wallMs > 0 ? (latenciesMs.length * 1000) / wallMs : 0,
    p50Ms: percentile(latenciesMs, 50),
    p99Ms: percentile(latenciesMs, 99),
    calls: latenciesMs.length,
  };
}

const times = (x: number) => `${formatNumber(x)}×`;
const percent = (x: number) => `${Math.round(x * 100)}%`;
const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** A `serve` instance with limits nothing here reaches and no browser app. */
async function startServe(name: string, db: string, extraArgs: string[] = []): Promise<RunningServer & { port: number }> {
  const t0 = performance.now();
  const proc = start('node', [
    '--import', 'tsx', 'src/server/cli.ts', 'serve',
    '--db', db, '--port', '0', '--host', '127.0.0.1', '--no-app',
    '--unauth-limit', HIGH_LIMIT, '--auth-limit', HIGH_LIMIT, '--burst-limit', HIGH_LIMIT,
    ...extraArgs,
  ]);
  const match = await waitForOutput(proc, /serving on (http:\/\/127\.0\.0\.1:(\d+))/, SERVE_START_TIMEOUT_MS);
  const base = match[1] ?? '';
  await waitForHttp(proc, `${base}/api/rate_limit`, SERVE_START_TIMEOUT_MS);
  return { name, base, port: Number(match[2]), process: proc, startupS: (performance.now() - t0) / 1000 };
}

/** nginx with the repository's config, its upstream the given instances, in a prefix folder of its own. */
async function startNginx(name: string, prefixDir: string, instancePorts: readonly number[]): Promise<RunningServer> {
  mkdirSync(path.join(prefixDir, 'tmp'), { recursive: true });
  // As root, nginx's workers run as `nobody`: they must be able to reach the temp folders it
  // buffers large answers in, which a 0700 folder from mkdtemp would forbid.
  chmodSync(prefixDir, 0o755);
  chmodSync(path.dirname(prefixDir), 0o755);
  const port = await freePort();
  const config = path.join(prefixDir, 'issuescope.conf');
  writeFileSync(config, nginxConfig(readFileSync(path.resolve('deploy', 'nginx', 'issuescope.conf'), 'utf8'), port, instancePorts));
  const t0 = performance.now();
  const proc = start('nginx', ['-p', prefixDir, '-c', config, '-g', 'daemon off;']);
  const base = `http://127.0.0.1:${port}`;
  await waitForHttp(proc, `${base}/api/rate_limit`, SERVE_START_TIMEOUT_MS);
  return { name, base, process: proc, startupS: (performance.now() - t0) / 1000 };
}

async function dropDatabase(serverUrl: string, databaseUrl: string): Promise<void> {
  const name = new URL(databaseUrl).pathname.slice(1);
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name.replace(/"/g, '""')}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

/** Fails with the load's name once it runs LOAD_GRACE_S past its warm-up and run, so no round can stall the part. */
async function boundedLoad(options: LoadOptions): Promise<LoadResult> {
  const limitMs = (options.warmupS + options.durationS + LOAD_GRACE_S) * 1000;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new UnexpectedAnswersError(`${options.name}: still running ${limitMs / 1000} s after it started (${options.url})`)), limitMs);
  });
  try {
    return await Promise.race([measureLoad(options), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function fetchEtag(url: string): Promise<string> {
  const res = await fetch(url);
  const body = await res.text();
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${body.slice(0, 300)}`);
  const etag = res.headers.get('etag');
  if (!etag) throw new Error(`${url} sent no ETag, so the 304 scenario cannot run`);
  return etag;
}

/** `calls[i]` sequential `take`s for caller i, all callers at once; each call timed on its own. */
async function timeTakes(limiter: SharedRateLimiter, callers: readonly Caller[], calls: readonly number[]): Promise<TakeTiming> {
  const latencies: number[] = [];
  const t0 = performance.now();
  await Promise.all(
    callers.map(async (caller, i) => {
      for (let k = 0; k < (calls[i] ?? 0); k++) {
        const t = performance.now();
        const taken = await limiter.take(caller);
        latencies.push(performance.now() - t);
        if (!taken.allowed) throw new Error(`take_credit refused a credit (${taken.reason}): the limits are set too low for the calls timed`);
      }
    }),
  );
  return takeTiming(latencies, performance.now() - t0);
}

type TakeKey = 'sequential' | 'concurrentOneKey' | 'concurrentKeyEach';

export async function scaleOutBenchmarks(options: ScaleOutOptions): Promise<BenchPart & { failures: string[] }> {
  const { log, entries, connections } = options;
  const load = { connections, durationS: options.durationS, warmupS: options.warmupS, tool: options.loadTool };
  const work = mkdtempSync(path.join(tmpdir(), 'issuescope-scale-out-bench-'));
  const removeWork = removeOnExit(work);
  const failures: string[] = [];
  const servers: RunningServer[] = [];
  let postgres: PostgresServer | null = null;
  const deepPage = deepPageOf(entries);
  const listQuery = `state=all&per_page=${PER_PAGE}`;
  const page1Path = `${REPO_PATH}?${listQuery}`;
  const deepPath = `${REPO_PATH}?${listQuery}&page=${deepPage}`;
  const t0 = performance.now();

  log(
    `scale-out (bench/scale-out.ts): ${entries.toLocaleString('en-US')} entries, ${LOAD_ROUNDS} rounds, load by ${options.loadTool}, ${connections} connections, ` +
      `${load.durationS} s per load after ${load.warmupS} s warm-up`,
  );
  try {
    log(`generating ${entries.toLocaleString('en-US')} entries`);
    const issuesFile = path.join(work, 'issues.json');
    const { bytes } = writeRepository(entries, issuesFile);
    log(`  ${formatNumber(bytes / 1e6)} MB of JSON`);

    log('starting PostgreSQL (test-support/server/postgres-server.ts)');
    postgres = await startPostgres();
    const pgServer = postgres;

    // 1. Imports, PostgreSQL and SQLite in turn; each round's first import of each engine is the one served.
    const importS: Record<Engine, number[]> = { postgres: [], sqlite: [] };
    const servedPg = await pgServer.freshDatabase();
    const servedSqlite = path.join(work, 'big.db');
    for (let round = 0; round < LOAD_ROUNDS; round++) {
      for (const engine of importOrder(round)) {
        const served = round === 0;
        if (engine === 'postgres') {
          const db = served ? servedPg : await pgServer.freshDatabase();
          importS.postgres.push(await importRepository(db, issuesFile));
          if (!served) await dropDatabase(pgServer.url, db);
        } else {
          const db = served ? servedSqlite : path.join(work, `import-${round}.db`);
          importS.sqlite.push(await importRepository(db, issuesFile));
          if (!served) for (const file of [db, `${db}-wal`, `${db}-shm`]) rmSync(file, { force: true });
        }
        log(`  import round ${round + 1}, ${engine === 'postgres' ? 'PostgreSQL' : 'SQLite'}: ${formatNumber(importS[engine].at(-1) ?? NaN)} s`);
      }
    }
    rmSync(issuesFile, { force: true });

    // 2 and 3. Every server up at once, so each round loads them in turn.
    log('starting the servers: SQLite, PostgreSQL, a second PostgreSQL instance, nginx in front of one and of two');
    const sqlite = await startServe('SQLite', servedSqlite);
    servers.push(sqlite);
    const pgOne = await startServe('PostgreSQL', servedPg, ['--trust-proxy']);
    servers.push(pgOne);
    const pgTwo = await startServe('PostgreSQL #2', servedPg, ['--trust-proxy']);
    servers.push(pgTwo);
    const nginx1 = await startNginx('nginx → 1 instance', mkdtempSync(path.join(work, 'nginx-1-')), [pgOne.port]);
    servers.push(nginx1);
    const nginx2 = await startNginx('nginx → 2 instances', mkdtempSync(path.join(work, 'nginx-2-')), [pgOne.port, pgTwo.port]);
    servers.push(nginx2);
    const byKey: Record<ServerKey, RunningServer> = { sqlite, postgres: pgOne, nginx1, nginx2 };

    // ETags name the answer's bytes, whose URLs hold the server's own origin: each server's own.
    const etags = { sqlite: await fetchEtag(sqlite.base + page1Path), postgres: await fetchEtag(pgOne.base + page1Path) };
    const uncached = (p: string) => ({ paths: [p], nonceParam: NONCE_PARAM });
    const scenarios: Array<{ key: ScenarioKey; label: string; on: ServerKey[]; request: (key: ServerKey, base: string) => Omit<LoadOptions, 'pid' | keyof typeof load> }> = [
      { key: 'page1', label: 'page 1, one URL repeated', on: ['sqlite', 'postgres'], request: (_, base) => ({ name: 'page 1', url: base + page1Path, expectStatus: 200 }) },
      {
        key: 'page1Uncached',
        label: 'page 1, uncached',
        on: ['sqlite', 'postgres', 'nginx1', 'nginx2'],
        request: (_, base) => ({ name: 'page 1 uncached', url: base + page1Path, cycle: uncached(page1Path), expectStatus: 200 }),
      },
      {
        key: 'deepUncached',
        label: `page ${deepPage}, uncached`,
        on: ['sqlite', 'postgres', 'nginx1', 'nginx2'],
        request: (_, base) => ({ name: `page ${deepPage} uncached`, url: base + deepPath, cycle: uncached(deepPath), expectStatus: 200 }),
      },
      {
        key: 'notModified',
        label: 'page 1, 304 (If-None-Match)',
        on: ['sqlite', 'postgres'],
        request: (key, base) => ({ name: 'page 1 with If-None-Match', url: base + page1Path, headers: { 'If-None-Match': key === 'sqlite' ? etags.sqlite : etags.postgres }, expectStatus: 304 }),
      },
    ];

    const results: Record<string, Array<LoadResult | null>> = {};
    const take: Record<TakeKey, Array<TakeTiming | null>> = { sequential: [], concurrentOneKey: [], concurrentKeyEach: [] };

    // 4's database and limiter: a fresh database, the limiter the service's own class.
    const limiterDb = await pgServer.freshDatabase();
    const migrator = new pg.Client({ connectionString: limiterDb });
    await migrator.connect();
    try {
      await migratePostgres(migrator);
    } finally {
      await migrator.end();
    }
    const pool = new pg.Pool({ connectionString: limiterDb, max: connections });
    pool.on('error', () => undefined);
    const limits = { ...DEFAULT_RATE_LIMITS, unauthLimit: Number(HIGH_LIMIT), authLimit: Number(HIGH_LIMIT), burstLimit: Number(HIGH_LIMIT) };
    const limiter = new SharedRateLimiter(sqlOf(pool), limitsOf(limits, 'core'), () => Date.now(), 'core');
    const takeCalls = options.quick ? TAKE_CALLS_QUICK : TAKE_CALLS;
    const oneCaller: Caller = { kind: 'ip', address: '192.0.2.1' };
    const sameCaller = Array.from({ length: connections }, () => oneCaller);
    const eachCaller: Caller[] = Array.from({ length: connections }, (_, i) => ({ kind: 'ip', address: `192.0.2.${10 + i}` }));

    try {
      for (let round = 0; round < LOAD_ROUNDS; round++) {
        log(`round ${round + 1} of ${LOAD_ROUNDS}`);
        for (const scenario of scenarios) {
          for (const key of rotated(scenario.on, round)) {
            const server = byKey[key];
            const request = scenario.request(key, server.base);
            log(`  ${server.name}: ${scenario.label} (${load.durationS} s, ${connections} connections)`);
            let result: LoadResult | null = null;
            try {
              result = await boundedLoad({ ...request, ...load, pid: server.process.pid });
              log(`    ${formatNumber(result.requestsPerSecond)} req/s, p50 ${formatNumber(result.p50Ms)} ms, p99 ${formatNumber(result.p99Ms)} ms, peak RSS ${formatNumber(result.peakRssMb)} MB`);
            } catch (err) {
              failures.push(`${server.name} ${scenario.label}, round ${round + 1}: ${errorText(err)}`);
              log(`    FAILED: ${errorText(err)}`);
            }
            (results[`${scenario.key}.${key}`] ??= []).push(result);
          }
        }

        // The limit's round trip with the servers idle, in the same round as the loads.
        log(`  take_credit: ${TAKE_WARMUP_CALLS} warm-up calls, then ${takeCalls} one at a time and ${takeCalls} from ${connections} callers at once (one key, then a key each)`);
        await timeTakes(limiter, eachCaller, callsPerCaller(TAKE_WARMUP_CALLS, connections));
        const batches: Array<[TakeKey, readonly Caller[]]> = [
          ['sequential', [oneCaller]],
          ['concurrentOneKey', sameCaller],
          ['concurrentKeyEach', eachCaller],
        ];
        for (const [key, callers] of rotated(batches, round)) {
          try {
            const timing = await timeTakes(limiter, callers, callsPerCaller(takeCalls, callers.length));
            take[key].push(timing);
            log(`    ${key}: p50 ${formatNumber(timing.p50Ms)} ms, p99 ${formatNumber(timing.p99Ms)} ms, ${formatNumber(timing.requestsPerSecond)} calls/s`);
          } catch (err) {
            take[key].push(null);
            failures.push(`take_credit ${key}, round ${round + 1}: ${errorText(err)}`);
            log(`    ${key} FAILED: ${errorText(err)}`);
          }
        }
      }
    } finally {
      await pool.end();
    }

    const rows = buildRows({ entries, deepPage, connections, takeCalls, importS, results, take });
    log(
      `scale-out: ${formatNumber((performance.now() - t0) / 60_000)} min. Lists are ${listQuery}; "uncached" loads add a new ${NONCE_PARAM} parameter to every request, ` +
        'so no answer comes from an answer cache. Every instance runs with --unauth-limit, --auth-limit and --burst-limit ' +
        `${HIGH_LIMIT}; the PostgreSQL instances with --trust-proxy, nginx with deploy/nginx/issuescope.conf's settings.`,
    );
    return {
      rows,
      failures,
      json: {
        entries,
        generatedBytes: bytes,
        deepPage,
        urls: { page1: page1Path, deep: deepPath, nonceParam: NONCE_PARAM },
        load: { ...load, rounds: LOAD_ROUNDS, limits: HIGH_LIMIT },
        importSeconds: importS,
        results,
        takeCredit: { calls: takeCalls, warmupCalls: TAKE_WARMUP_CALLS, callers: connections, ...take },
        startupSeconds: Object.fromEntries(servers.map((s) => [s.name, s.startupS])),
        minutes: (performance.now() - t0) / 60_000,
      },
    };
  } finally {
    for (const server of [...servers].reverse()) await server.process.stop();
    await postgres?.stop();
    removeWork();
  }
}

interface Measured {
  entries: number;
  deepPage: number;
  connections: number;
  takeCalls: number;
  importS: Record<Engine, number[]>;
  results: Record<string, Array<LoadResult | null>>;
  take: Record<TakeKey, Array<TakeTiming | null>>;
}

function buildRows({ entries, deepPage, connections, takeCalls, importS, results, take }: Measured): BenchRow[] {
  const rows: BenchRow[] = [];
  const fullSize = entries >= FULL_SIZE_ENTRIES;
  const rounds = (scenario: ScenarioKey, key: ServerKey) => results[`${scenario}.${key}`] ?? [];
  const summary = (scenario: ScenarioKey, key: ServerKey) => summarizeRounds(rounds(scenario, key));
  const each = (values: ReadonlyArray<{ requestsPerSecond: number } | null>) => values.map((r) => (r ? formatNumber(r.requestsPerSecond) : 'FAILED')).join(' · ');
  const rps = (s: RoundsSummary<LoadResult>) => (s.median ? s.median.requestsPerSecond : 'FAILED');
  const rpsText = (s: RoundsSummary<LoadResult>, values: ReadonlyArray<LoadResult | null>) =>
    s.median ? `${formatNumber(s.median.requestsPerSecond)} (${each(values)}; worst ${formatNumber(s.worstPerSecond ?? NaN)})` : 'FAILED';
  const latencyText = (s: RoundsSummary<LoadResult>) =>
    s.median ? `${formatNumber(s.median.p50Ms)} / ${formatNumber(s.median.p99Ms)} (worst p99 ${formatNumber(s.worstP99Ms ?? NaN)})` : 'FAILED';

  // 1. Imports.
  const pgImport = timeSummary(importS.postgres);
  const sqliteImport = timeSummary(importS.sqlite);
  const runs = (xs: number[]) => xs.map((x) => formatNumber(x)).join(' · ');
  rows.push({
    figure: `import ${entries.toLocaleString('en-US')} entries: PostgreSQL vs SQLite (s, median of ${importS.postgres.length}: ${runs(importS.postgres)}; worst ${pgImport ? formatNumber(pgImport.worst) : '-'})`,
    value: pgImport ? pgImport.median : 'FAILED',
    peer: sqliteImport ? `SQLite ${formatNumber(sqliteImport.median)} (${runs(importS.sqlite)}; worst ${formatNumber(sqliteImport.worst)})` : 'SQLite FAILED',
    ...(pgImport && sqliteImport ? { ratio: times(pgImport.median / sqliteImport.median) } : {}),
    target: fullSize ? `≤ ${IMPORT_TARGET_S} s` : `≤ ${IMPORT_TARGET_S} s at 100,000`,
    ...(fullSize ? { met: pgImport !== null && pgImport.median <= IMPORT_TARGET_S } : {}),
  });

  // 2. One instance on each engine.
  const oneInstance: Array<{ scenario: ScenarioKey; label: string; target: boolean }> = [
    { scenario: 'page1', label: `page 1 (per_page=${PER_PAGE}), one URL repeated`, target: true },
    { scenario: 'page1Uncached', label: `page 1 (per_page=${PER_PAGE}), uncached`, target: true },
    { scenario: 'deepUncached', label: `page ${deepPage} (per_page=${PER_PAGE}), uncached`, target: false },
    { scenario: 'notModified', label: 'page 1, 304 revalidation (If-None-Match)', target: false },
  ];
  for (const { scenario, label, target } of oneInstance) {
    const pgS = summary(scenario, 'postgres');
    const sqliteS = summary(scenario, 'sqlite');
    const share = pgS.median && sqliteS.median ? pgS.median.requestsPerSecond / sqliteS.median.requestsPerSecond : null;
    rows.push({
      figure: `PostgreSQL vs SQLite, 1 instance: ${label} (req/s, median of ${LOAD_ROUNDS} rounds: ${each(rounds(scenario, 'postgres'))}; worst ${formatNumber(pgS.worstPerSecond ?? NaN)})`,
      value: rps(pgS),
      peer: `SQLite ${rpsText(sqliteS, rounds(scenario, 'sqlite'))}`,
      ...(share !== null ? { ratio: percent(share) } : {}),
      ...(target ? { target: `≥ ${percent(PAGE1_SHARE_TARGET)} of SQLite`, met: share !== null && share >= PAGE1_SHARE_TARGET } : {}),
    });
    rows.push({ figure: `PostgreSQL vs SQLite, 1 instance: ${label} p50 / p99 (ms, median round)`, value: latencyText(pgS), peer: `SQLite ${latencyText(sqliteS)}` });
  }
  const p99Ratio = (key: ServerKey) => {
    const deep = summary('deepUncached', key).medianP99Ms;
    const first = summary('page1Uncached', key).medianP99Ms;
    return deep !== null && first !== null ? deep / first : null;
  };
  const p99s = (scenario: ScenarioKey, key: ServerKey) => rounds(scenario, key).map((r) => (r ? formatNumber(r.p99Ms) : 'FAILED')).join(' · ');
  const pgP99Ratio = p99Ratio('postgres');
  const sqliteP99Ratio = p99Ratio('sqlite');
  rows.push({
    figure: `PostgreSQL page ${deepPage} p99 / page 1 p99, uncached (medians of the rounds' p99s; ms: deep ${p99s('deepUncached', 'postgres')}, page 1 ${p99s('page1Uncached', 'postgres')})`,
    value: pgP99Ratio !== null ? times(pgP99Ratio) : 'FAILED',
    peer: `SQLite ${sqliteP99Ratio !== null ? times(sqliteP99Ratio) : 'FAILED'}`,
    target: `≤ ${times(DEEP_P99_RATIO_TARGET)}`,
    met: pgP99Ratio !== null && pgP99Ratio <= DEEP_P99_RATIO_TARGET,
  });

  // 3. Two instances behind nginx against one.
  for (const scenario of ['page1Uncached', 'deepUncached'] as const) {
    const label = scenario === 'page1Uncached' ? 'page 1, uncached' : `page ${deepPage}, uncached`;
    const two = summary(scenario, 'nginx2');
    const oneBehind = summary(scenario, 'nginx1');
    const oneDirect = summary(scenario, 'postgres');
    const ratioTo = (other: RoundsSummary<LoadResult>) => (two.median && other.median ? { ratio: times(two.median.requestsPerSecond / other.median.requestsPerSecond) } : {});
    rows.push({
      figure: `PostgreSQL, 2 instances behind nginx vs 1 behind nginx: ${label} (req/s, median of ${LOAD_ROUNDS} rounds: ${each(rounds(scenario, 'nginx2'))}; worst ${formatNumber(two.worstPerSecond ?? NaN)})`,
      value: rps(two),
      peer: `1 instance ${rpsText(oneBehind, rounds(scenario, 'nginx1'))}`,
      ...ratioTo(oneBehind),
    });
    rows.push({
      figure: `PostgreSQL, 2 instances behind nginx vs 1 alone (no nginx): ${label} (req/s)`,
      value: rps(two),
      peer: `1 instance ${rpsText(oneDirect, rounds(scenario, 'postgres'))}`,
      ...ratioTo(oneDirect),
    });
    rows.push({
      figure: `PostgreSQL, 2 instances behind nginx: ${label} p50 / p99 (ms, median round)`,
      value: latencyText(two),
      peer: `1 behind nginx ${latencyText(oneBehind)} · 1 alone ${latencyText(oneDirect)}`,
    });
  }

  // 4. The limit's round trip.
  const takeRows: Array<[TakeKey, string]> = [
    ['sequential', 'one call at a time'],
    ['concurrentOneKey', `${connections} callers at once, one caller key (as a load from one address)`],
    ['concurrentKeyEach', `${connections} callers at once, a key each`],
  ];
  for (const [key, label] of takeRows) {
    const s = summarizeRounds(take[key]);
    rows.push({
      figure: `take_credit round trip from the bench process, ${label} (ms p50 / p99 of ${takeCalls.toLocaleString('en-US')} calls, median round of ${LOAD_ROUNDS}; worst p99)`,
      value: s.median ? `${formatNumber(s.median.p50Ms)} / ${formatNumber(s.median.p99Ms)} (worst p99 ${formatNumber(s.worstP99Ms ?? NaN)})` : 'FAILED',
      peer: s.median ? `${formatNumber(s.median.requestsPerSecond)} calls/s (${each(take[key])})` : '',
    });
  }
  return rows;
}
