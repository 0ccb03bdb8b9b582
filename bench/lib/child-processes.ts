/**
 * Every server the benchmark starts is a child process registered here, so
 * that a failure, Ctrl-C or a thrown error anywhere still stops all of them:
 * a benchmark must never leave servers running on a shared machine.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';

const STOP_GRACE_MS = 3_000;
const READY_POLL_MS = 200;
const OUTPUT_TAIL_CHARS = 4_000;

const running = new Set<ChildProcess>();
const scratchDirs = new Set<string>();

function killAll(signal: NodeJS.Signals): void {
  for (const child of running) {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  }
}

/** Generated data runs to hundreds of MB: an interrupted run must not leave it in the temp folder. */
export function removeOnExit(dir: string): () => void {
  scratchDirs.add(dir);
  return () => {
    rmSync(dir, { recursive: true, force: true });
    scratchDirs.delete(dir);
  };
}

function removeScratch(): void {
  for (const dir of scratchDirs) rmSync(dir, { recursive: true, force: true });
  scratchDirs.clear();
}

let hooked = false;
/** Kill every registered child (and remove scratch folders) on exit, Ctrl-C, SIGTERM and SIGHUP. Idempotent. */
export function stopChildrenOnExit(): void {
  if (hooked) return;
  hooked = true;
  process.on('exit', () => {
    killAll('SIGKILL');
    removeScratch();
  });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () => {
      console.error(`\n${signal}: stopping ${running.size} benchmark process(es)`);
      killAll('SIGKILL');
      process.exit(130);
    });
  }
}

export interface Started {
  child: ChildProcess;
  pid: number;
  /** stdout and stderr so far (the tail), for error messages */
  output(): string;
  stop(): Promise<void>;
}

export function start(command: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): Started {
  const child = spawn(command, args, { cwd: options.cwd, env: options.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
  if (child.pid === undefined) throw new Error(`could not start ${command} ${args.join(' ')}`);
  running.add(child);
  let tail = '';
  // Always drain both pipes: a server that logs every request (Prism) would
  // otherwise block on a full pipe and look slow for the wrong reason.
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString('utf8')).slice(-OUTPUT_TAIL_CHARS);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  void exited.then(() => running.delete(child));
  return {
    child,
    pid: child.pid,
    output: () => tail,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Runs a command to completion; resolves with its stdout, rejects with its output when it fails. */
export function run(command: string, args: string[], options: { cwd?: string } = {}): Promise<{ stdout: string; ms: number }> {
  const t0 = performance.now();
  const started = start(command, args, options);
  let stdout = '';
  started.child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString('utf8');
  });
  return new Promise((resolve, reject) => {
    started.child.once('exit', (code, signal) => {
      const ms = performance.now() - t0;
      if (code === 0) resolve({ stdout, ms });
      else reject(new Error(`${command} ${args.join(' ')} failed (${signal ?? `exit ${code}`}):\n${started.output()}`));
    });
  });
}

/** Resolves with the first stdout match of `pattern`; rejects if the process exits or the time runs out first. */
export function waitForOutput(started: Started, pattern: RegExp, timeoutMs: number): Promise<RegExpExecArray> {
  return new Promise((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => finish(new Error(`no ${pattern} within ${timeoutMs} ms:\n${started.output()}`)), timeoutMs);
    const onData = (chunk: Buffer) => {
      seen += chunk.toString('utf8');
      const match = pattern.exec(seen);
      if (match) finish(null, match);
    };
    const onExit = () => finish(new Error(`exited before printing ${pattern}:\n${started.output()}`));
    function finish(err: Error | null, match?: RegExpExecArray) {
      clearTimeout(timer);
      started.child.stdout?.off('data', onData);
      started.child.off('exit', onExit);
      if (err) reject(err);
      else if (match) resolve(match);
    }
    started.child.stdout?.on('data', onData);
    started.child.once('exit', onExit);
  });
}

/** Polls `url` until it answers with any HTTP status (the server is listening and routing). */
export async function waitForHttp(started: Started, url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (started.child.exitCode !== null) throw new Error(`exited while starting:\n${started.output()}`);
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      return;
    } catch {
      if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs} ms:\n${started.output()}`);
      await new Promise((r) => setTimeout(r, READY_POLL_MS));
    }
  }
}

/** A loopback port free right now, for servers that cannot report the port they picked. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function rssKbOf(pid: number): number {
  try {
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) : 0;
  } catch {
    return 0; // the process ended between listing and reading
  }
}

function descendantsOf(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The command name may hold spaces and parentheses; the parent pid follows its closing ')'.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // gone already
    }
  }
  const all: number[] = [];
  const queue = [root];
  while (queue.length > 0) {
    const pid = queue.shift() as number;
    all.push(pid);
    queue.push(...(children.get(pid) ?? []));
  }
  return all;
}

/**
 * Samples the resident memory (VmRSS) of a process and its descendants until
 * `stop()`; returns the peak in MB. Descendants count so that a server which
 * forks workers is not flattered.
 */
export function sampleRss(pid: number, everyMs = 250): { stop(): number } {
  let peakKb = 0;
  const sample = () => {
    const kb = descendantsOf(pid).reduce((sum, p) => sum + rssKbOf(p), 0);
    peakKb = Math.max(peakKb, kb);
  };
  sample();
  const timer = setInterval(sample, everyMs);
  return {
    stop: () => {
      clearInterval(timer);
      sample();
      return peakKb / 1024;
    },
  };
}
