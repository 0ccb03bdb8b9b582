/**
 * The service half of `npm run bench`: one generated repository imported
 * through the real `import` command, then our service, json-server, Prism and
 * a bare `node:http` ceiling, each as its own process on the same machine
 * and the same data, loaded with the same connections and duration. Page 1,
 * which every peer target is set on, is loaded in rounds with the four
 * servers alternating (load-rounds.ts), and in the same rounds the deep page
 * of ours and the ceiling; the rest once each. Growth runs the first
 * scenario on smaller repositories. Search (search-load.ts) runs with
 * json-server still up, after the pages; `part: 'search'` runs only it.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BenchPart, BenchRow } from './bench-row';
import { formatNumber } from './bench-row';
import { median } from './app-stats';
import { removeOnExit, run } from './child-processes';
import { BENCH_REPO, updatedAtOf, writeRepository } from './generate-repository';
import { importRepository, timeImports, type ImportTimes } from './import-timing';
import { medianRound, rotated } from './load-rounds';
import { measureLoad, UnexpectedAnswersError, type LoadOptions, type LoadResult, type LoadTool } from './load';
import { startCeiling, startJsonServer, startOurs, startPrism, UNLIMITED, type RunningServer } from './peer-servers';
import { searchBenchmarks, type SearchBenchResult } from './search-load';

export interface ServiceBenchOptions {
  entries: number;
  connections: number;
  durationS: number;
  warmupS: number;
  growthEntries: number[];
  growthDurationS: number;
  loadTool: LoadTool;
  peersDir: string;
  log: (line: string) => void;
  /** everything, or only the search part (with the imports it compares) */
  part?: 'all' | 'search';
}

const FULL_SIZE_ENTRIES = 100_000;
const IMPORT_TARGET_S = 20;
const IMPORT_RUNS = 3;
const RSS_TARGET_MB = 300;
const FILTER_LABEL = 'bug';
/**
 * Page 1, the scenario every peer target is set on, is loaded this many times per server, servers
 * alternating; so is the deep page of ours and the ceiling, whose ratios to page 1 have targets.
 */
export const LOAD_ROUNDS = 3;
const REPO_PATH = `/api/repos/${BENCH_REPO.owner}/${BENCH_REPO.name}/issues`;

type Load = Pick<LoadOptions, 'connections' | 'durationS' | 'warmupS' | 'tool'>;

interface Failure {
  what: string;
  message: string;
}

function ratio(ours: number, peer: number): number {
  return peer > 0 ? ours / peer : Number.POSITIVE_INFINITY;
}

const times = (r: number) => `${formatNumber(r)}×`;
const percent = (r: number) => `${Math.round(r * 100)}%`;
const latency = (r: LoadResult) => `${formatNumber(r.p50Ms)} / ${formatNumber(r.p99Ms)}`;

async function createToken(db: string): Promise<string> {
  const { stdout } = await run('node', ['--import', 'tsx', 'src/server/cli.ts', 'token', 'create', '--db', db, '--user', 'bench-reader', '--name', 'npm run bench']);
  const token = stdout.trim();
  if (!/^\S+$/.test(token)) throw new Error(`token create printed ${JSON.stringify(stdout)}`);
  return token;
}

async function fetchBody(url: string, headers: Record<string, string>): Promise<{ body: Buffer; etag: string; contentType: string }> {
  const res = await fetch(url, { headers });
  const body = Buffer.from(await res.arrayBuffer());
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${body.toString('utf8').slice(0, 300)}`);
  return { body, etag: res.headers.get('etag') ?? '', contentType: res.headers.get('content-type') ?? 'application/json' };
}

/** Starts a server, runs `use`, and always stops it, even when `use` throws. */
async function withServer<T>(starting: Promise<RunningServer>, use: (server: RunningServer) => Promise<T>, startups?: Record<string, number>): Promise<T> {
  const server = await starting;
  if (startups) startups[server.name] = server.startupS;
  try {
    return await use(server);
  } finally {
    await server.process.stop();
  }
}

/** Starts servers one after another, runs `use` with all of them up, and always stops every one that started. */
async function withServers<T>(starts: Array<() => Promise<RunningServer>>, use: (servers: RunningServer[]) => Promise<T>, startups: Record<string, number>): Promise<T> {
  const running: RunningServer[] = [];
  try {
    for (const start of starts) {
      const server = await start();
      startups[server.name] = server.startupS;
      running.push(server);
    }
    return await use(running);
  } finally {
    for (const server of running.reverse()) await server.process.stop();
  }
}

/** Round 1, 2, … of one scenario, null where a round failed. */
function roundsOf(results: Record<string, LoadResult | null>, key: string): Array<LoadResult | null> {
  return Array.from({ length: LOAD_ROUNDS }, (_, i) => results[`${key}.round${i + 1}`] ?? null);
}

export async function serviceBenchmarks(options: ServiceBenchOptions): Promise<BenchPart & { failures: string[] }> {
  const { log } = options;
  const load: Load = { connections: options.connections, durationS: options.durationS, warmupS: options.warmupS, tool: options.loadTool };
  const growthLoad: Load = { ...load, durationS: options.growthDurationS };
  const work = mkdtempSync(path.join(tmpdir(), 'issuescope-bench-'));
  const removeWork = removeOnExit(work);
  const failures: Failure[] = [];
  const results: Record<string, LoadResult | null> = {};
  /** seconds from spawn to the first HTTP answer, with the full repository loaded */
  const startups: Record<string, number> = {};

  /** A scenario whose answers are wrong is reported and the rest still run; `npm run bench` then exits 1. */
  async function measure(key: string, server: RunningServer, request: Omit<LoadOptions, 'pid' | keyof Load>, timing: Load = load): Promise<LoadResult | null> {
    log(`  ${server.name}: ${request.name} (${timing.durationS} s, ${timing.connections} connections)`);
    try {
      const result = await measureLoad({ ...request, ...timing, pid: server.process.pid });
      results[key] = result;
      log(`    ${formatNumber(result.requestsPerSecond)} req/s, p50 ${formatNumber(result.p50Ms)} ms, p99 ${formatNumber(result.p99Ms)} ms, peak RSS ${formatNumber(result.peakRssMb)} MB`);
      return result;
    } catch (err) {
      if (!(err instanceof UnexpectedAnswersError)) throw err;
      failures.push({ what: `${server.name} ${request.name}`, message: err.message });
      log(`    FAILED: ${err.message}`);
      results[key] = null;
      return null;
    }
  }

  try {
    const entries = options.entries;
    const pages = Math.ceil(entries / 100);
    const deepPage = Math.max(1, Math.floor(pages * 0.9));
    const since = updatedAtOf(Math.max(1, Math.floor(entries / 2)));

    log(`generating ${entries.toLocaleString('en-US')} entries`);
    const issuesFile = path.join(work, 'issues.json');
    const peerDbJson = path.join(work, 'db.json');
    const t0 = performance.now();
    const { bytes } = writeRepository(entries, issuesFile, peerDbJson);
    const generateS = (performance.now() - t0) / 1000;
    log(`  ${formatNumber(bytes / 1e6)} MB of JSON in ${formatNumber(generateS)} s`);

    // Three imports into new files, the median reported: one import's time on this shared host
    // varies widely from run to run. The first file is the one served. The baseline build's imports
    // (without the search index) take turns with them (import-timing.ts).
    log(`importing with npm run service -- import, ${IMPORT_RUNS} times, in turn with the baseline build's`);
    const db = path.join(work, 'big.db');
    const imports: ImportTimes = await timeImports({ db, issuesFile, work, runs: IMPORT_RUNS, log });
    const importRuns = imports.ours;
    const importS = median(importRuns);
    const token = await createToken(db);
    const auth = { Authorization: `Bearer ${token}` };
    const searchInput = { token, issuesFile, work, rounds: LOAD_ROUNDS, log, imports, entries, measure };

    if (options.part === 'search') {
      log('search only: Issuescope and json-server 0.17.4 on the same entries');
      const searched = await withServer(startOurs(db), (ours) =>
        withServer(startJsonServer(options.peersDir, peerDbJson), (jsonServer) => searchBenchmarks({ ...searchInput, ours, jsonServer }), startups),
      startups);
      return {
        rows: searched.rows,
        failures: [...failures.map((f) => f.message), ...searched.failures],
        json: { entries, generatedBytes: bytes, generateSeconds: generateS, importSeconds: importS, search: searched.json, startupSeconds: startups },
      };
    }

    const page1Url = `${REPO_PATH}?state=all&per_page=100`;
    const deepUrl = `${REPO_PATH}?state=all&per_page=100&page=${deepPage}`;
    const filteredUrl = `${REPO_PATH}?state=all&per_page=100&labels=${encodeURIComponent(FILTER_LABEL)}&since=${encodeURIComponent(since)}`;
    const perPage30Url = `${REPO_PATH}?state=all&per_page=30`;
    const page1Body = path.join(work, 'page1.body');
    const deepBody = path.join(work, 'deep.body');
    let contentType = 'application/json';

    const prismPath = `/repos/${BENCH_REPO.owner}/${BENCH_REPO.name}/issues`;
    log(`Issuescope (node src/server/cli.ts serve), then json-server 0.17.4, Prism 5.16.0 mocking GitHub's OpenAPI description and the ceiling (bare node:http, precomputed bytes) beside it`);
    const searched: SearchBenchResult = await withServer(startOurs(db), async (ours) => {
      const page1 = await fetchBody(ours.base + page1Url, auth);
      const deep = await fetchBody(ours.base + deepUrl, auth);
      writeFileSync(page1Body, page1.body);
      writeFileSync(deepBody, deep.body);
      contentType = page1.contentType;
      if (!page1.etag) throw new Error(`${page1Url} sent no ETag, so the 304 scenario cannot run`);

      // All four up at once, so page 1 and the deep page can be loaded in alternating rounds (load-rounds.ts).
      const starts = [() => startJsonServer(options.peersDir, peerDbJson), () => startPrism(options.peersDir, work), () => startCeiling(contentType, { '/page1': page1Body, '/deep': deepBody })];
      const fromSearch = await withServers(starts, async ([jsonServer, prism, ceiling]) => {
        if (!jsonServer || !prism || !ceiling) throw new Error('a peer server did not start');
        const page1Loads: Array<{ key: string; server: RunningServer; url: string; headers?: Record<string, string> }> = [
          { key: 'ours', server: ours, url: ours.base + page1Url, headers: auth },
          { key: 'jsonServer', server: jsonServer, url: `${jsonServer.base}/issues?_page=1&_limit=100` },
          { key: 'prism', server: prism, url: `${prism.base}${prismPath}?state=all&per_page=100` },
          { key: 'ceiling', server: ceiling, url: `${ceiling.base}/page1` },
        ];
        const deepLoads: typeof page1Loads = [
          { key: 'ours', server: ours, url: ours.base + deepUrl, headers: auth },
          { key: 'ceiling', server: ceiling, url: `${ceiling.base}/deep` },
        ];
        for (let round = 0; round < LOAD_ROUNDS; round++) {
          log(`page 1 and page ${deepPage}, round ${round + 1} of ${LOAD_ROUNDS}`);
          for (const [scenario, loads] of [['page1', page1Loads], ['deep', deepLoads]] as const) {
            for (const { key, server, url, headers } of rotated(loads, round)) {
              const name = `${scenario === 'page1' ? 'page 1' : `page ${deepPage}`}, per_page=100, round ${round + 1}`;
              await measure(`${key}.${scenario}.round${round + 1}`, server, { name, url, ...(headers ? { headers } : {}), expectStatus: 200 });
            }
          }
        }
        for (const { key } of page1Loads) results[`${key}.page1`] = medianRound(roundsOf(results, `${key}.page1`));
        for (const { key } of deepLoads) results[`${key}.deep`] = medianRound(roundsOf(results, `${key}.deep`));

        // The peers' deep page once each: no target is set on it.
        log(`page ${deepPage}, json-server and Prism`);
        await measure('jsonServer.deep', jsonServer, { name: `_page=${deepPage}&_limit=100`, url: `${jsonServer.base}/issues?_page=${deepPage}&_limit=100`, expectStatus: 200 });
        await measure('prism.deep', prism, { name: `page ${deepPage}`, url: `${prism.base}${prismPath}?state=all&per_page=100&page=${deepPage}`, expectStatus: 200 });

        // With json-server still up, so the 100,000 entries are not loaded into it twice.
        return searchBenchmarks({ ...searchInput, ours, jsonServer });
      }, startups);

      log('Issuescope alone');
      await measure('ours.filtered', ours, { name: `labels=${FILTER_LABEL}&since=…`, url: ours.base + filteredUrl, headers: auth, expectStatus: 200 });
      await measure('ours.notModified', ours, {
        name: 'page 1 with If-None-Match',
        url: ours.base + page1Url,
        headers: { ...auth, 'If-None-Match': page1.etag },
        expectStatus: 304,
      });
      await measure('ours.perPage30', ours, { name: 'page 1, per_page=30', url: ours.base + perPage30Url, headers: auth, expectStatus: 200 });
      return fromSearch;
    }, startups);

    const growth: Array<{ entries: number; result: LoadResult | null; importS: number }> = [];
    for (const size of options.growthEntries) {
      log(`growth: ${size.toLocaleString('en-US')} entries`);
      let growthDb = db;
      let growthImportS = importS;
      if (size !== entries) {
        const dir = mkdtempSync(path.join(work, `growth-${size}-`));
        const file = path.join(dir, 'issues.json');
        writeRepository(size, file);
        growthDb = path.join(dir, 'growth.db');
        growthImportS = await importRepository(growthDb, file);
        rmSync(file);
      }
      const growthToken = growthDb === db ? token : await createToken(growthDb);
      const result = await withServer(startOurs(growthDb), (ours) =>
        measure(
          `growth.${size}`,
          ours,
          { name: `page 1, per_page=100 of ${size.toLocaleString('en-US')}`, url: ours.base + page1Url, headers: { Authorization: `Bearer ${growthToken}` }, expectStatus: 200 },
          growthLoad,
        ),
      );
      growth.push({ entries: size, result, importS: growthImportS });
    }

    const rows = [...buildRows({ entries, deepPage, importS, importRuns, results, growth, startups }), ...searched.rows];
    return {
      rows,
      failures: [...failures.map((f) => f.message), ...searched.failures],
      json: {
        entries,
        generatedBytes: bytes,
        generateSeconds: generateS,
        importSeconds: importS,
        importRunsSeconds: importRuns,
        deepPage,
        filter: { label: FILTER_LABEL, since },
        load: { ...load, growthDurationS: options.growthDurationS, rounds: LOAD_ROUNDS, note: `service run with --auth-limit ${UNLIMITED} --burst-limit ${UNLIMITED} so the load measures serving, not rate limiting` },
        urls: { page1: page1Url, deep: deepUrl, filtered: filteredUrl, perPage30: perPage30Url },
        results,
        startupSeconds: startups,
        growth,
        search: searched.json,
        failures,
      },
    };
  } finally {
    removeWork();
  }
}

interface Measured {
  entries: number;
  deepPage: number;
  importS: number;
  importRuns: number[];
  results: Record<string, LoadResult | null>;
  growth: Array<{ entries: number; result: LoadResult | null }>;
  startups: Record<string, number>;
}

function buildRows({ entries, deepPage, importS, importRuns, results, growth, startups }: Measured): BenchRow[] {
  const rows: BenchRow[] = [];
  const r = (key: string) => results[key] ?? null;
  const rps = (x: LoadResult | null) => (x ? x.requestsPerSecond : 'FAILED');

  const fullSize = entries >= FULL_SIZE_ENTRIES;
  rows.push({
    figure: `import ${entries.toLocaleString('en-US')} entries (s, median of ${importRuns.length}: ${importRuns.map((x) => formatNumber(x)).join(' · ')})`,
    value: importS,
    target: fullSize ? `≤ ${IMPORT_TARGET_S} s` : `≤ ${IMPORT_TARGET_S} s at 100,000`,
    ...(fullSize ? { met: importS <= IMPORT_TARGET_S } : {}),
  });

  const versus = (figure: string, ours: LoadResult | null, peerName: string, peer: LoadResult | null, target?: { min: number; show: (x: number) => string; label: string }) => {
    const row: BenchRow = { figure, value: rps(ours), peer: `${peerName} ${peer ? formatNumber(peer.requestsPerSecond) : 'FAILED'}` };
    if (ours && peer) {
      const x = ratio(ours.requestsPerSecond, peer.requestsPerSecond);
      row.ratio = (target?.show ?? times)(x);
      if (target) {
        row.target = target.label;
        row.met = x >= target.min;
      }
    } else if (target) {
      row.target = target.label;
      row.met = false;
    }
    rows.push(row);
  };

  const page1 = r('ours.page1');
  const deep = r('ours.deep');
  const page1Figure = `page 1, per_page=100 (req/s, median of ${LOAD_ROUNDS} rounds)`;
  versus(page1Figure, page1, 'json-server', r('jsonServer.page1'), { min: 30, show: times, label: '≥ 30× json-server' });
  versus(page1Figure, page1, 'Prism', r('prism.page1'), { min: 100, show: times, label: '≥ 100× Prism' });
  versus(page1Figure, page1, 'ceiling', r('ceiling.page1'), { min: 0.5, show: percent, label: '≥ 50% of ceiling' });
  const eachRound = (key: string, pick: (x: LoadResult) => number = (x) => x.requestsPerSecond) =>
    roundsOf(results, key).map((x) => (x ? formatNumber(pick(x)) : 'FAILED')).join(' · ');
  rows.push({
    figure: 'page 1, per_page=100, each round (req/s, servers alternating)',
    value: eachRound('ours.page1'),
    peer: `json-server ${eachRound('jsonServer.page1')} · Prism ${eachRound('prism.page1')} · ceiling ${eachRound('ceiling.page1')}`,
  });
  rows.push(latencyRow('page 1, per_page=100 p50 / p99 (ms)', page1, [['json-server', r('jsonServer.page1')], ['Prism', r('prism.page1')], ['ceiling', r('ceiling.page1')]]));
  // What bounds the Prism ratio above: even the ceiling, sending the same bytes and doing nothing else, reaches only this.
  const ceilingPage1 = r('ceiling.page1');
  const prismPage1 = r('prism.page1');
  rows.push({
    figure: 'page 1, per_page=100: ceiling / Prism (what any server can reach here)',
    value: ceilingPage1 && prismPage1 ? times(ratio(ceilingPage1.requestsPerSecond, prismPage1.requestsPerSecond)) : 'FAILED',
  });

  const deepFigure = `deep page ${deepPage} (req/s, median of ${LOAD_ROUNDS} rounds)`;
  versus(deepFigure, deep, 'json-server', r('jsonServer.deep'));
  versus(deepFigure, deep, 'Prism', r('prism.deep'));
  versus(deepFigure, deep, 'ceiling', r('ceiling.deep'), { min: 0.5, show: percent, label: '≥ 50% of ceiling' });
  rows.push({ figure: `deep page ${deepPage}, each round (req/s)`, value: eachRound('ours.deep'), peer: `ceiling ${eachRound('ceiling.deep')}` });
  rows.push(latencyRow(`deep page ${deepPage} p50 / p99 (ms)`, deep, [['json-server', r('jsonServer.deep')], ['Prism', r('prism.deep')], ['ceiling', r('ceiling.deep')]]));
  // Each load's p99 swings widely from one short load to the next here: the medians of the rounds' p99s.
  const p99s = (key: string) => roundsOf(results, key).filter((x): x is LoadResult => x !== null).map((x) => x.p99Ms);
  const deepP99 = median(p99s('ours.deep'));
  const page1P99 = median(p99s('ours.page1'));
  const p99Ratio = deepP99 / page1P99;
  rows.push({
    figure: `deep page p99 / page 1 p99 (medians of ${LOAD_ROUNDS} rounds; ms: deep ${eachRound('ours.deep', (x) => x.p99Ms)}, page 1 ${eachRound('ours.page1', (x) => x.p99Ms)})`,
    value: Number.isFinite(p99Ratio) ? `${formatNumber(p99Ratio)}×` : 'FAILED',
    target: '≤ 1.5×',
    met: Number.isFinite(p99Ratio) && p99Ratio <= 1.5,
  });

  const filtered = r('ours.filtered');
  rows.push({ figure: `labels=${FILTER_LABEL}&since=(half) (req/s)`, value: rps(filtered) });
  rows.push(latencyRow(`labels=${FILTER_LABEL}&since=(half) p50 / p99 (ms)`, filtered, []));

  const notModified = r('ours.notModified');
  rows.push({
    figure: '304 revalidation, If-None-Match (req/s)',
    value: rps(notModified),
    peer: page1 ? `full page 1 ${formatNumber(page1.requestsPerSecond)}` : '',
    ...(notModified && page1 ? { ratio: times(ratio(notModified.requestsPerSecond, page1.requestsPerSecond)) } : {}),
    target: '≥ 2× full page',
    met: !!notModified && !!page1 && notModified.requestsPerSecond >= 2 * page1.requestsPerSecond,
  });
  rows.push(latencyRow('304 revalidation p50 / p99 (ms)', notModified, []));

  const perPage30 = r('ours.perPage30');
  rows.push({ figure: 'page 1, per_page=30 (req/s)', value: rps(perPage30) });
  rows.push(latencyRow('page 1, per_page=30 p50 / p99 (ms)', perPage30, []));

  const ourLoads = Object.entries(results).filter(([k, v]) => k.startsWith('ours.') && v) as Array<[string, LoadResult]>;
  const peakRss = Math.max(0, ...ourLoads.map(([, v]) => v.peakRssMb));
  const peerPeak = (prefix: string) => {
    const values = Object.entries(results).filter(([k, v]) => k.startsWith(prefix) && v).map(([, v]) => (v as LoadResult).peakRssMb);
    return values.length > 0 ? formatNumber(Math.max(...values)) : 'FAILED';
  };
  rows.push({
    figure: 'server peak RSS under load (MB)',
    value: peakRss,
    peer: `json-server ${peerPeak('jsonServer.')} · Prism ${peerPeak('prism.')} · ceiling ${peerPeak('ceiling.')}`,
    target: `≤ ${RSS_TARGET_MB} MB`,
    met: ourLoads.length > 0 && peakRss <= RSS_TARGET_MB,
  });

  const startup = (name: string) => (startups[name] === undefined ? 'FAILED' : formatNumber(startups[name]));
  rows.push({
    figure: `start to first answer, ${entries.toLocaleString('en-US')} entries (s)`,
    value: startups.Issuescope ?? 'FAILED',
    peer: `json-server ${startup('json-server')} · Prism ${startup('Prism')} · ceiling ${startup('ceiling')}`,
  });

  for (const g of growth) {
    rows.push({
      figure: `growth: ${g.entries.toLocaleString('en-US')} entries, page 1 (req/s · peak RSS MB)`,
      value: g.result ? `${formatNumber(g.result.requestsPerSecond)} · ${formatNumber(g.result.peakRssMb)}` : 'FAILED',
    });
  }
  return rows;
}

function latencyRow(figure: string, ours: LoadResult | null, peers: Array<[string, LoadResult | null]>): BenchRow {
  return {
    figure,
    value: ours ? latency(ours) : 'FAILED',
    peer: peers.map(([name, p]) => `${name} ${p ? latency(p) : 'FAILED'}`).join(' · '),
  };
}
