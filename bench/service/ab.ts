/**
 * `npm run bench:service-ab -- <commit> [--rounds N] [--seconds S] [--engine sqlite|postgres] [--instances N] [--uncached]`:
 * this tree's service against another commit's, interleaved, on what a client
 * revalidating or paging back asks most: `acme/rocket`'s first page (a cached
 * 200) and its 304. Both serve the demo database (each tree builds its own, so a
 * schema change between them is no obstacle), anonymous, with limits nothing
 * here reaches, loaded by wrk (autocannon without it) at 10 connections.
 *
 * `--engine postgres` serves each tree's demo from its own database on one
 * PostgreSQL server started for the run (as the scale-out bench does), so the
 * shared-database path is compared too. With `--instances N` (PostgreSQL only)
 * each tree runs N instances on its database behind nginx with the repository's
 * config (deploy/nginx/issuescope.conf), as the scale-out bench's two instances
 * do, and the load goes to nginx; the CPU per answer is then the instances'
 * together (nginx's, the same for both trees, is left out). `--uncached` adds what the store itself
 * answers: page 1 and page 50 with a parameter the service ignores, new on every
 * request, so no answer comes from the answer cache (as the search and scale-out
 * benches' "uncached" loads).
 *
 * Per answer it prints the server's CPU (user + system, from /proc, over the
 * measured run only) and the requests per second, each as the median of the
 * rounds with the worst round beside it, and the ratio of the medians. The
 * order of the two trees swaps each round, so a host whose speed drifts
 * favours neither. CPU per answer moves less with a busy host than
 * throughput does; both are printed.
 */
import { mkdtempSync, readFileSync, rmSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { run, stopChildrenOnExit, type Started } from '../lib/child-processes';
import { prepareBaseline } from '../lib/import-timing';
import { chooseLoadTool, measureLoad } from '../lib/load';
import { startNginx } from '../lib/nginx';
import { startServe } from '../lib/serve';
import { startPostgres, type PostgresServer } from '../../test-support/server/postgres-server';

const PAGE = '/api/repos/acme/rocket/issues?per_page=30';
const DEEP_PAGE = '/api/repos/acme/rocket/issues?per_page=30&page=50';
/** a query parameter the service ignores, new on every request of an uncached load */
const NONCE_PARAM = 'bench_nonce';
const CONNECTIONS = 10;
const WARMUP_S = 3;
/** Linux's clock ticks per second for /proc/<pid>/stat times (USER_HZ) */
const TICKS_PER_S = 100;

interface Tree {
  name: string;
  dir: string;
  /** its `serve` instances, one unless `--instances` */
  servers: Started[];
  /** nginx in front of several instances */
  proxy: Started | null;
  /** where the load goes: the instance, or nginx */
  base: string;
}

interface Figures {
  cpuUs: number[];
  rps: number[];
}

function cpuTicks(pid: number): number {
  // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

/** What each tree's figures are kept under: a cached 200 and its 304, and with `--uncached` the store's own answers. */
type Load = '304' | '200' | 'uncached 200' | 'uncached page 50';

async function startTree(name: string, dir: string, work: string, postgres: PostgresServer | null, instances: number): Promise<Tree> {
  const slug = name.replace(/\W+/g, '-');
  const db = postgres ? await postgres.freshDatabase() : path.join(work, `${slug}.db`);
  await run('node', ['--import', 'tsx', 'src/server/cli.ts', 'demo', '--db', db], { cwd: dir });
  const served = [];
  for (let i = 0; i < instances; i++) served.push(await startServe(`${name} #${i + 1}`, db, { cwd: dir }));
  const servers = served.map((s) => s.process);
  if (instances === 1) return { name, dir, servers, proxy: null, base: served[0]?.base ?? '' };
  const nginx = await startNginx(`${name} nginx`, mkdtempSync(path.join(work, `${slug}-nginx-`)), served.map((s) => s.port));
  return { name, dir, servers, proxy: nginx.process, base: nginx.base };
}

/** The tree's instances' CPU so far, in clock ticks. */
function treeTicks(tree: Tree): number {
  return tree.servers.reduce((sum, s) => sum + cpuTicks(s.pid), 0);
}

/** One measured load: CPU per answer (µs) and answers per second. */
async function measure(tree: Tree, load: Load, seconds: number): Promise<{ cpuUs: number; rps: number }> {
  const url = `${tree.base}${PAGE}`;
  const etag = (await fetch(url)).headers.get('etag');
  if (etag === null) throw new Error(`${tree.name}: the page has no ETag`);
  const status = load === '304' ? 304 : 200;
  const headers: Record<string, string> = status === 304 ? { 'If-None-Match': etag } : {};
  const cycle = load === 'uncached 200' ? { paths: [PAGE], nonceParam: NONCE_PARAM } : load === 'uncached page 50' ? { paths: [DEEP_PAGE], nonceParam: NONCE_PARAM } : undefined;
  const tool = chooseLoadTool();
  const options = { name: `${tree.name} ${load}`, url, headers, pid: tree.servers[0]?.pid ?? 0, connections: CONNECTIONS, tool, expectStatus: status, ...(cycle ? { cycle } : {}) } as const;
  await measureLoad({ ...options, durationS: WARMUP_S, warmupS: 0 });
  const before = treeTicks(tree);
  const result = await measureLoad({ ...options, durationS: seconds, warmupS: 0 });
  const cpuS = (treeTicks(tree) - before) / TICKS_PER_S;
  return { cpuUs: (cpuS / result.requests) * 1e6, rps: result.requestsPerSecond };
}

function median(xs: readonly number[]): number {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

function row(label: string, ours: readonly number[], theirs: readonly number[], higherIsBetter: boolean, unit: string): string {
  const worst = (xs: readonly number[]) => (higherIsBetter ? Math.min(...xs) : Math.max(...xs));
  const fmt = (x: number) => (unit === 'µs' ? x.toFixed(0) : Math.round(x).toLocaleString('en-US'));
  const each = (xs: readonly number[]) => `${fmt(median(xs))} ${unit} (worst ${fmt(worst(xs))}; ${xs.map(fmt).join(' · ')})`;
  return `| ${label} | ${each(ours)} | ${each(theirs)} | ${(median(ours) / median(theirs)).toFixed(2)}× |`;
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    args: process.argv.slice(2),
    options: { rounds: { type: 'string' }, seconds: { type: 'string' }, engine: { type: 'string' }, instances: { type: 'string' }, uncached: { type: 'boolean' } },
    allowPositionals: true,
  });
  const commit = positionals[0];
  const engine = values.engine ?? 'sqlite';
  const instances = Number(values.instances ?? 1);
  if (!commit || positionals.length > 1 || (engine !== 'sqlite' && engine !== 'postgres') || !Number.isInteger(instances) || instances < 1) {
    throw new Error('usage: npm run bench:service-ab -- <commit> [--rounds N] [--seconds S] [--engine sqlite|postgres] [--instances N] [--uncached]');
  }
  if (instances > 1 && engine !== 'postgres') throw new Error('--instances needs --engine postgres: only PostgreSQL is shared by several instances');
  const rounds = Number(values.rounds ?? 6);
  const seconds = Number(values.seconds ?? 5);
  const loads: Load[] = values.uncached ? ['304', '200', 'uncached 200', 'uncached page 50'] : ['304', '200'];
  stopChildrenOnExit();
  const work = mkdtempSync(path.join(tmpdir(), 'issuescope-service-ab-'));
  const baseDir = await prepareBaseline(commit, path.join(work, 'base'));
  const trees: Tree[] = [];
  const postgres = engine === 'postgres' ? await startPostgres() : null;
  try {
    trees.push(await startTree('this tree', process.cwd(), work, postgres, instances));
    trees.push(await startTree(commit.slice(0, 7), baseDir, work, postgres, instances));
    const where = instances === 1 ? engine : `${engine}, ${instances} instances behind nginx`;
    console.log(`service A/B on ${where}: this tree against ${commit.slice(0, 7)}, ${PAGE}, ${chooseLoadTool()} at ${CONNECTIONS} connections, ${rounds} rounds of ${seconds} s after ${WARMUP_S} s warm-ups, load ${(await import('node:os')).loadavg()[0]?.toFixed(1)}`);
    const figures = new Map<string, Map<Load, Figures>>(trees.map((t) => [t.name, new Map(loads.map((l) => [l, { cpuUs: [], rps: [] }]))]));
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 === 0 ? trees : [...trees].reverse();
      for (const load of loads) {
        for (const tree of order) {
          const m = await measure(tree, load, seconds);
          const f = figures.get(tree.name)!.get(load)!;
          f.cpuUs.push(m.cpuUs);
          f.rps.push(m.rps);
          console.log(`  round ${round + 1}, ${tree.name}, ${load}: ${m.cpuUs.toFixed(0)} µs CPU per answer, ${Math.round(m.rps)} answers/s`);
        }
      }
    }
    const [ours, theirs] = trees.map((t) => figures.get(t.name)!) as [Map<Load, Figures>, Map<Load, Figures>];
    console.log(`\n| ${where} | this tree | ${commit.slice(0, 7)} | ratio (medians) |\n|---|---|---|---|`);
    for (const load of loads) {
      console.log(row(`${load}, CPU per answer`, ours.get(load)!.cpuUs, theirs.get(load)!.cpuUs, false, 'µs'));
      console.log(row(`${load}, answers/s`, ours.get(load)!.rps, theirs.get(load)!.rps, true, '/s'));
    }
  } finally {
    for (const tree of trees) {
      await tree.proxy?.stop();
      for (const server of tree.servers) await server.stop();
    }
    await postgres?.stop();
    // The link first, on its own: nothing may ever reach through it into the working tree's node_modules.
    unlinkSync(path.join(baseDir, 'node_modules'));
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
