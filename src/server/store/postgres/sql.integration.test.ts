// How the engine runs COPY on a real PostgreSQL: through the pool as well as inside a transaction.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testPostgres, type TestPostgres } from '../../../../test-support/server/test-postgres';
import { BinaryCopy } from './binary-copy';
import { countOf, sqlOf } from './sql';

/** Rows of `words` as a binary COPY. */
function wordsCopy(rows: ReadonlyArray<readonly [number, string]>): Buffer {
  const copy = new BinaryCopy(['int8', 'text']);
  for (const row of rows) copy.add(row);
  return copy.bytes();
}

const COPY_WORDS = 'COPY words (n, word) FROM STDIN WITH (FORMAT binary)';

let server: TestPostgres;
let pool: pg.Pool;

beforeAll(async () => {
  server = await testPostgres();
  pool = new pg.Pool({ connectionString: await server.freshDatabase(), max: 1 });
  // As the storage's pool does (postgres-storage.ts): the connection a failed COPY gave up may
  // still be closing when the server stops at the end, and its error then has nowhere else to go.
  pool.on('error', () => undefined);
  await pool.query('CREATE TABLE words (n BIGINT PRIMARY KEY, word TEXT NOT NULL)');
}, 60_000);

afterAll(async () => {
  await pool?.end();
  await server?.stop();
});

describe('copyFrom on the pool', () => {
  it('writes the rows, text with tabs, newlines and backslashes as given', async () => {
    const sql = sqlOf(pool);
    await sql.copyFrom(COPY_WORDS, wordsCopy([[1, 'tab\there'], [2, 'line\nbreak \\ backslash']]));
    const rows = await sql.query<{ n: number; word: string }>('SELECT n, word FROM words ORDER BY n');
    expect(rows).toEqual([{ n: 1, word: 'tab\there' }, { n: 2, word: 'line\nbreak \\ backslash' }]);
  });

  it('rejects a COPY the server refuses, writes none of it, and leaves the pool usable', async () => {
    const sql = sqlOf(pool);
    const before = await countOf(sql, 'SELECT COUNT(*) FROM words');
    await expect(sql.copyFrom(COPY_WORDS, wordsCopy([[10, 'fine'], [1, 'already there']]))).rejects.toThrow(/duplicate key/);
    // The pool holds one connection, so this also shows the pool still serves after the failed COPY.
    expect(await countOf(sql, 'SELECT COUNT(*) FROM words')).toBe(before);
  });
});
