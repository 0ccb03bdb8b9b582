/**
 * `npm run scale-out`: the scale-out arrangement on one machine, to try it.
 * Several `serve` instances on one PostgreSQL behind nginx, with the config in
 * deploy/nginx/issuescope.conf (its upstream lines written for the instances
 * started here). Ctrl-C stops everything.
 *
 *   DB=postgres://…   the database to share (default: a temporary PostgreSQL
 *                     started here, from Debian's binaries or PG_BIN_DIR, and
 *                     removed at the end)
 *   INSTANCES=2       how many `serve` instances
 *   PORT=8080         nginx's port; the instances take the ports after it
 *
 * The demo dataset is loaded when the database has none.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { appNeedsBuild, buildApp } from '../src/server/commands/build-app';
import { hasDemoData, loadDemo } from '../src/server/commands/load-demo';
import { describeDatabase, openCommandStorage } from '../src/server/store/open-storage';
import { isPostgresUrl } from '../src/server/store/postgres/postgres-url';
import { startPostgres, type PostgresServer } from '../test-support/server/postgres-server';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CONFIG = path.join(ROOT, 'deploy', 'nginx', 'issuescope.conf');

function wholeNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < 1) throw new Error(`${name} must be a whole number ≥ 1`);
  return Number(raw);
}

/** The repository's config with this arrangement's upstream servers and listening port. */
export function nginxConfig(template: string, port: number, instancePorts: readonly number[]): string {
  const servers = instancePorts.map((p) => `    server 127.0.0.1:${p};`).join('\n');
  return template
    .replace(/(upstream issuescope \{\n(?:\s*#.*\n)*)(?:\s*server [^\n]*\n)+/, `$1${servers}\n`)
    .replace(/listen 127\.0\.0\.1:\d+;/, `listen 127.0.0.1:${port};`);
}

async function main(): Promise<void> {
  if (spawnSync('nginx', ['-v']).error) throw new Error('nginx is not installed: apt-get install nginx (or your system\'s package)');
  const instances = wholeNumber('INSTANCES', 2);
  const port = wholeNumber('PORT', 8080);
  const children: ChildProcess[] = [];
  let postgres: PostgresServer | null = null;
  const dir = mkdtempSync(path.join(tmpdir(), 'issuescope-scale-out-'));

  const stop = async () => {
    for (const child of children) child.kill('SIGTERM');
    await postgres?.stop();
    rmSync(dir, { recursive: true, force: true });
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());

  let db = process.env.DB;
  if (db !== undefined && !isPostgresUrl(db)) throw new Error('DB must be a postgres:// URL: instances share one PostgreSQL (one SQLite file serves one process)');
  if (db === undefined) {
    console.log('Starting a temporary PostgreSQL…');
    postgres = await startPostgres();
    db = postgres.url;
  }
  const storage = await openCommandStorage(db);
  if (!(await hasDemoData(storage))) {
    console.log('Loading the demo dataset…');
    await loadDemo(storage, Date.now());
  }
  await storage.close();
  if (appNeedsBuild(ROOT)) buildApp(ROOT, console.log);

  const instancePorts = Array.from({ length: instances }, (_, i) => port + 1 + i);
  for (const p of instancePorts) {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'src', 'server', 'cli.ts'), 'serve', '--db', db, '--port', String(p), '--trust-proxy'], {
      cwd: ROOT,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    children.push(child);
  }
  mkdirSync(path.join(dir, 'tmp'), { recursive: true });
  // Started as root, nginx's workers run as an unprivileged user, who must reach its temp files
  // (large answers are buffered there): mkdtemp makes the prefix for its owner alone.
  chmodSync(dir, 0o755);
  chmodSync(path.join(dir, 'tmp'), 0o755);
  const config = path.join(dir, 'issuescope.conf');
  writeFileSync(config, nginxConfig(readFileSync(CONFIG, 'utf8'), port, instancePorts));
  children.push(spawn('nginx', ['-p', dir, '-c', config, '-g', 'daemon off;'], { stdio: ['ignore', 'inherit', 'inherit'] }));
  console.log(`Issuescope on http://127.0.0.1:${port}: nginx in front of ${instances} instances (ports ${instancePorts.join(', ')}) sharing ${describeDatabase(db)}. Ctrl-C stops them.`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err: unknown) => {
    console.error(`error: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  });
}
