import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchTokens } from '../../../shared/search-query';
import { testPostgres, type TestPostgres } from '../../../../test-support/server/test-postgres';
import type { SearchText } from '../search-text';
import { migratePostgres } from './migrate';
import { searchCopy } from './import-encoding';
import { searchDocument, searchDocumentBytes } from './search-document';
import { sqlOf } from './sql';

const START_TIMEOUT_MS = 30_000;

let server: TestPostgres;
let client: pg.Client;

beforeAll(async () => {
  server = await testPostgres();
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

  it('are the same tsvector in binary form, as an import writes them, as PostgreSQL makes of every position in text', async () => {
    // Every position written out, as PostgreSQL's text input mends them: the first 256 of a
    // word, none past the last position (16,383), the heavier weight of two at the same one.
    const everyPosition = (t: SearchText): string => {
      const positions = new Map<string, string[]>();
      let at = 0;
      for (const [field, weight] of [['title', 'A'], ['body', 'B'], ['comments', 'C']] as const) {
        for (const token of searchTokens(t[field])) {
          at++;
          if (Buffer.byteLength(token) > 2046) continue;
          positions.set(token, [...(positions.get(token) ?? []), `${Math.min(at, 16_383)}${weight}`]);
        }
        at++;
      }
      return [...positions].map(([word, at]) => `'${word}':${at.join(',')}`).join(' ');
    };
    const cases = [
      text('Rocket launch', 'The rocket', 'Launch!'),
      text('Crème-Brûlée straße 東京 ١٢٣ ⓵'),
      // JavaScript's sort puts U+20000 before U+FA0E, PostgreSQL after: the server sorts this one.
      text('\u{20000} \uFA0E alpha'),
      text('', 'word '.repeat(300)),
      text('alpha beta', 'beta '.repeat(16_400), 'beta gamma alpha'),
      text('alpha', Array.from({ length: 16_400 }, (_, i) => `w${i}`).join(' '), 'alpha alpha gamma gamma'),
      text(`${'x'.repeat(3000)} rocket`),
      text(''),
    ];
    for (const [i, t] of cases.entries()) {
      await sqlOf(client).copyFrom('COPY issue_text (repo_id, number, document) FROM STDIN WITH (FORMAT binary)', searchCopy([[2, i, searchDocumentBytes(t)]]));
      const { rows } = await client.query<{ same: boolean; sameAsOurText: boolean; words: number }>(
        `SELECT document = $2::tsvector AS same, document = $3::tsvector AS "sameAsOurText", length(document) AS words
         FROM issue_text WHERE repo_id = 2 AND number = $1`,
        [i, everyPosition(t), searchDocument(t)],
      );
      expect(rows[0], `case ${i}`).toEqual({ same: true, sameAsOurText: true, words: new Set(searchTokens(`${t.title} ${t.body} ${t.comments}`).filter((w) => w.length < 3000)).size });
    }
  });

  it('are written in binary with their words in the order PostgreSQL keeps them, so the server has none to sort', async () => {
    const t = text('Zebra crème 東京 apple ١٢٣ a ab b Ωmega zz', 'mango ångström banana', 'éclair 2024 10');
    const written: string[] = [];
    const bytes = Buffer.from(searchDocumentBytes(t));
    let at = 4;
    for (let i = 0; i < bytes.readInt32BE(0); i++) {
      const end = bytes.indexOf(0, at);
      written.push(bytes.toString('utf8', at, end));
      at = end + 1 + 2 + 2 * bytes.readUInt16BE(end + 1);
    }
    const { rows } = await client.query<{ words: string[] }>('SELECT ARRAY(SELECT lexeme FROM unnest($1::tsvector)) AS words', [searchDocument(t)]);
    expect(written).toEqual(rows[0]?.words);
  });
});
