/** A `serve` instance for the benches: limits nothing here reaches and no browser app. */
import { start, waitForHttp, waitForOutput } from './child-processes';
import { HIGH_LIMIT, type RunningServer } from './peer-servers';

const SERVE_START_TIMEOUT_MS = 180_000;

/** `serve` on `db` on a free loopback port, from `cwd` (another commit's tree, say; this one by default). */
export async function startServe(name: string, db: string, options: { extraArgs?: string[]; cwd?: string } = {}): Promise<RunningServer & { port: number }> {
  const t0 = performance.now();
  const proc = start(
    'node',
    [
      '--import', 'tsx', 'src/server/cli.ts', 'serve',
      '--db', db, '--port', '0', '--host', '127.0.0.1', '--no-app',
      '--unauth-limit', HIGH_LIMIT, '--auth-limit', HIGH_LIMIT, '--burst-limit', HIGH_LIMIT,
      ...(options.extraArgs ?? []),
    ],
    options.cwd === undefined ? {} : { cwd: options.cwd },
  );
  const match = await waitForOutput(proc, /serving on (http:\/\/127\.0\.0\.1:(\d+))/, SERVE_START_TIMEOUT_MS);
  const base = match[1] ?? '';
  await waitForHttp(proc, `${base}/api/rate_limit`, SERVE_START_TIMEOUT_MS);
  return { name, base, port: Number(match[2]), process: proc, startupS: (performance.now() - t0) / 1000 };
}
