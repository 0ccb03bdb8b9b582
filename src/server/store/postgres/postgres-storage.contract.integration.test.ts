// The storage contract (test-support/server/storage-contract.ts) on a real PostgreSQL, each test on a fresh database.
import { afterAll, beforeAll } from 'vitest';
import { testPostgres, type TestPostgres } from '../../../../test-support/server/test-postgres';
import { describeStorageContract } from '../../../../test-support/server/storage-contract';
import { openPostgresStorage } from './postgres-storage';

let server: TestPostgres;
beforeAll(async () => {
  server = await testPostgres();
}, 60_000);
afterAll(() => server?.stop());

describeStorageContract('PostgreSQL', async () => {
  const storage = await openPostgresStorage(await server.freshDatabase(), { serving: true, log: () => {} });
  return { storage, close: () => storage.close() };
});
