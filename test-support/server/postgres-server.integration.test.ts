import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { startPostgres } from './postgres-server';

const START_TIMEOUT_MS = 30_000;

/** The error a connection to 127.0.0.1:port ends with, or null when it is accepted. */
function connectError(port: number): Promise<string | null> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(null);
    });
    socket.once('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
  });
}

describe('startPostgres', () => {
  it(
    'runs a server that answers queries, and stop() leaves neither the server nor its directory behind',
    async () => {
      const server = await startPostgres();
      const port = Number(new URL(server.url).port);
      expect(server.url).toBe(`postgres://issuescope@127.0.0.1:${port}/issuescope`);
      try {
        const client = new pg.Client({ connectionString: server.url });
        await client.connect();
        try {
          const { rows } = await client.query<{ one: number; database: string }>('SELECT 1 AS one, current_database() AS database');
          expect(rows).toEqual([{ one: 1, database: 'issuescope' }]);
        } finally {
          await client.end();
        }
        expect(existsSync(server.dir)).toBe(true);
      } finally {
        await server.stop();
      }
      expect(await connectError(port)).toBe('ECONNREFUSED');
      expect(existsSync(server.dir)).toBe(false);
      // a second stop() is harmless
      await server.stop();
    },
    START_TIMEOUT_MS,
  );

  it(
    'gives each fresh database its own name, empty',
    async () => {
      const server = await startPostgres();
      try {
        const [first, second] = [await server.freshDatabase(), await server.freshDatabase()];
        expect(first).not.toBe(second);
        const client = new pg.Client({ connectionString: second });
        await client.connect();
        try {
          const { rows } = await client.query<{ tables: number }>(
            "SELECT count(*)::int AS tables FROM information_schema.tables WHERE table_schema = 'public'",
          );
          expect(rows).toEqual([{ tables: 0 }]);
        } finally {
          await client.end();
        }
      } finally {
        await server.stop();
      }
    },
    START_TIMEOUT_MS,
  );

  it('refuses a binary directory without PostgreSQL in one line that says how to get one', async () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'no-postgres-'));
    try {
      const failure = startPostgres({ binDir: empty });
      await expect(failure).rejects.toThrow(`${empty} has no initdb and postgres`);
      await expect(failure).rejects.toThrow(/apt-get install postgresql/);
      await expect(failure).rejects.toThrow(/^[^\n]*$/);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
