/**
 * The service half of `npm run bench`: one generated repository imported
 * through the real `import` command, then our service, json-server, Prism and
 * a bare `node:http` ceiling, each as its own process on the same machine
 * and the same data, loaded with the same connections and duration. Page 1,
 * which every peer target is set on, is loaded in rounds with the four
 * servers alternating (lib/load-rounds.ts), and in the same rounds the deep page
 * of ours and the ceiling; the rest once each. Growth runs the first
 * scenario on smaller repositories. Search (search/benchmark.ts) runs with
 * json-server still up, after the pages; `part: 'search'` runs only it.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BenchPart } from '../lib/bench-row';
import { formatNumber } from '../lib/bench-row';
import { median } from '../lib/stats';
import { removeOnExit, run } from '../lib/child-processes';
import { BENCH_REPO, updatedAtOf, writeRepository } from '../lib/generate-repository';
import { importRepository, timeImports, type ImportTimes } from '../lib/import-timing';
import { LOAD_ROUNDS, medianRound, rotated } from '../lib/load-rounds';
import { measureLoad, UnexpectedAnswersError, type LoadOptions, type LoadResult, type LoadTool } from '../lib/load';
import { startCeiling, startJsonServer, startOurs, startPrism, UNLIMITED, type RunningServer } from '../lib/peer-servers';
import { searchBenchmarks, type SearchBenchResult } from '../search/benchmark';
import { buildRows, roundsOf } from './rows';

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

const IMPORT_RUNS = 3;
const FILTER_LABEL = 'bug';
const REPO_PATH = `/api/repos/${BENCH_REPO.owner}/${BENCH_REPO.name}/issues`;

type Load = Pick<LoadOptions, 'connections' | 'durationS' | 'warmupS' | 'tool'>;

interface Failure {
  what: string;
  message: string;
}


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
    // (without the search index) take turns with them (lib/import-timing.ts).
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

      // All four up at once, so page 1 and the deep page can be loaded in alternating rounds (lib/load-rounds.ts).
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

    const rows = [...buildRows({ entries, deepPage, importS, importRuns, results, growth, startups, filterLabel: FILTER_LABEL }), ...searched.rows];
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
