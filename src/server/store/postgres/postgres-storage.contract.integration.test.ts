// The storage contract (test-support/server/storage-contract.ts) on a real PostgreSQL, each test on a fresh database.
import { afterAll, beforeAll } from 'vitest';
import { startPostgres, type PostgresServer } from '../../../../test-support/server/postgres-server';
import { describeStorageContract } from '../../../../test-support/server/storage-contract';
import { openPostgresStorage } from './postgres-storage';

let server: PostgresServer;
beforeAll(async () => {
  server = await startPostgres();
}, 60_000);
afterAll(() => server?.stop());

describeStorageContract('PostgreSQL', async () => {
  const storage = await openPostgresStorage(await server.freshDatabase(), { serving: true, log: () => {} });
  return { storage, close: () => storage.close() };
});
