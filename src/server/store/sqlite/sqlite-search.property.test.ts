/**
 * The SQLite search held to the reference evaluator (test-support/server/search-reference.ts) on
 * generated repositories and generated queries: the same issues, the same totals, and for an
 * explicit sort (or a query without text) the same order.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SearchQuery } from '../../../shared/search-query';
import type { ReferenceRepo } from '../../../../test-support/server/search-reference';
import type { SearchRequest } from '../records';
import type { SqliteStorage } from './sqlite-storage';
import { openSqliteStorage } from './sqlite-storage';
import { dataset, searchArbitrary, type GeneratedIssue, type Search } from '../../../../test-support/server/search-arbitraries';
import { expectReferenceAnswer, importDataset, type EngineAnswer } from '../../../../test-support/server/search-dataset';

/** This engine's own query syntax typed as text, which must read as the words in it. */
const search = searchArbitrary(['"', '*', 'NEAR(a b)', 'OR', '^crash', 'title:crash', '"crash" OR "page"', '--', '(']);

/** A fresh in-memory store holding the data set, and the data set as the reference reads it. */
function load(generated: ReadonlyArray<readonly GeneratedIssue[]>): { store: SqliteStorage; repos: ReferenceRepo[] } {
  const store = openSqliteStorage(':memory:');
  return { store, repos: importDataset(store, generated) };
}

function engineSearch(store: SqliteStorage, s: Search): EngineAnswer {
  const query: SearchQuery = { where: s.where, fields: s.fields, sort: null };
  const request: SearchRequest = { query, privateRepoIds: new Set(s.privateRepoIds), sort: s.sort, page: 1, perPage: 100 };
  const page = store.searchIssues(request);
  return { refused: page.namesNothingVisible === true, total: page.total, hits: page.hits.map((h) => `${h.repo.id}#${(JSON.parse(h.document) as { number: number }).number}`) };
}

describe('SQLite search against the reference evaluator', () => {
  it('selects exactly the issues the reference selects, in its order when the order is defined', () => {
    fc.assert(
      fc.property(dataset, fc.array(search, { minLength: 1, maxLength: 12 }), (data, searches) => {
        const { store, repos } = load(data);
        try {
          for (const s of searches) expectReferenceAnswer(repos, s, engineSearch(store, s));
        } finally {
          store.close();
        }
      }),
      { numRuns: 150 },
    );
  });

  it('pages never overlap and together hold every result', () => {
    fc.assert(
      fc.property(dataset, search, fc.integer({ min: 1, max: 4 }), (data, s, perPage) => {
        const { store } = load(data);
        try {
          const request = (page: number): SearchRequest => ({
            query: { where: s.where, fields: s.fields, sort: null },
            privateRepoIds: new Set(s.privateRepoIds),
            sort: s.sort,
            page,
            perPage,
          });
          const all = store.searchIssues({ ...request(1), perPage: 100 });
          const paged: string[] = [];
          for (let page = 1; (page - 1) * perPage < all.total; page++) {
            const p = store.searchIssues(request(page));
            expect(p.total).toBe(all.total);
            paged.push(...p.hits.map((h) => `${h.repo.id}#${(JSON.parse(h.document) as { number: number }).number}`));
          }
          expect(paged).toEqual(all.hits.map((h) => `${h.repo.id}#${(JSON.parse(h.document) as { number: number }).number}`));
          expect(all.hits.every((h) => h.score > 0)).toBe(true);
        } finally {
          store.close();
        }
      }),
      { numRuns: 80 },
    );
  });
});
