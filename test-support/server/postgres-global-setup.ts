/**
 * Vitest's global setup for the `server-postgres` project: one real
 * PostgreSQL for the whole run, its URL given to the tests (`inject`), each
 * test service on a database of its own (test-service.ts). Stopped at the end.
 */
import type { TestProject } from 'vitest/node';
import { startPostgres } from './postgres-server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** the server's default database; test-service.ts makes a fresh one beside it per service */
    postgresUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await startPostgres();
  project.provide('postgresUrl', server.url);
  return () => server.stop();
}
