/**
 * One postgres server process on an existing cluster: started on a free 127.0.0.1 port (another
 * try when something takes the port first), ready once it takes a connection, stopped fast, and
 * never outliving the test process.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { TEST_DATABASE, TEST_USER } from './postgres-test-role';
import { LOG_TAIL_CHARS, withParentDeathSignal, type RunAs } from './run-as-postgres-user';

const START_TIMEOUT_MS = 20_000;
const STOP_TIMEOUT_MS = 10_000;
const CONNECT_TIMEOUT_MS = 2_000;
const RETRY_BASE_MS = 20;
const RETRY_MAX_MS = 250;
/** another process may take the port between our probe and postgres's bind */
const PORT_ATTEMPTS = 3;

/** Starts postgres on `dataDir` and waits until it takes connections and has the test database. */
export async function startServer(binDir: string, dataDir: string, dir: string, owner: RunAs | undefined): Promise<{ server: ChildProcess; port: number }> {
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
export async function stopProcess(server: ChildProcess): Promise<void> {
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
