// The PostgreSQL search's ranking on the rows of postgres-search-parity: text in the title above
// the same text in the body or the comments, and text under OR that tells issues apart above text
// found in most issues, as SQLite ranks them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchRequest } from '../records';
import type { SqliteStorage } from '../sqlite/sqlite-storage';
import { keys, openSearchDataset, SETUP_TIMEOUT_MS, type Case, type SearchDataset } from '../../../../test-support/server/postgres-search-dataset';
import { searchIssuesOnPostgres } from './postgres-search';
import type { SqlRunner } from './sql';

let dataset: SearchDataset | undefined;
let sqlite: SqliteStorage;
let sql: SqlRunner;
let requestOf: (c: Case) => SearchRequest;

beforeAll(async () => {
  dataset = await openSearchDataset();
  ({ sqlite, sql, requestOf } = dataset);
}, SETUP_TIMEOUT_MS);

afterAll(() => dataset?.close());

describe('search on PostgreSQL against SQLite on the same rows', () => {
  it('ranks a word in the title above the same word in the body or the comments, with scores above 1', async () => {
    const request = requestOf({ q: 'crash repo:search/lab' });
    const page = await searchIssuesOnPostgres(sql, request);
    expect(keys(page).slice(0, 2).sort()).toEqual(['search/lab#1', 'search/lab#4']);
    expect(keys(page).slice(2).sort()).toEqual(['search/lab#5', 'search/lab#6']);
    expect(page.hits.every((h) => h.score > 1)).toBe(true);
    const scores = page.hits.map((h) => h.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it('puts text under OR first where it matches, and scores the others 1', async () => {
    const page = await searchIssuesOnPostgres(sql, requestOf({ q: 'repo:search/lab (installer OR is:pr)', advanced: true }));
    expect(keys(page)[0]).toBe('search/lab#3');
    expect(page.hits[0]!.score).toBeGreaterThan(1);
    expect(page.hits.slice(1).map((h) => h.score)).toEqual([1, 1]);
  });

  it('ranks text under OR that tells issues apart above text found in most issues, as SQLite does', async () => {
    const request = requestOf({ q: '(bulk OR crash) is:open', advanced: true, perPage: 5 });
    const expected = keys(sqlite.searchIssues(request)).slice(0, 3);
    const page = await searchIssuesOnPostgres(sql, request);
    expect(keys(page).slice(0, 3).sort()).toEqual(['search/lab#1', 'search/lab#5', 'search/lab#6']);
    expect([...expected].sort()).toEqual(['search/lab#1', 'search/lab#5', 'search/lab#6']);
    // Then the issues matching only `bulk`, newest first, each above 1 as on SQLite.
    expect(keys(page).slice(3)).toEqual(['search/bulk#1049', 'search/bulk#1048']);
    expect(page.hits.every((h) => h.score > 1)).toBe(true);
  });
});
