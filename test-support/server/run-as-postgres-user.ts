/**
 * Running PostgreSQL's programs the way they accept to run: they refuse root, so a test process
 * running as root hands them to the `postgres` system user, and the server is tied to the test
 * process's life so a killed test run leaves no server behind.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

/** how much of a program's output or log an error quotes */
export const LOG_TAIL_CHARS = 2_000;

export interface RunAs {
  uid: number;
  gid: number;
}

/** initdb and postgres refuse to run as root: as root, they run as the `postgres` system user. */
export function serverUser(): RunAs | undefined {
  if (process.getuid?.() !== 0) return undefined;
  try {
    const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    throw new Error('running as root, which PostgreSQL refuses, and there is no `postgres` user to run it as: create one (`useradd --system postgres`) or run as another user');
  }
}

/** Runs a program to its end; rejects with the end of its output when it fails. */
export function runProgram(file: string, args: string[], cwd: string, owner: RunAs | undefined): Promise<void> {
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

/**
 * util-linux's setpriv makes the kernel send postgres SIGQUIT (immediate shutdown) when the test
 * process dies, even by SIGKILL, where no 'exit' handler runs. It goes in after the switch to
 * the `postgres` user, which would clear it.
 */
export function withParentDeathSignal(file: string, args: string[]): [string, string[]] {
  const setpriv = ['/usr/bin/setpriv', '/bin/setpriv'].find((p) => existsSync(p));
  return setpriv ? [setpriv, ['--pdeathsig', 'QUIT', '--', file, ...args]] : [file, args];
}
