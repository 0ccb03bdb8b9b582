// The PostgreSQL search held to SQLite's on the same rows: the search repositories (and two
// private ones) imported into SQLite and copied into PostgreSQL, then every query of the table
// asked of both. Totals, the issues on each page and every order but best match's must agree;
// where SQLite's score is 1 (nothing ranks the results), so must PostgreSQL's.
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { effectiveSearchSort, type SearchOrder } from '../../../shared/search-params';
import { parseSearchQuery, type SearchSortField } from '../../../shared/search-query';
import { copySqliteToPostgres } from '../../../../test-support/server/copy-sqlite-to-postgres';
import { startPostgres, type PostgresServer } from '../../../../test-support/server/postgres-server';
import { importSearchRepositories } from '../../../../test-support/server/search-repository';
import type { ImportedIssue } from '../import-schema';
import type { SearchHit, SearchPage, SearchRequest } from '../records';
import { openSqliteStore, type SqliteStore } from '../sqlite/sqlite-store';
import { migratePostgres } from './migrate';
import { searchIssuesOnPostgres } from './postgres-search';
import { sqlOf, type Sql } from './sql';

const SETUP_TIMEOUT_MS = 60_000;
const NOW_MS = Date.parse('2024-06-01T00:00:00Z');
/**
 * bm25 weighs text found in half the issues or more by about a millionth, so a SQLite score
 * this far above 1 comes from text that ranks: PostgreSQL must rank that issue too.
 */
const RANKED_SCORE = 1.001;

function privateIssue(number: number, title: string, body: string, fields: Partial<ImportedIssue> = {}): ImportedIssue {
  return {
    number,
    title,
    body,
    user: { login: 'alice' },
    labels: [],
    state: 'open',
    locked: false,
    assignees: [],
    comments: 0,
    created_at: `2024-05-0${number}T09:00:00Z`,
    updated_at: `2024-05-0${number}T09:00:00Z`,
    ...fields,
  };
}

const VAULT_ISSUES = [
  privateIssue(1, 'Crash in the vault', 'secret crash details'),
  privateIssue(2, 'Secret rotation', 'rotate the keys', { labels: [{ name: 'bug', color: 'ededed' }] }),
];
const ATTIC_ISSUES = [privateIssue(1, 'Crash in the attic', 'a secret nobody was granted')];

let server: PostgresServer;
let client: pg.Client;
let sql: Sql;
let dir: string;
let sqlite: SqliteStore;
const privateIds = new Map<string, number>();

beforeAll(async () => {
  server = await startPostgres();
  dir = mkdtempSync(path.join(tmpdir(), 'issuescope-pg-search-'));
  const file = path.join(dir, 'search.sqlite');
  sqlite = openSqliteStore(file);
  await importSearchRepositories(sqlite, NOW_MS);
  privateIds.set('vault', sqlite.importIssues({ owner: 'search', name: 'vault', makePrivate: true }, VAULT_ISSUES, [], NOW_MS).repo.id);
  privateIds.set('attic', sqlite.importIssues({ owner: 'search', name: 'attic', makePrivate: true }, ATTIC_ISSUES, [], NOW_MS).repo.id);

  client = new pg.Client({ connectionString: await server.freshDatabase() });
  await client.connect();
  await migratePostgres(client);
  sql = sqlOf(client);
  const db = new Database(file, { readonly: true });
  try {
    await copySqliteToPostgres(db, sql);
  } finally {
    db.close();
  }
}, SETUP_TIMEOUT_MS);

afterAll(async () => {
  await client?.end();
  await server?.stop();
  sqlite?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

interface Case {
  q: string;
  advanced?: boolean;
  /** private repositories (by name, under `search/`) the caller was granted */
  grant?: string[];
  /** the `sort` and `order` parameters (`sort:` in q wins) */
  sort?: SearchSortField;
  order?: SearchOrder;
  page?: number;
  perPage?: number;
}

const CASES: Case[] = [
  // words and phrases
  { q: 'crash' },
  { q: 'CRASH Windows' },
  { q: 'startup' },
  { q: 'nothing matches this' },
  { q: '"crash on startup"' },
  { q: '"on startup"' },
  { q: '"startup crash"' },
  { q: 'dark-mode' },
  { q: 'settings page slow' },
  // typed tsquery and FTS5 syntax is only words
  { q: "crash:* | !bulk & o'brien <-> \\" },
  { q: 'NEAR(crash startup)' },
  // in:
  { q: 'crash in:title' },
  { q: 'crash in:body' },
  { q: 'crash in:comments' },
  { q: 'settings in:title,body' },
  { q: '"settings page" in:body' },
  { q: '"crash reporter" in:comments' },
  { q: 'installer in:title,comments' },
  // repositories and owners
  { q: 'repo:search/lab crash' },
  { q: 'repo:SEARCH/LAB is:open' },
  { q: 'repo:search/lab,search/vault crash' },
  { q: 'user:search crash' },
  { q: 'org:SEARCH is:pr' },
  { q: 'org:nobody' },
  // type and state
  { q: 'is:pr' },
  { q: 'is:issue repo:search/lab' },
  { q: 'type:pr crash' },
  { q: 'is:open' },
  { q: 'state:closed repo:search/lab' },
  // labels
  { q: 'label:bug' },
  { q: 'label:BUG repo:search/lab' },
  { q: 'label:"good first issue"' },
  { q: 'label:bug,docs repo:search/lab' },
  { q: 'label:bug label:"good first issue"' },
  { q: 'label:nonexistent' },
  // no:
  { q: 'no:label repo:search/lab' },
  { q: 'no:assignee' },
  { q: 'no:milestone repo:search/lab' },
  { q: '-no:milestone' },
  // people
  { q: 'author:alice' },
  { q: 'author:ALICE repo:search/lab' },
  // U+0000, which PostgreSQL's text cannot hold: no stored name has it, so nothing matches, and its negation everything.
  { q: 'author:a\u0000b' },
  { q: '-commenter:a\u0000b repo:search/lab' },
  { q: 'involves:\u0000 owner:se\u0000arch' },
  { q: 'milestone:"v\u00001" label:"x\u0000"' },
  { q: 'assignee:carol' },
  { q: 'mentions:dave' },
  { q: 'commenter:frank' },
  { q: 'involves:alice repo:search/lab' },
  { q: 'involves:dave' },
  // milestones
  { q: 'milestone:v1.0' },
  { q: 'milestone:V1.1' },
  { q: 'milestone:none' },
  // dates and counts
  { q: 'created:2024-03-01' },
  { q: 'created:>2024-03-01 repo:search/lab' },
  { q: 'created:2024-01-01..2024-03-31' },
  { q: 'updated:<2024-03-01 repo:search/lab' },
  { q: 'closed:>=2024-03-01' },
  { q: 'closed:*..2024-03-10' },
  { q: 'created:2024-03-10T09:00:00Z' },
  { q: 'comments:>2' },
  { q: 'comments:0 repo:search/lab' },
  { q: 'comments:1..3' },
  { q: 'comments:*..1 repo:search/lab' },
  // negations
  { q: '-label:bug repo:search/lab' },
  { q: 'crash -windows' },
  { q: 'NOT crash repo:search/lab' },
  { q: '-author:alice crash' },
  { q: '-crash' },
  { q: '-"crash on" repo:search/lab' },
  { q: '-repo:search/bulk' },
  { q: '-is:open -is:pr' },
  // negated predicates over columns that may be NULL: an issue without the value is not excluded
  { q: '-milestone:v1.0 repo:search/lab' },
  { q: '-closed:>=2024-03-01 repo:search/lab' },
  { q: '-label:bug,docs -assignee:carol repo:search/lab' },
  // sorts
  { q: 'repo:search/lab sort:comments-desc' },
  { q: 'crash sort:created-asc' },
  { q: 'sort:updated' },
  { q: 'crash', sort: 'updated', order: 'asc' },
  { q: 'is:closed', sort: 'comments' },
  { q: 'bulk sort:comments-asc', page: 3 },
  // advanced search
  { q: 'crash OR settings', advanced: true },
  { q: '(crash OR dark) is:open', advanced: true },
  { q: 'crash AND windows', advanced: true },
  { q: '(label:bug OR label:docs) AND NOT is:pr', advanced: true },
  { q: 'repo:search/lab AND (startup OR NOT crash)', advanced: true },
  { q: 'repo:search/lab (installer OR NOT bulk)', advanced: true },
  { q: '(author:bob OR comments:>1) repo:search/lab', advanced: true },
  { q: 'crash OR (dark AND NOT mode)', advanced: true },
  { q: '(bulk OR crash) is:open', advanced: true, perPage: 10 },
  { q: 'crash OR windows', advanced: true, sort: 'created', order: 'asc' },
  // text found in at least half the issues: nothing ranks, newest first
  { q: 'bulk' },
  { q: 'body' },
  { q: 'repo:search/bulk bulk' },
  { q: 'bulk 7' },
  { q: 'one is:open', page: 3, perPage: 100 },
  // private repositories
  { q: 'crash', grant: ['vault'] },
  { q: 'secret' },
  { q: 'secret', grant: ['vault'] },
  { q: 'repo:search/vault' },
  { q: 'repo:search/vault crash', grant: ['vault'] },
  { q: 'repo:search/attic', grant: ['vault'] },
  { q: 'org:search label:bug', grant: ['vault', 'attic'] },
  { q: '-crash', grant: ['attic'] },
  // pages past the first, and the largest page
  { q: 'bulk', page: 2, perPage: 30 },
  { q: 'is:open', page: 4, perPage: 100 },
  { q: 'bulk sort:created-asc', page: 11, perPage: 100 },
  { q: 'label:bug', page: 2, perPage: 50 },
  { q: 'is:issue', page: 1, perPage: 100 },
  { q: 'crash', page: 5 },
  { q: 'crash', page: 2, perPage: 2 },
];

function requestOf(c: Case): SearchRequest {
  const parsed = parseSearchQuery(c.q, { advanced: c.advanced ?? false });
  if (!parsed.ok) throw new Error(`the table's query ${c.q} does not parse: ${parsed.errors.map((e) => e.message).join('; ')}`);
  return {
    query: parsed.query,
    privateRepoIds: new Set((c.grant ?? []).map((name) => privateIds.get(name) ?? -1)),
    sort: effectiveSearchSort(parsed.query.sort, { sort: c.sort ?? null, order: c.order ?? 'desc' }),
    page: c.page ?? 1,
    perPage: c.perPage ?? 30,
  };
}

function nameOf(c: Case): string {
  const options = [
    c.advanced ? 'advanced' : '',
    c.grant ? `granted ${c.grant.join(',')}` : '',
    c.sort ? `sort=${c.sort}-${c.order ?? 'desc'}` : '',
    c.page || c.perPage ? `page ${c.page ?? 1} of ${c.perPage ?? 30}` : '',
  ].filter((o) => o !== '');
  return options.length === 0 ? c.q : `${c.q} (${options.join(', ')})`;
}

const keyOf = (hit: SearchHit): string => `${hit.repo.owner}/${hit.repo.name}#${(JSON.parse(hit.document) as { number: number }).number}`;
const keys = (page: SearchPage): string[] => page.hits.map(keyOf);

/** Every result of a ranked search, from every page: the order within may differ, the set may not. */
async function allPages(request: SearchRequest, search: (r: SearchRequest) => Promise<SearchPage>): Promise<string[]> {
  const all: string[] = [];
  for (let page = 1; ; page++) {
    const answer = await search({ ...request, page });
    all.push(...keys(answer));
    if (answer.hits.length === 0 || page * request.perPage >= answer.total) return all;
  }
}

describe('search on PostgreSQL against SQLite on the same rows', () => {
  it.each(CASES.map((c) => [nameOf(c), c] as const))('%s', async (_name, c) => {
    const request = requestOf(c);
    const expected = sqlite.searchIssues(request);
    const actual = await searchIssuesOnPostgres(sql, request);

    expect(actual.total).toBe(expected.total);
    const unranked = request.sort !== null || expected.hits.every((h) => h.score === 1);
    if (unranked) {
      // The same issues in the same order, with the same repository records and documents.
      expect(actual.hits.map((h) => ({ repo: h.repo, document: h.document }))).toEqual(expected.hits.map((h) => ({ repo: h.repo, document: h.document })));
      expect(actual.hits.every((h) => h.score === 1)).toBe(true);
      return;
    }
    expect(actual.hits).toHaveLength(expected.hits.length);
    if (expected.total <= request.perPage) {
      expect([...keys(actual)].sort()).toEqual([...keys(expected)].sort());
    } else {
      // Ranked over several pages: relevance may order them differently, but the pages together hold the same issues.
      const pgAll = await allPages(request, (r) => searchIssuesOnPostgres(sql, r));
      const sqliteAll = await allPages(request, (r) => Promise.resolve(sqlite.searchIssues(r)));
      expect(new Set(pgAll).size).toBe(pgAll.length);
      expect([...pgAll].sort()).toEqual([...sqliteAll].sort());
    }
    // Where nothing ranks an issue on SQLite (text under OR that it does not contain), nothing
    // does on PostgreSQL; where text that ranks does, it does on PostgreSQL too.
    const scores = new Map(actual.hits.map((h) => [keyOf(h), h.score]));
    for (const hit of expected.hits) {
      const score = scores.get(keyOf(hit));
      if (score === undefined) continue;
      if (hit.score === 1) expect(score, keyOf(hit)).toBe(1);
      if (hit.score > RANKED_SCORE) expect(score, keyOf(hit)).toBeGreaterThan(1);
    }
  });

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
