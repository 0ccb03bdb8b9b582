import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchTokens } from '../../../shared/search-query';
import { startPostgres, type PostgresServer } from '../../../../test-support/server/postgres-server';
import type { SearchText } from '../search-text';
import { migratePostgres } from './migrate';
import { searchDocument } from './search-document';

const START_TIMEOUT_MS = 30_000;

let server: PostgresServer;
let client: pg.Client;

beforeAll(async () => {
  server = await startPostgres();
  client = new pg.Client({ connectionString: server.url });
  await client.connect();
  await migratePostgres(client);
}, START_TIMEOUT_MS);

afterAll(async () => {
  await client?.end();
  await server?.stop();
});

let nextNumber = 1;

/** Stores the document as the store does, and answers whether `query` (tsquery text) finds it. */
async function matches(text: SearchText, query: string): Promise<boolean> {
  const number = nextNumber++;
  await client.query('INSERT INTO issue_text (repo_id, number, document) VALUES (1, $1, $2::tsvector)', [number, searchDocument(text)]);
  const { rows } = await client.query<{ found: boolean }>('SELECT document @@ $2::tsquery AS found FROM issue_text WHERE repo_id = 1 AND number = $1', [number, query]);
  return rows[0]?.found ?? false;
}

const text = (title: string, body = '', comments = ''): SearchText => ({ title, body, comments });

describe('issue_text documents on PostgreSQL', () => {
  it("hold exactly the words SQLite's index holds, where PostgreSQL's own parser would find others", async () => {
    const title = 'Crème-Brûlée straße ⓵ ൰ v1.2 a@b.com 東京 ١٢٣ Œuvre й foo_bar';
    const { rows } = await client.query<{ words: string[] }>('SELECT ARRAY(SELECT lexeme FROM unnest($1::tsvector)) AS words', [searchDocument(text(title))]);
    expect([...(rows[0]?.words ?? [])].sort()).toEqual([...new Set(searchTokens(title))].sort());
  });

  it('find a word whatever its case and diacritics', async () => {
    expect(await matches(text('Crème Brûlée'), "'brulee'")).toBe(true);
    expect(await matches(text('Crème Brûlée'), "'brulee' & 'missing'")).toBe(false);
  });

  it('tell the fields apart by weight (in:title)', async () => {
    expect(await matches(text('Rocket', 'launch'), "'launch':A")).toBe(false);
    expect(await matches(text('Rocket', 'launch'), "'launch':B")).toBe(true);
    expect(await matches(text('Rocket', '', 'launch'), "'launch':C")).toBe(true);
  });

  it('match a phrase within a field, never from the end of the title into the body', async () => {
    expect(await matches(text('rocket launch'), "'rocket' <-> 'launch'")).toBe(true);
    expect(await matches(text('rocket', 'launch'), "'rocket' <-> 'launch'")).toBe(false);
  });

  it("take an issue without words, and a word longer than PostgreSQL's limit without losing the others", async () => {
    expect(await matches(text(''), "'anything'")).toBe(false);
    expect(await matches(text(`${'x'.repeat(3000)} rocket`), "'rocket'")).toBe(true);
  });
});
