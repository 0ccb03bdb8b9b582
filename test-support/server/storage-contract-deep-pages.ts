/**
 * The storage contract on deep pages: an engine may start them from remembered keyset
 * boundaries rather than walk every entry before them (store/keyset-boundaries.ts), and they
 * must still hold exactly the entries a sort-filter-slice gives, for every filter, order, page
 * size and depth, and for comments as for issues.
 */
import fc from 'fast-check';
import { describe, expect } from 'vitest';
import type { ListParams, RepoCommentParams } from '../../src/shared/list-params';
import type { Storage } from '../../src/server/store/storage';
import { DEEP_BASE_MS, DEEP_ISSUES, DEEP_LABELS, DEEP_LOGINS, deepRowsOf, expectedDeepPage, iso, makeDeepData } from './deep-page-data';
import { NOW, PUBLIC, type WithStorage } from './storage-under-test';

const idsOf = (docs: string[]) => docs.map((d) => (JSON.parse(d) as { id: number }).id);
const numbersOf = (docs: string[]) => docs.map((d) => (JSON.parse(d) as { number: number }).number);

/** Mostly absent, so many lists are long enough for deep pages. */
function mostlyNull<T>(arb: fc.Arbitrary<T>): fc.Arbitrary<T | null> {
  return fc.oneof({ arbitrary: fc.constant(null), weight: 3 }, { arbitrary: arb, weight: 1 });
}

const listParams = fc.record({
  state: fc.constantFrom('open', 'closed', 'all'),
  sort: fc.constantFrom('created', 'updated', 'comments'),
  direction: fc.constantFrom('asc', 'desc'),
  labels: fc.oneof({ arbitrary: fc.constant<string[]>([]), weight: 3 }, { arbitrary: fc.subarray(DEEP_LABELS, { minLength: 1, maxLength: 2 }), weight: 1 }),
  since: mostlyNull(fc.constantFrom(iso(DEEP_BASE_MS + 10 * 3600_000), iso(DEEP_BASE_MS + 30 * 3600_000))),
  creator: mostlyNull(fc.constantFrom(...DEEP_LOGINS)),
  assignee: mostlyNull(fc.constantFrom('*', 'none', ...DEEP_LOGINS)),
  mentioned: fc.constant(null),
  milestone: mostlyNull(fc.constantFrom('*', 'none', '1', '2')),
  perPage: fc.constantFrom(1, 7, 30, 100),
  // thousandths of the way to the last page, a little past it too; unbiased, so deep pages are common
  depth: fc.noBias(fc.integer({ min: 0, max: 1100 })),
});

export function describeDeepPageContract(engine: string, withStorage: WithStorage): void {
  describe(`${engine} storage: deep pages`, () => {
    const data = makeDeepData(7, DEEP_ISSUES);
    const rows = deepRowsOf(data.issues);
    const seeded = async (s: Storage) => (await s.importIssues(PUBLIC, data.issues, data.comments, NOW)).repo.id;

    withStorage('hold exactly the issues of a sort-filter-slice, for any filters, order, page size and depth', async (s) => {
      const id = await seeded(s);
      await fc.assert(
        fc.asyncProperty(listParams, async ({ depth, ...p }) => {
          const all = expectedDeepPage(rows, { ...p, page: 1, perPage: 100 }).total;
          const lastPage = Math.max(1, Math.ceil(all / p.perPage));
          const params: ListParams = { ...p, page: Math.max(1, Math.ceil((depth / 1000) * lastPage)) };
          const got = await s.listIssues(id, params);
          const want = expectedDeepPage(rows, params);
          expect(got.total).toBe(want.total);
          expect(numbersOf(got.documents)).toEqual(want.numbers);
        }),
        { numRuns: 300, seed: 20261123 },
      );
    });

    withStorage('give every issue exactly once when walking all pages in both directions', async (s) => {
      const id = await seeded(s);
      for (const direction of ['asc', 'desc'] as const) {
        for (const perPage of [3, 64]) {
          const seen: number[] = [];
          for (let page = 1; page <= Math.ceil(DEEP_ISSUES / perPage) + 1; page++) {
            const params: ListParams = { state: 'all', sort: 'comments', direction, labels: [], since: null, creator: null, assignee: null, mentioned: null, milestone: null, page, perPage };
            seen.push(...numbersOf((await s.listIssues(id, params)).documents));
          }
          expect(seen.length).toBe(DEEP_ISSUES);
          expect(new Set(seen).size).toBe(DEEP_ISSUES);
        }
      }
    });

    withStorage('page comments of an issue and of the repository exactly like a sort-slice', async (s) => {
      const id = await seeded(s);
      const ofIssue1 = data.comments
        .filter((c) => c.issue_url.endsWith('/issues/1'))
        .sort((a, b) => (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : a.id - b.id))
        .map((c) => c.id);
      for (const [page, perPage] of [[1, 100], [2, 100], [3, 100], [7, 37], [26, 10], [27, 10]] as const) {
        const got = await s.listComments(id, 1, { page, perPage, since: null });
        expect(idsOf(got.documents)).toEqual(ofIssue1.slice((page - 1) * perPage, page * perPage));
      }
      for (const sort of ['created', 'updated'] as const) {
        for (const direction of ['asc', 'desc'] as const) {
          const field = sort === 'created' ? 'created_at' : 'updated_at';
          const sign = direction === 'asc' ? 1 : -1;
          const all = [...data.comments].sort((a, b) => sign * (a[field] < b[field] ? -1 : a[field] > b[field] ? 1 : a.id - b.id)).map((c) => c.id);
          for (const [page, perPage] of [[1, 100], [3, 100], [4, 100], [11, 29]] as const) {
            const params: RepoCommentParams = { page, perPage, since: null, sort, direction };
            expect(idsOf((await s.listRepoComments(id, params)).documents)).toEqual(all.slice((page - 1) * perPage, page * perPage));
          }
        }
      }
    });

    withStorage('follow an import into the list, not the boundaries remembered before it', async (s) => {
      const id = await seeded(s);
      const params: ListParams = { state: 'all', sort: 'created', direction: 'desc', labels: [], since: null, creator: null, assignee: null, mentioned: null, milestone: null, page: 4, perPage: 100 };
      expect(numbersOf((await s.listIssues(id, params)).documents)).toEqual(expectedDeepPage(rows, params).numbers);

      // Newer issues push every later entry down: boundaries remembered above would now start pages in the wrong place.
      const more = makeDeepData(99, DEEP_ISSUES + 150).issues.slice(DEEP_ISSUES).map((i) => ({ ...i, created_at: iso(DEEP_BASE_MS + 20 * 3600_000) }));
      await s.importIssues(PUBLIC, more, [], NOW);
      const got = await s.listIssues(id, params);
      expect(got.total).toBe(DEEP_ISSUES + 150);
      expect(numbersOf(got.documents)).toEqual(expectedDeepPage(deepRowsOf([...data.issues, ...more]), params).numbers);
    });
  });
}
