/** Runs `npm run service -- ...` as a child process, the way an operator does. */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '..', '..');
// `node --import tsx`, not the tsx binary: the binary runs the CLI in a second process,
// which a signal to the first would not stop.
const TSX_LOADER = ['--import', 'tsx'];
const CLI = path.join(ROOT, 'src', 'server', 'cli.ts');

const CLI_TIMEOUT_MS = 180_000;

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

export function runCli(...args: string[]): Promise<CliResult> {
  return new Promise((resolve) => {
    // Bounded, so a test that times out does not leave the command running on its own.
    execFile(process.execPath, [...TSX_LOADER, CLI, ...args], { cwd: ROOT, maxBuffer: 16 * 1024 * 1024, timeout: CLI_TIMEOUT_MS, killSignal: 'SIGKILL' }, (err, stdout, stderr) => {
      const code = err ? (typeof err.code === 'number' ? err.code : 1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

/** Starts the CLI without waiting for it, for tests that stop it part-way. */
export function spawnCli(...args: string[]): ChildProcess {
  return spawn(process.execPath, [...TSX_LOADER, CLI, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
}
