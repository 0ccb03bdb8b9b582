/**
 * PostgreSQL for one test file: databases of its own on the run's server (postgres-global-setup.ts),
 * so the file neither starts a cluster (seconds each, issue 46) nor sees another file's data. Run
 * where no global setup provided a server (another config, a script), it starts one of its own
 * (postgres-server.ts), as every file did before.
 */
import { inject } from 'vitest';
import { createDatabase } from './create-postgres-database';
import { startPostgres } from './postgres-server';

export interface TestPostgres {
  /** a database of this handle's own (empty), as a URL */
  url: string;
  /** another new empty database (a unique name), as a URL */
  freshDatabase(): Promise<string>;
  /** on a server of its own, stops it; on the run's server, nothing (it and its databases go at the end of the run) */
  stop(): Promise<void>;
}

export async function testPostgres(): Promise<TestPostgres> {
  const serverUrl = inject('postgresUrl');
  if (!serverUrl) {
    const own = await startPostgres();
    return { url: own.url, freshDatabase: () => own.freshDatabase(), stop: () => own.stop() };
  }
  return {
    url: await createDatabase(serverUrl),
    freshDatabase: () => createDatabase(serverUrl),
    stop: async () => {},
  };
}
