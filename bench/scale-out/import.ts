/**
 * The scale-out part's imports (bench/scale-out/benchmark.ts): the `import` command into PostgreSQL and
 * into SQLite, in turn, LOAD_ROUNDS times each; each engine's first import is the one served.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import type { PostgresServer } from '../../test-support/server/postgres-server';
import { formatNumber } from '../lib/bench-row';
import { importRepository } from '../lib/import-timing';
import { rotated } from '../lib/load-rounds';
import type { Engine } from './rows';
import { dropDatabase } from './servers';
import { LOAD_ROUNDS } from '../lib/load-rounds';

/** The imports of round `round`: PostgreSQL and SQLite in turn, the pair's order swapped each round. */
export function importOrder(round: number): Engine[] {
  return rotated<Engine>(['postgres', 'sqlite'], round);
}

export interface ImportRounds {
  seconds: Record<Engine, number[]>;
  /** the databases the servers serve afterwards: a PostgreSQL URL, an SQLite file */
  servedPg: string;
  servedSqlite: string;
}

export async function importRounds(pgServer: PostgresServer, issuesFile: string, work: string, log: (line: string) => void): Promise<ImportRounds> {
  const seconds: Record<Engine, number[]> = { postgres: [], sqlite: [] };
  const servedPg = await pgServer.freshDatabase();
  const servedSqlite = path.join(work, 'big.db');
  for (let round = 0; round < LOAD_ROUNDS; round++) {
    for (const engine of importOrder(round)) {
      const served = round === 0;
      if (engine === 'postgres') {
        const db = served ? servedPg : await pgServer.freshDatabase();
        seconds.postgres.push(await importRepository(db, issuesFile));
        if (!served) await dropDatabase(pgServer.url, db);
      } else {
        const db = served ? servedSqlite : path.join(work, `import-${round}.db`);
        seconds.sqlite.push(await importRepository(db, issuesFile));
        if (!served) for (const file of [db, `${db}-wal`, `${db}-shm`]) rmSync(file, { force: true });
      }
      log(`  import round ${round + 1}, ${engine === 'postgres' ? 'PostgreSQL' : 'SQLite'}: ${formatNumber(seconds[engine].at(-1) ?? NaN)} s`);
    }
  }
  return { seconds, servedPg, servedSqlite };
}
