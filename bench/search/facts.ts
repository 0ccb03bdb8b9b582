/**
 * Issue 45's stored-fact searches, timed on both engines over the bench's generated repository
 * (100,000 entries by default): `is:draft`, `is:locked`, `reason:completed`,
 * `sort:reactions-heart` and issue 47's `type:Bug` alone, beside the qualifiers and orders whose columns came first
 * (`comments:`, `sort:comments`, `sort:reactions`, `is:merged`), and a lone word (which asks
 * for its plural and singular forms, shared/search-word-forms.ts) beside the same word quoted
 * (exact). Not a load: one request at a time, page 1 of 30, as a person's first look.
 *
 * Each query is asked once unmeasured (the server's statements and the file's pages warm),
 * then `--runs` times measured, the wall time of the whole HTTP answer; an answer other than
 * 200 (PostgreSQL's statement timeout is a 503) is timed and counted, not retried. Before every request
 * on SQLite a write from another connection changes the file, so the store forgets the counts
 * and rankings it remembers (sqlite/derived-caches.ts) and each measured request does the
 * whole search; PostgreSQL's search remembers nothing between requests.
 *
 * `--baseline <commit>` imports and serves that commit's tree too (extracted as
 * lib/import-timing.ts does), so the same queries and the imports are timed before and after a
 * change on the same host in one run.
 *
 * `--query Q` (given once or more) asks those queries instead, each scoped to the repository as
 * the others are: to time another qualifier's predicate before and after a change.
 *
 *   npx tsx bench/search/facts.ts [--entries 100000] [--runs 7] [--baseline <commit>] [--query Q …]
 */
import { mkdtempSync, rmSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { startPostgres, type PostgresServer } from '../../test-support/server/postgres-server';
import { removeOnExit, start, stopChildrenOnExit, waitForHttp, waitForOutput, type Started } from '../lib/child-processes';
import { BENCH_REPO, writeRepository } from '../lib/generate-repository';
import { importRepository, prepareBaseline, timeSummary } from '../lib/import-timing';
import { UNLIMITED } from '../lib/peer-servers';
import { SEARCH_WORD, searchPath } from '../lib/search-queries';

const START_TIMEOUT_MS = 120_000;

type Engine = 'sqlite' | 'postgres';

interface Options {
  entries: number;
  runs: number;
  baseline: string | null;
  /** the queries asked instead of QUERIES, when any are given */
  queries: string[];
}

function parseOptions(argv: readonly string[]): Options {
  const options: Options = { entries: 100_000, runs: 7, baseline: null, queries: [] };
  for (let i = 0; i < argv.length; i += 2) {
    const [flag, value] = [argv[i], argv[i + 1]];
    if (value === undefined) throw new Error(`${flag} needs a value`);
    if (flag === '--entries') options.entries = Number(value);
    else if (flag === '--runs') options.runs = Number(value);
    else if (flag === '--baseline') options.baseline = value;
    else if (flag === '--query') options.queries.push(value);
    else throw new Error(`unknown option ${flag}: --entries N, --runs N (at least 5), --baseline COMMIT, --query Q`);
  }
  if (!Number.isInteger(options.entries) || options.entries < 1) throw new Error('--entries takes a whole number of entries');
  if (!Number.isInteger(options.runs) || options.runs < 5) throw new Error('--runs takes a whole number, at least 5');
  return options;
}

/** What is asked, each scoped to the bench repository. */
const QUERIES = [
  'is:draft',
  'is:locked',
  'reason:completed',
  'sort:reactions-heart',
  'type:Bug',
  'comments:>5',
  'sort:comments',
  'sort:reactions',
  'is:merged',
  SEARCH_WORD,
  `"${SEARCH_WORD}"`,
] as const;

interface Served {
  engine: Engine;
  tree: string;
  base: string;
  process: Started;
  /** a write the store sees as another connection's change, or nothing where none is needed */
  forget(): void;
  close(): void;
}

async function serve(engine: Engine, tree: string, db: string, cwd: string): Promise<Served> {
  const proc = start(
    'node',
    [
      '--import', 'tsx', 'src/server/cli.ts', 'serve', '--db', db, '--port', '0', '--host', '127.0.0.1',
      '--unauth-limit', UNLIMITED, '--auth-limit', UNLIMITED, '--burst-limit', UNLIMITED, '--search-auth-limit', UNLIMITED, '--search-unauth-limit', UNLIMITED,
    ],
    { cwd },
  );
  const match = await waitForOutput(proc, /serving on (http:\/\/127\.0\.0\.1:\d+)/, START_TIMEOUT_MS);
  const base = match[1] ?? '';
  await waitForHttp(proc, `${base}/api/rate_limit`, START_TIMEOUT_MS);
  if (engine === 'postgres') return { engine, tree, base, process: proc, forget: () => {}, close: () => {} };
  const side = new Database(db);
  const write = side.prepare("INSERT OR REPLACE INTO rate_counters (key, window_start_ms, used) VALUES ('bench-search-facts', ?, 0)");
  let writes = 0;
  return { engine, tree, base, process: proc, forget: () => void write.run(++writes), close: () => side.close() };
}

interface Timing {
  engine: Engine;
  tree: string;
  query: string;
  total: number | null;
  ms: number[];
  /** the statuses other than 200 among the measured runs (a PostgreSQL statement past its timeout is a 503) */
  failures: number[];
}

async function timeQuery(served: Served, query: string, runs: number): Promise<Timing> {
  const url = `${served.base}${searchPath(`repo:${BENCH_REPO.owner}/${BENCH_REPO.name} ${query}`)}`;
  const ask = async (): Promise<{ status: number; total: number | null }> => {
    const res = await fetch(url);
    const body = (await res.json()) as { total_count?: number };
    return { status: res.status, total: res.status === 200 && typeof body.total_count === 'number' ? body.total_count : null };
  };
  served.forget();
  let { total } = await ask();
  const ms: number[] = [];
  const failures: number[] = [];
  for (let run = 0; run < runs; run++) {
    served.forget();
    const t0 = performance.now();
    const answer = await ask();
    ms.push(performance.now() - t0);
    if (answer.status !== 200) failures.push(answer.status);
    total ??= answer.total;
  }
  return { engine: served.engine, tree: served.tree, query, total, ms, failures };
}

const formatMs = (ms: number): string => (ms >= 100 ? ms.toFixed(0) : ms.toFixed(1));

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  stopChildrenOnExit();
  const work = mkdtempSync(path.join(tmpdir(), 'issuescope-search-facts-'));
  const forgetWork = removeOnExit(work);
  const log = (line: string) => console.log(line);
  let postgres: PostgresServer | null = null;
  let baselineDir: string | null = null;
  const servers: Served[] = [];
  try {
    const issuesFile = path.join(work, 'issues.json');
    log(`generating ${options.entries.toLocaleString('en')} entries`);
    writeRepository(options.entries, issuesFile);
    postgres = await startPostgres();
    const trees: Array<{ name: string; cwd: string }> = [{ name: 'this tree', cwd: process.cwd() }];
    if (options.baseline) {
      baselineDir = await prepareBaseline(options.baseline, path.join(work, 'baseline'));
      trees.push({ name: `baseline ${options.baseline.slice(0, 7)}`, cwd: baselineDir });
    }
    for (const [index, tree] of trees.entries()) {
      for (const engine of ['sqlite', 'postgres'] as const) {
        const db = engine === 'sqlite' ? path.join(work, `big-${index}.db`) : await postgres.freshDatabase();
        const seconds = await importRepository(db, issuesFile, tree.cwd);
        log(`import, ${tree.name}, ${engine}: ${seconds.toFixed(1)} s`);
        servers.push(await serve(engine, tree.name, db, tree.cwd));
      }
    }
    log(`${options.runs} measured runs of each query (after one unmeasured), page 1 of 30, one request at a time`);
    log('engine   | tree | query | results | median ms | worst ms | runs ms');
    for (const query of options.queries.length > 0 ? options.queries : QUERIES) {
      for (const served of servers) {
        const t = await timeQuery(served, query, options.runs);
        const summary = timeSummary(t.ms);
        const failed = t.failures.length === 0 ? '' : ` | ${t.failures.length} of ${options.runs} answered ${[...new Set(t.failures)].join(', ')}`;
        log(
          `${t.engine} | ${t.tree} | ${t.query} | ${t.total?.toLocaleString('en') ?? 'none'} | ${formatMs(summary?.median ?? Number.NaN)} | ${formatMs(summary?.worst ?? Number.NaN)} | ${t.ms.map(formatMs).join(' · ')}${failed}`,
        );
      }
    }
  } finally {
    for (const s of servers) {
      s.close();
      await s.process.stop();
    }
    await postgres?.stop();
    // The link first, on its own: nothing may ever reach through it into the working tree's node_modules.
    if (baselineDir) unlinkSync(path.join(baselineDir, 'node_modules'));
    rmSync(work, { recursive: true, force: true });
    forgetWork();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
});
