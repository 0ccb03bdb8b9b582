/**
 * Starting each server the benchmark compares, as its own child process on a
 * loopback port: ours (the real CLI), json-server, Prism and the ceiling.
 * Each returns its base URL and the process to sample and stop.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { freePort, start, waitForHttp, waitForOutput, type Started } from './child-processes';
import { writeIssuesOperationSpec } from '../peers/github-issues-openapi';

export interface RunningServer {
  name: string;
  base: string;
  process: Started;
  /** from spawn to the first HTTP answer, data loading included */
  startupS: number;
}

/** Loading 100,000 entries (hundreds of MB of JSON) into json-server takes a while on a busy machine. */
const PEER_START_TIMEOUT_MS = 300_000;
const OURS_START_TIMEOUT_MS = 120_000;
/** Limits high enough that the load measures serving, not the rate limiter's 429s. */
export const UNLIMITED = '1000000000';
/** Far above what any load of the scale-out part or the service A/B can spend, so no answer is a 429 (lib/load.ts fails a run on one). */
export const HIGH_LIMIT = '100000000';

/**
 * The search resource's limit flags (issue 27), where this build's `serve`
 * has them: `serve` refuses a flag it does not know, so a build without
 * search must not be given them.
 */
export function searchLimitArgs(cliSource: string = readFileSync(path.resolve('src', 'server', 'cli.ts'), 'utf8')): string[] {
  return cliSource.includes('--search-auth-limit') ? ['--search-auth-limit', UNLIMITED, '--search-unauth-limit', UNLIMITED] : [];
}

export async function startOurs(db: string): Promise<RunningServer> {
  const t0 = performance.now();
  const proc = start('node', [
    '--import', 'tsx', 'src/server/cli.ts', 'serve',
    '--db', db, '--port', '0', '--host', '127.0.0.1',
    '--auth-limit', UNLIMITED, '--burst-limit', UNLIMITED,
    ...searchLimitArgs(),
  ]);
  const match = await waitForOutput(proc, /serving on (http:\/\/127\.0\.0\.1:\d+)/, OURS_START_TIMEOUT_MS);
  const base = match[1] ?? '';
  await waitForHttp(proc, `${base}/api/rate_limit`, OURS_START_TIMEOUT_MS);
  return { name: 'Issuescope', base, process: proc, startupS: (performance.now() - t0) / 1000 };
}

export async function startJsonServer(peersDir: string, dbJson: string): Promise<RunningServer> {
  const port = await freePort();
  const bin = path.join(peersDir, 'node_modules', 'json-server', 'lib', 'cli', 'bin.js');
  const t0 = performance.now();
  // cwd next to db.json: json-server reads ./json-server.json and writes snapshots to its cwd.
  const proc = start('node', [bin, path.basename(dbJson), '--port', String(port), '--host', '127.0.0.1', '--read-only', '--quiet'], {
    cwd: path.dirname(dbJson),
  });
  const base = `http://127.0.0.1:${port}`;
  await waitForHttp(proc, `${base}/issues?_page=1&_limit=1`, PEER_START_TIMEOUT_MS);
  return { name: 'json-server', base, process: proc, startupS: (performance.now() - t0) / 1000 };
}

export async function startPrism(peersDir: string, workDir: string): Promise<RunningServer> {
  const spec = path.join(workDir, 'github-issues-operation.json');
  writeIssuesOperationSpec(spec);
  const port = await freePort();
  const bin = path.join(peersDir, 'node_modules', '@stoplight', 'prism-cli', 'dist', 'index.js');
  const t0 = performance.now();
  const proc = start('node', [bin, 'mock', spec, '-p', String(port), '-h', '127.0.0.1']);
  const base = `http://127.0.0.1:${port}`;
  await waitForHttp(proc, `${base}/repos/bench/big/issues`, PEER_START_TIMEOUT_MS);
  return { name: 'Prism', base, process: proc, startupS: (performance.now() - t0) / 1000 };
}

/** The LIKE-scan peer (lib/like-scan-server.ts) on a table it built already. */
export async function startLikeScan(dbFile: string): Promise<RunningServer> {
  const t0 = performance.now();
  const proc = start('node', ['--import', 'tsx', path.join('bench', 'lib', 'like-scan-server.ts'), 'serve', dbFile]);
  const match = await waitForOutput(proc, /listening (\d+)/, OURS_START_TIMEOUT_MS);
  return { name: 'LIKE scan', base: `http://127.0.0.1:${match[1] ?? ''}`, process: proc, startupS: (performance.now() - t0) / 1000 };
}

/** `routes` maps a request path to the file whose bytes it answers. */
export async function startCeiling(contentType: string, routes: Record<string, string>): Promise<RunningServer> {
  const t0 = performance.now();
  const proc = start('node', [
    '--import', 'tsx', path.join('bench', 'lib', 'ceiling-server.ts'), contentType,
    ...Object.entries(routes).map(([route, file]) => `${route}=${file}`),
  ]);
  const match = await waitForOutput(proc, /listening (\d+)/, OURS_START_TIMEOUT_MS);
  return { name: 'ceiling', base: `http://127.0.0.1:${match[1] ?? ''}`, process: proc, startupS: (performance.now() - t0) / 1000 };
}
