/**
 * Vitest's global setup for the `server` and `server-postgres` projects: one real PostgreSQL for
 * the whole run (issue 46: a cluster's initdb costs seconds, once instead of once per file), its
 * URL given to the tests (`inject`), and a template database already migrated, so a test's
 * database is a copy of it (`CREATE DATABASE … TEMPLATE`) rather than a fresh migration.
 * test-service.ts takes one per service in `server-postgres`; test-postgres.ts hands test files
 * databases of their own on it. Stopped at the end.
 *
 * Both projects list this file; they share the one server (the main process holds it until the
 * last project's teardown). In `server` a machine without PostgreSQL's binaries still runs: no
 * URL is provided, and a test that asks for PostgreSQL fails with startPostgres's own message.
 */
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migratePostgres } from '../../src/server/store/postgres/migrate';
import { createDatabase } from './create-postgres-database';
import { startPostgres, type PostgresServer } from './postgres-server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** the server's default database; test-service.ts makes a fresh one beside it per service */
    postgresUrl: string;
    /** a database on that server with every migration applied, to be copied and never opened */
    postgresTemplate: string;
  }
}

/** the migrated template's name (test files copy it, never write to it) */
export const MIGRATED_TEMPLATE = 'issuescope_migrated';

interface SharedServer {
  ready: Promise<{ server: PostgresServer; template: string }>;
  users: number;
}

// The projects' setups are loaded apart, so the one server is kept where both can see it.
const SHARED = Symbol.for('issuescope.test-postgres');
const holder = globalThis as typeof globalThis & { [SHARED]?: SharedServer };

async function startWithTemplate(): Promise<{ server: PostgresServer; template: string }> {
  const server = await startPostgres();
  try {
    const url = await createDatabase(server.url, MIGRATED_TEMPLATE);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await migratePostgres(client);
    } finally {
      await client.end();
    }
    return { server, template: MIGRATED_TEMPLATE };
  } catch (err) {
    await server.stop();
    throw err;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const required = project.name === 'server-postgres';
  holder[SHARED] ??= { ready: startWithTemplate(), users: 0 };
  const shared = holder[SHARED];
  shared.users++;
  const release = async () => {
    if (--shared.users > 0) return;
    delete holder[SHARED];
    const started = await shared.ready.catch(() => null);
    await started?.server.stop();
  };
  try {
    const { server, template } = await shared.ready;
    project.provide('postgresUrl', server.url);
    project.provide('postgresTemplate', template);
  } catch (err) {
    // Only the PostgreSQL project cannot run at all without it.
    if (required) {
      await release();
      throw err;
    }
  }
  return release;
}
