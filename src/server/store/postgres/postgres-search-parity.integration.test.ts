// The PostgreSQL search held to SQLite's on the same rows: the search repositories (and two
// private ones) imported into SQLite and copied into PostgreSQL, then every query of the table
// asked of both. Totals, the issues on each page and every order but best match's must agree;
// where SQLite's score is 1 (nothing ranks the results), so must PostgreSQL's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchPage, SearchRequest } from '../records';
import type { SqliteStorage } from '../sqlite/sqlite-storage';
import { keyOf, keys, openSearchDataset, SETUP_TIMEOUT_MS, type Case, type SearchDataset } from '../../../../test-support/server/postgres-search-dataset';
import { searchIssuesOnPostgres } from './postgres-search';
import type { SqlRunner } from './sql';

/**
 * bm25 weighs text found in half the issues or more by about a millionth, so a SQLite score
 * this far above 1 comes from text that ranks: PostgreSQL must rank that issue too.
 */
const RANKED_SCORE = 1.001;

let dataset: SearchDataset | undefined;
let sqlite: SqliteStorage;
let sql: SqlRunner;
let requestOf: (c: Case) => SearchRequest;

beforeAll(async () => {
  dataset = await openSearchDataset();
  ({ sqlite, sql, requestOf } = dataset);
}, SETUP_TIMEOUT_MS);

afterAll(() => dataset?.close());

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
  // what the service stores beyond the columns above, and the repository's visibility
  { q: 'is:merged' },
  { q: 'is:unmerged repo:search/lab' },
  { q: '-is:merged crash' },
  { q: 'is:draft' },
  { q: 'draft:false' },
  { q: 'is:locked' },
  { q: '-is:unlocked repo:search/lab' },
  { q: 'reason:completed' },
  { q: 'reason:"not planned" repo:search/lab' },
  { q: '-reason:reopened is:closed' },
  { q: 'reactions:0' },
  { q: 'interactions:>2 repo:search/lab' },
  { q: 'merged:>=2024-03-01' },
  { q: 'is:private', grant: ['vault'] },
  { q: 'is:public crash', grant: ['vault'] },
  { q: 'repo:search/lab sort:interactions' },
  { q: 'crash sort:reactions-asc' },
  { q: 'repo:search/lab', sort: 'reactions-heart', order: 'asc' },
  { q: 'bulk', sort: 'interactions', page: 2 },
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

function nameOf(c: Case): string {
  const options = [
    c.advanced ? 'advanced' : '',
    c.grant ? `granted ${c.grant.join(',')}` : '',
    c.sort ? `sort=${c.sort}-${c.order ?? 'desc'}` : '',
    c.page || c.perPage ? `page ${c.page ?? 1} of ${c.perPage ?? 30}` : '',
  ].filter((o) => o !== '');
  return options.length === 0 ? c.q : `${c.q} (${options.join(', ')})`;
}

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
});
