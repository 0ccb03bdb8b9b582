// Deep pages start from remembered keyset boundaries, not OFFSET walks. The storage contract
// (test-support/server/storage-contract-deep-pages.ts) holds them to a sort-filter-slice on
// every engine; this is what only SQLite has: another connection's write, seen by data_version.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListParams } from '../../../shared/list-params';
import { DEEP_BASE_MS, DEEP_ISSUES, deepRowsOf, expectedDeepPage, iso, makeDeepData } from '../../../../test-support/server/deep-page-data';
import type { SqliteStorage } from './sqlite-storage';
import { openSqliteStorage } from './sqlite-storage';

const numbersOf = (docs: string[]) => docs.map((d) => (JSON.parse(d) as { number: number }).number);
const REPO = { owner: 'o', name: 'r', makePrivate: false };

let dir: string;
let store: SqliteStorage;
let data: ReturnType<typeof makeDeepData>;
let repoId: number;

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'issuescope-keyset-'));
  store = openSqliteStorage(path.join(dir, 'k.db'));
  data = makeDeepData(7, DEEP_ISSUES);
  repoId = store.importIssues(REPO, data.issues, data.comments, DEEP_BASE_MS).repo.id;
});
afterAll(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('deep pages from keyset boundaries', () => {
  it('follow an import made through another connection, not the boundaries remembered before it', () => {
    const params: ListParams = { state: 'all', sort: 'created', direction: 'desc', labels: [], since: null, creator: null, assignee: null, mentioned: null, milestone: null, page: 4, perPage: 100 };
    expect(numbersOf(store.listIssues(repoId, params).documents)).toEqual(expectedDeepPage(deepRowsOf(data.issues), params).numbers);

    // Newer issues push every later entry down: boundaries remembered above would now start pages in the wrong place.
    const more = makeDeepData(99, DEEP_ISSUES + 150).issues.slice(DEEP_ISSUES).map((i) => ({ ...i, created_at: iso(DEEP_BASE_MS + 20 * 3600_000) }));
    const other = openSqliteStorage(path.join(dir, 'k.db'));
    other.importIssues(REPO, more, [], DEEP_BASE_MS);
    other.close();

    const got = store.listIssues(repoId, params);
    expect(got.total).toBe(DEEP_ISSUES + 150);
    expect(numbersOf(got.documents)).toEqual(expectedDeepPage(deepRowsOf([...data.issues, ...more]), params).numbers);
  });
});
