import { describe, expect, it } from 'vitest';
import { cyclePath } from './load';
import { likePattern } from './like-scan-server';
import { searchLimitArgs } from './peer-servers';
import { coldCycle, NONCE_PARAM, pagesWithResults, searchCases, searchPath, UNCACHED_PAGES, uncachedCycle } from './search-queries';

describe('searchCases', () => {
  it('scopes every query to the bench repository, the phrase quoted', () => {
    const cases = searchCases({ owner: 'bench', name: 'big' });
    expect(cases.map((c) => c.key)).toEqual(['word', 'phrase', 'qualifiers']);
    expect(cases.every((c) => c.q.startsWith('repo:bench/big '))).toBe(true);
    expect(cases[1]?.q).toMatch(/^repo:bench\/big "[a-z]+ [a-z]+"$/);
    expect(cases[2]?.q).toBe('repo:bench/big label:bug is:open');
  });
});

describe('searchPath', () => {
  it('encodes the query as GitHub clients send it, page 1 unstated', () => {
    expect(searchPath('repo:bench/big "link header"')).toBe('/api/search/issues?q=repo%3Abench%2Fbig%20%22link%20header%22');
    expect(searchPath('repo:a/b x', 7)).toBe('/api/search/issues?q=repo%3Aa%2Fb%20x&page=7');
  });
});

describe('uncachedCycle', () => {
  it('walks every page within the first 1,000 results of 30 per page', () => {
    const cycle = uncachedCycle('repo:a/b x');
    expect(cycle.paths).toHaveLength(UNCACHED_PAGES);
    expect(UNCACHED_PAGES * 30).toBeLessThanOrEqual(1000);
    expect((UNCACHED_PAGES + 1) * 30).toBeGreaterThan(1000);
    expect(cycle.paths[0]).toBe(searchPath('repo:a/b x'));
    expect(cycle.paths[UNCACHED_PAGES - 1]).toBe(searchPath('repo:a/b x', UNCACHED_PAGES));
  });

  it('never sends the same URL twice, within a run or across runs', () => {
    const cycle = uncachedCycle('repo:a/b x');
    const urls = new Set<string>();
    for (const run of ['1.1', '1.2']) for (let i = 0; i < 3 * UNCACHED_PAGES; i++) urls.add(cyclePath(cycle, run, i));
    expect(urls.size).toBe(6 * UNCACHED_PAGES);
    expect(cyclePath(cycle, '9.3', UNCACHED_PAGES + 1)).toBe(`${searchPath('repo:a/b x', 2)}&${NONCE_PARAM}=9.3-${UNCACHED_PAGES + 1}`);
  });
});

describe('pagesWithResults', () => {
  it('walks only pages that hold results, never past the 33 GitHub serves', () => {
    expect(pagesWithResults(27_000)).toBe(UNCACHED_PAGES);
    expect(pagesWithResults(990)).toBe(33);
    expect(pagesWithResults(169)).toBe(6);
    expect(pagesWithResults(30)).toBe(1);
    expect(pagesWithResults(0)).toBe(1);
  });
});

describe('cyclePath', () => {
  it('repeats the paths as they are without a nonce parameter', () => {
    expect([0, 1, 2].map((i) => cyclePath({ paths: ['/a', '/b'] }, 'r', i))).toEqual(['/a', '/b', '/a']);
  });

  it('starts the query string when a path has none', () => {
    expect(cyclePath({ paths: ['/a'], nonceParam: 'n' }, 'r', 4)).toBe('/a?n=r-4');
  });
});

describe('likePattern', () => {
  it('finds the word anywhere, its % and _ taken literally', () => {
    expect(likePattern('sql')).toBe('%sql%');
    expect(likePattern('100%_done\\')).toBe('%100\\%\\_done\\\\%');
  });
});

describe('searchLimitArgs', () => {
  it('lifts the search limits only where serve knows the flags', () => {
    expect(searchLimitArgs("'--search-auth-limit'")).toContain('--search-unauth-limit');
    expect(searchLimitArgs("'--auth-limit'")).toEqual([]);
  });
});

describe('coldCycle', () => {
  it('asks the same word as a different query every time, each selecting what the word selects', () => {
    const cycle = coldCycle('repo:bench/big sql', 3);
    expect(cycle.paths).toHaveLength(3);
    expect(new Set(cycle.paths).size).toBe(3);
    for (const p of cycle.paths) expect(decodeURIComponent(p)).toMatch(/^\/api\/search\/issues\?q=repo:bench\/big sql -author:bench-cold-\d+$/);
  });
});
