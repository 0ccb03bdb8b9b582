import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testPostgres, type TestPostgres } from '../../../../test-support/server/test-postgres';
import { migratePostgres } from './migrate';
import { STORE_VERSION_CHANNEL } from './schema';

const START_TIMEOUT_MS = 30_000;

let server: TestPostgres;
const clients: pg.Client[] = [];

beforeAll(async () => {
  server = await testPostgres();
  const client = await connect();
  await migratePostgres(client);
}, START_TIMEOUT_MS);

afterAll(async () => {
  await Promise.all(clients.map((c) => c.end()));
  await server?.stop();
});

async function connect(): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: server.url });
  await client.connect();
  clients.push(client);
  return client;
}

describe('store_version', () => {
  it("tells listeners each committed write's new version, and nothing of a rolled-back one", async () => {
    const [listener, writer] = [await connect(), await connect()];
    const heard: string[] = [];
    let heardCommitted: () => void = () => undefined;
    const committedHeard = new Promise<void>((resolve) => (heardCommitted = resolve));
    listener.on('notification', (n) => {
      if (n.channel !== STORE_VERSION_CHANNEL) return;
      heard.push(n.payload ?? '');
      if (n.payload === '7') heardCommitted();
    });
    await listener.query(`LISTEN ${STORE_VERSION_CHANNEL}`);

    await writer.query('BEGIN');
    await writer.query('UPDATE store_version SET version = 99');
    await writer.query('ROLLBACK');
    await writer.query('BEGIN');
    await writer.query('UPDATE store_version SET version = 7');
    await writer.query('COMMIT');

    // Notifications arrive in commit order: one for the rollback would come before this one.
    await committedHeard;
    expect(heard).toEqual(['7']);
  });

  it('has exactly one row', async () => {
    const client = await connect();
    await expect(client.query('INSERT INTO store_version (id, version) VALUES (2, 1)')).rejects.toMatchObject({ code: '23514' });
    await expect(client.query('INSERT INTO store_version (id, version) VALUES (1, 1)')).rejects.toMatchObject({ code: '23505' });
  });
});
