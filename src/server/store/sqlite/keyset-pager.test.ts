// Deep pages start from remembered keyset boundaries, not OFFSET walks: they must hold exactly
// the entries a plain sort-filter-slice gives, for every filter, order and page size.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListParams, RepoCommentParams } from '../../../shared/list-params';
import type { ImportedComment, ImportedIssue } from '../import-schema';
import type { SqliteStore } from './sqlite-store';
import { openSqliteStore } from './sqlite-store';

const ISSUES = 450;
const LABELS = ['bug', 'docs', 'perf'];
const LOGINS = ['ann', 'ben', 'cat'];
const BASE_MS = Date.UTC(2024, 0, 1);
const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');

/** A small deterministic generator; timestamps and comment counts repeat a lot, so ties must be broken by number. */
function prng(seed: number): (n: number) => number {
  let s = seed;
  return (n) => {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    return s % n;
  };
}

function makeData(seed: number, count: number): { issues: ImportedIssue[]; comments: ImportedComment[] } {
  const rand = prng(seed);
  const issues = Array.from({ length: count }, (_, i): ImportedIssue => {
    const created = BASE_MS + rand(40) * 3600_000;
    return {
      number: i + 1,
      title: `Issue ${i + 1}`,
      user: { login: LOGINS[rand(3)]! },
      labels: LABELS.filter(() => rand(3) === 0),
      state: rand(3) === 0 ? 'closed' : 'open',
      locked: false,
      assignees: rand(2) === 0 ? [{ login: LOGINS[rand(3)]! }] : [],
      milestone: rand(4) === 0 ? { number: 1 + rand(2), title: 'M' } : null,
      comments: rand(4),
      created_at: iso(created),
      updated_at: iso(created + rand(30) * 3600_000),
      body: 'text',
    };
  });
  const comments = Array.from({ length: 320 }, (_, i): ImportedComment => {
    const created = BASE_MS + rand(25) * 3600_000;
    // Most comments on issue 1, so its own list has deep pages too.
    const issue = i < 260 ? 1 : 2 + rand(count - 1);
    return {
      id: 5000 + i,
      issue_url: `https://api.github.com/repos/o/r/issues/${issue}`,
      user: { login: 'ann' },
      created_at: iso(created),
      updated_at: iso(created + rand(10) * 3600_000),
      body: 'c',
    };
  });
  return { issues, comments };
}

type Row = { number: number; state: string; created: string; updated: string; comments: number; creator: string; labels: string[]; assignees: string[]; milestone: number | null };

function rowsOf(issues: ImportedIssue[]): Row[] {
  return issues.map((i) => ({
    number: i.number,
    state: i.state,
    created: i.created_at,
    updated: i.updated_at,
    comments: i.comments,
    creator: i.user?.login ?? '',
    labels: i.labels.map((l) => (typeof l === 'string' ? l : l.name)),
    assignees: (i.assignees ?? []).map((a) => a.login),
    milestone: i.milestone?.number ?? null,
  }));
}

/** The reference: filter and sort in memory, then slice. */
function expectedIssues(rows: Row[], p: ListParams): { total: number; numbers: number[] } {
  const key = (r: Row): string | number => (p.sort === 'created' ? r.created : p.sort === 'updated' ? r.updated : r.comments);
  const selected = rows.filter(
    (r) =>
      (p.state === 'all' || r.state === p.state) &&
      (p.since === null || r.updated >= p.since) &&
      (p.creator === null || r.creator === p.creator) &&
      (p.assignee === null || (p.assignee === '*' ? r.assignees.length > 0 : p.assignee === 'none' ? r.assignees.length === 0 : r.assignees.includes(p.assignee))) &&
      (p.milestone === null || (p.milestone === '*' ? r.milestone !== null : p.milestone === 'none' ? r.milestone === null : r.milestone === Number(p.milestone))) &&
      p.labels.every((l) => r.labels.includes(l)),
  );
  const sign = p.direction === 'asc' ? 1 : -1;
  selected.sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    return sign * (ka < kb ? -1 : ka > kb ? 1 : a.number - b.number);
  });
  const start = (p.page - 1) * p.perPage;
  return { total: selected.length, numbers: selected.slice(start, start + p.perPage).map((r) => r.number) };
}

const numbersOf = (docs: string[]) => docs.map((d) => (JSON.parse(d) as { number: number }).number);
const idsOf = (docs: string[]) => docs.map((d) => (JSON.parse(d) as { id: number }).id);

let dir: string;
let store: SqliteStore;
let data: ReturnType<typeof makeData>;
let repoId: number;

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'issuescope-keyset-'));
  store = openSqliteStore(path.join(dir, 'k.db'));
  data = makeData(7, ISSUES);
  repoId = store.importIssues({ owner: 'o', name: 'r', makePrivate: false }, data.issues, data.comments, BASE_MS).repo.id;
});
afterAll(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Mostly absent, so many lists are long enough for deep pages. */
function mostlyNull<T>(arb: fc.Arbitrary<T>): fc.Arbitrary<T | null> {
  return fc.oneof({ arbitrary: fc.constant(null), weight: 3 }, { arbitrary: arb, weight: 1 });
}

const listParams = fc.record({
  state: fc.constantFrom('open', 'closed', 'all'),
  sort: fc.constantFrom('created', 'updated', 'comments'),
  direction: fc.constantFrom('asc', 'desc'),
  labels: fc.oneof({ arbitrary: fc.constant<string[]>([]), weight: 3 }, { arbitrary: fc.subarray(LABELS, { minLength: 1, maxLength: 2 }), weight: 1 }),
  since: mostlyNull(fc.constantFrom(iso(BASE_MS + 10 * 3600_000), iso(BASE_MS + 30 * 3600_000))),
  creator: mostlyNull(fc.constantFrom(...LOGINS)),
  assignee: mostlyNull(fc.constantFrom('*', 'none', ...LOGINS)),
  mentioned: fc.constant(null),
  milestone: mostlyNull(fc.constantFrom('*', 'none', '1', '2')),
  perPage: fc.constantFrom(1, 7, 30, 100),
  // thousandths of the way to the last page, a little past it too; unbiased, so deep pages are common
  depth: fc.noBias(fc.integer({ min: 0, max: 1100 })),
});

describe('deep pages from keyset boundaries', () => {
  it('hold exactly the issues of a sort-filter-slice, for any filters, order, page size and depth', () => {
    const rows = rowsOf(data.issues);
    fc.assert(
      fc.property(listParams, ({ depth, ...p }) => {
        const all = expectedIssues(rows, { ...p, page: 1, perPage: 100 }).total;
        const lastPage = Math.max(1, Math.ceil(all / p.perPage));
        const page = Math.max(1, Math.ceil((depth / 1000) * lastPage));
        const params: ListParams = { ...p, page };
        const got = store.listIssues(repoId, params);
        const want = expectedIssues(rows, params);
        expect(got.total).toBe(want.total);
        expect(numbersOf(got.documents)).toEqual(want.numbers);
      }),
      { numRuns: 300, seed: 20261123 },
    );
  });

  it('give every issue exactly once when walking all pages in both directions', () => {
    for (const direction of ['asc', 'desc'] as const) {
      for (const perPage of [3, 64]) {
        const seen: number[] = [];
        for (let page = 1; page <= Math.ceil(ISSUES / perPage) + 1; page++) {
          const params: ListParams = { state: 'all', sort: 'comments', direction, labels: [], since: null, creator: null, assignee: null, mentioned: null, milestone: null, page, perPage };
          seen.push(...numbersOf(store.listIssues(repoId, params).documents));
        }
        expect(seen.length).toBe(ISSUES);
        expect(new Set(seen).size).toBe(ISSUES);
      }
    }
  });

  it('page comments of an issue and of the repository exactly like a sort-slice', () => {
    const ofIssue1 = data.comments
      .filter((c) => c.issue_url.endsWith('/issues/1'))
      .sort((a, b) => (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : a.id - b.id))
      .map((c) => c.id);
    for (const [page, perPage] of [[1, 100], [2, 100], [3, 100], [7, 37], [26, 10], [27, 10]] as const) {
      const got = store.listComments(repoId, 1, { page, perPage, since: null });
      expect(idsOf(got.documents)).toEqual(ofIssue1.slice((page - 1) * perPage, page * perPage));
    }
    for (const sort of ['created', 'updated'] as const) {
      for (const direction of ['asc', 'desc'] as const) {
        const field = sort === 'created' ? 'created_at' : 'updated_at';
        const sign = direction === 'asc' ? 1 : -1;
        const all = [...data.comments].sort((a, b) => sign * (a[field] < b[field] ? -1 : a[field] > b[field] ? 1 : a.id - b.id)).map((c) => c.id);
        for (const [page, perPage] of [[1, 100], [3, 100], [4, 100], [11, 29]] as const) {
          const params: RepoCommentParams = { page, perPage, since: null, sort, direction };
          expect(idsOf(store.listRepoComments(repoId, params).documents)).toEqual(all.slice((page - 1) * perPage, page * perPage));
        }
      }
    }
  });

  it('follow an import made through another connection, not the boundaries remembered before it', () => {
    const params: ListParams = { state: 'all', sort: 'created', direction: 'desc', labels: [], since: null, creator: null, assignee: null, mentioned: null, milestone: null, page: 4, perPage: 100 };
    expect(numbersOf(store.listIssues(repoId, params).documents)).toEqual(expectedIssues(rowsOf(data.issues), params).numbers);

    // Newer issues push every later entry down: boundaries remembered above would now start pages in the wrong place.
    const more = makeData(99, ISSUES + 150).issues.slice(ISSUES).map((i) => ({ ...i, created_at: iso(BASE_MS + 20 * 3600_000) }));
    const other = openSqliteStore(path.join(dir, 'k.db'));
    other.importIssues({ owner: 'o', name: 'r', makePrivate: false }, more, [], BASE_MS);
    other.close();

    const now = expectedIssues(rowsOf([...data.issues, ...more]), params);
    const got = store.listIssues(repoId, params);
    expect(got.total).toBe(ISSUES + 150);
    expect(numbersOf(got.documents)).toEqual(now.numbers);
  });
});
