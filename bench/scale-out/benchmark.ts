/**
 * `npm run bench -- --only scale-out` (issue 28): what serving from a shared
 * PostgreSQL costs against serving from SQLite, and what a second instance
 * behind nginx buys, on the same generated repository in one run.
 *
 * 1. The `import` command into PostgreSQL and into SQLite, in turn, LOAD_ROUNDS times each.
 * 2. One `serve` on PostgreSQL and one on SQLite: page 1 as a repeated URL
 *    (both keep rendered answers, http/answer-cache.ts), page 1 and a deep
 *    page "uncached" (a parameter the service ignores makes every URL new, as
 *    search/benchmark.ts does), and 304 revalidations.
 * 3. Two PostgreSQL instances behind nginx (deploy/nginx/issuescope.conf,
 *    written by scripts/scale-out.ts's `nginxConfig`) against one instance
 *    behind the same nginx and against that instance alone, uncached page 1
 *    and deep page: behind nginx on both sides, the ratio is the second
 *    instance's and not the proxy's.
 * 4. The rate limit's round trip alone: `SharedRateLimiter.take` from this
 *    process, one caller at a time and BENCH_CONNECTIONS at once.
 *
 * With `importOnly` (BENCH_SCALE_OUT_IMPORT_ONLY=1), part 1 alone: the import's figure
 * without the minutes of loads after it.
 *
 * The parts live in scale-out/import.ts, scale-out/loads.ts (with scale-out/servers.ts) and
 * scale-out/rows.ts; this file runs them in order and owns the scratch folder and PostgreSQL.
 *
 * Every load of every server takes its turn in each of LOAD_ROUNDS rounds
 * (lib/load-rounds.ts); a figure is the median round's, the worst round beside it.
 * The limits are set far above what a load can spend, so nothing is refused
 * and the figures measure serving, while every request still takes its credit.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startPostgres, type PostgresServer } from '../../test-support/server/postgres-server';
import type { BenchPart } from '../lib/bench-row';
import { formatNumber } from '../lib/bench-row';
import { removeOnExit } from '../lib/child-processes';
import { BENCH_REPO, writeRepository } from '../lib/generate-repository';
import type { LoadTool } from '../lib/load';
import { HIGH_LIMIT, type RunningServer } from '../lib/peer-servers';
import { importRounds } from './import';
import { loadRounds, type LoadFigures } from './loads';
import { buildRows, importRow } from './rows';
import { NONCE_PARAM } from '../lib/search-queries';
import { LOAD_ROUNDS } from '../lib/load-rounds';

// What scale-out/benchmark.test.ts checks, where it was written.
export { importOrder } from './import';
export { callsPerCaller, summarizeRounds, takeTiming, type RoundsSummary, type TakeTiming } from './stats';

export interface ScaleOutOptions {
  entries: number;
  connections: number;
  durationS: number;
  warmupS: number;
  loadTool: LoadTool;
  quick: boolean;
  /** the imports alone (part 1); defaults to BENCH_SCALE_OUT_IMPORT_ONLY=1 */
  importOnly?: boolean;
  log: (line: string) => void;
}

/** This part's load length when BENCH_DURATION_S is not set: it runs a dozen loads a round, so shorter ones than the service part's keep it to minutes. */
export const SCALE_OUT_DURATION_S = 5;

const PER_PAGE = 30;
const DEEP_PAGE_WANTED = 3000;

const REPO_PATH = `/api/repos/${BENCH_REPO.owner}/${BENCH_REPO.name}/issues`;

/**
 * A page deep in the list that is still full: page 3,000 of 30 at 100,000
 * entries, the last full page of a smaller repository (a short last page
 * would flatter the figure).
 */
export function deepPageOf(entries: number, perPage: number = PER_PAGE, wanted: number = DEEP_PAGE_WANTED): number {
  return Math.max(1, Math.min(wanted, Math.floor(entries / perPage)));
}

export async function scaleOutBenchmarks(options: ScaleOutOptions): Promise<BenchPart & { failures: string[] }> {
  const { log, entries, connections } = options;
  const importOnly = options.importOnly ?? process.env.BENCH_SCALE_OUT_IMPORT_ONLY === '1';
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
    `scale-out (bench/scale-out/benchmark.ts): ${entries.toLocaleString('en-US')} entries, ${LOAD_ROUNDS} rounds` +
      (importOnly ? ', imports only' : `, load by ${options.loadTool}, ${connections} connections, ${load.durationS} s per load after ${load.warmupS} s warm-up`),
  );
  try {
    log(`generating ${entries.toLocaleString('en-US')} entries`);
    const issuesFile = path.join(work, 'issues.json');
    const { bytes } = writeRepository(entries, issuesFile);
    log(`  ${formatNumber(bytes / 1e6)} MB of JSON`);

    log('starting PostgreSQL (test-support/server/postgres-server.ts)');
    postgres = await startPostgres();

    // 1. Imports, PostgreSQL and SQLite in turn.
    const imports = await importRounds(postgres, issuesFile, work, log);
    rmSync(issuesFile, { force: true });
    const minutes = () => (performance.now() - t0) / 60_000;
    if (importOnly) {
      log(`scale-out, imports only: ${formatNumber(minutes())} min.`);
      return { rows: [importRow(entries, imports.seconds)], failures, json: { entries, generatedBytes: bytes, importSeconds: imports.seconds, minutes: minutes() } };
    }

    // 2 to 4. The servers' loads and the limit's round trip.
    const measured: LoadFigures = await loadRounds({ ...imports, pgServer: postgres, work, connections, load, quick: options.quick, page1Path, deepPath, deepPage, servers, failures, log });
    const { results, take, takeCalls } = measured;
    const rows = buildRows({ entries, perPage: PER_PAGE, deepPage, connections, takeCalls, importS: imports.seconds, results, take });
    log(
      `scale-out: ${formatNumber(minutes())} min. Lists are ${listQuery}; "uncached" loads add a new ${NONCE_PARAM} parameter to every request, ` +
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
        importSeconds: imports.seconds,
        results,
        takeCredit: { calls: takeCalls, warmupCalls: measured.takeWarmupCalls, callers: connections, ...take },
        startupSeconds: Object.fromEntries(servers.map((s) => [s.name, s.startupS])),
        minutes: minutes(),
      },
    };
  } finally {
    for (const server of [...servers].reverse()) await server.process.stop();
    await postgres?.stop();
    removeWork();
  }
}
