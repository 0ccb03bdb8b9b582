/**
 * Test-only: what the GET /search/issues integration tests share (search-queries, search-responses):
 * a service with the search repositories imported (test-support/server/search-repository.ts),
 * started once per test file, and the searches asked of it.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import { openCommandStorage } from '../../src/server/store/open-storage';
import type { IssueWriter } from '../../src/server/store/storage';
import { importSearchRepositories } from './search-repository';
import { startTestService, type TestService } from './test-service';

interface Item {
  number: number;
  html_url: string;
  repository_url: string;
  url: string;
  score: number;
}
export interface Result {
  total_count: number;
  incomplete_results: boolean;
  items: Item[];
  search_type: string;
}

export interface SearchService {
  /** the service's API root, once beforeAll has started it */
  readonly api: string;
  searchUrl(q: string, extra?: Record<string, string>): string;
  /** asks, and expects a 200 */
  search(q: string, extra?: Record<string, string>, headers?: Record<string, string>): Promise<{ res: Response; body: Result }>;
}

/**
 * Registers the calling test file's hooks: the service starts in beforeAll and closes in afterAll.
 * `alsoImport` adds the calling file's own repositories to the search repositories.
 */
export function serveSearchRepositories(alsoImport?: (store: Pick<IssueWriter, 'importIssues'>, nowMs: number) => Promise<void>): SearchService {
  let svc: TestService | undefined;
  beforeAll(async () => {
    svc = await startTestService({ limits: { searchUnauthLimit: 100_000, searchAuthLimit: 100_000, unauthLimit: 100_000 } });
    const store = await openCommandStorage(svc.dbFile);
    await importSearchRepositories(store, Date.now());
    await alsoImport?.(store, Date.now());
    await store.close();
  });
  afterAll(() => svc?.close());

  const api = (): string => {
    if (!svc) throw new Error('the search service starts in beforeAll');
    return svc.api;
  };

  function searchUrl(q: string, extra: Record<string, string> = {}): string {
    return `${api()}/search/issues?${new URLSearchParams({ q, ...extra }).toString()}`;
  }

  async function search(q: string, extra: Record<string, string> = {}, headers: Record<string, string> = {}): Promise<{ res: Response; body: Result }> {
    const res = await fetch(searchUrl(q, extra), { headers });
    expect(res.status, `${q} ${JSON.stringify(extra)}`).toBe(200);
    return { res, body: (await res.json()) as Result };
  }

  return {
    get api() {
      return api();
    },
    searchUrl,
    search,
  };
}

export const sorted = (ns: number[]) => [...ns].sort((a, b) => a - b);
