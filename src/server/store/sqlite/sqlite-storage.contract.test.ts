// The storage contract (test-support/server/storage-contract.ts) on SQLite, each test on a fresh file.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describeStorageContract } from '../../../../test-support/server/storage-contract';
import { openSqliteStorage } from './sqlite-storage';

describeStorageContract('SQLite', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'issuescope-contract-'));
  const storage = openSqliteStorage(path.join(dir, 'contract.db'));
  return {
    storage,
    close: async () => {
      storage.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});
