/**
 * A real PostgreSQL server for tests: a throwaway cluster in a temporary directory, listening on
 * a free 127.0.0.1 port, with durability switched off (its data dies with it anyway).
 *
 * Finding the binaries (postgres-binaries.ts), running them as a user they accept
 * (run-as-postgres-user.ts) and the server process itself (postgres-process.ts) live beside it.
 */
import type { ChildProcess } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDatabase } from './create-postgres-database';
import { findPostgresBinaries } from './postgres-binaries';
import { startServer, stopProcess } from './postgres-process';
import { TEST_DATABASE, TEST_USER } from './postgres-test-role';
import { runProgram, serverUser, type RunAs } from './run-as-postgres-user';

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

async function initCluster(binDir: string, dataDir: string, cwd: string, owner: RunAs | undefined): Promise<void> {
  // --no-sync: nothing needs to survive a crash of the machine.
  const args = ['-D', dataDir, '-U', TEST_USER, '-A', 'trust', '-E', 'UTF8', '--no-sync'];
  try {
    await runProgram(path.join(binDir, 'initdb'), [...args, '--locale=C.UTF-8'], cwd, owner);
  } catch (err) {
    // A system without the C.UTF-8 locale: the C locale (names then fold case in ASCII only).
    if (!(err instanceof Error) || !/locale/i.test(err.message)) throw err;
    rmSync(dataDir, { recursive: true, force: true });
    await runProgram(path.join(binDir, 'initdb'), [...args, '--no-locale'], cwd, owner);
  }
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
