/**
 * The service as an operator runs it: `cli.ts serve` in its own process, so
 * a test can kill it without a goodbye (SIGKILL: no flush, no close), run
 * other CLI commands against the same database meanwhile, and read its RSS.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const CLI = path.join(ROOT, 'src', 'server', 'cli.ts');
const START_TIMEOUT_MS = 60_000;

export interface ChildService {
  origin: string;
  api: string;
  child: ChildProcess;
  /** everything the process printed, stdout and stderr */
  output(): string;
  /** SIGKILL: what a crash or `kill -9` does; resolves when the process is gone */
  crash(): Promise<void>;
  /** SIGTERM: the CLI's clean stop (flushes counters, closes the database) */
  stop(): Promise<void>;
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Starts `serve --db FILE --port 0 --no-app` plus `extraArgs`; resolves once it names its port. */
export function startChildService(db: string, extraArgs: string[] = [], env: NodeJS.ProcessEnv = {}): Promise<ChildService> {
  const child = spawn(process.execPath, ['--import', 'tsx', CLI, 'serve', '--db', db, '--port', '0', '--no-app', ...extraArgs], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the service did not start within ${START_TIMEOUT_MS} ms:\n${out}`));
    }, START_TIMEOUT_MS);
    const onData = (d: Buffer) => {
      out += d.toString('utf8');
      const origin = /serving on (http:\/\/[^\s]+)/.exec(out)?.[1];
      if (origin) {
        clearTimeout(timer);
        resolve({
          origin,
          api: `${origin}/api`,
          child,
          output: () => out,
          crash: async () => {
            child.kill('SIGKILL');
            await exited(child);
          },
          stop: async () => {
            child.kill('SIGTERM');
            await exited(child);
          },
        });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (d: Buffer) => {
      out += d.toString('utf8');
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the service exited (${code}) before it started:\n${out}`));
    });
  });
}

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `cli.ts ARGS` in another process, as `npm run service -- ARGS` would. */
export function runCli(args: string[]): Promise<CliResult> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', CLI, ...args], { cwd: ROOT, maxBuffer: 16 * 1024 * 1024 }, (err, stdout, stderr) => {
      const code = err && typeof err.code === 'number' ? err.code : err ? 1 : 0;
      resolve({ code, stdout, stderr });
    });
  });
}
