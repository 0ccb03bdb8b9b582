// GET /search/issues end to end: the real service and SQLite store over HTTP, each qualifier
// against a repository written so that each selects a known set (test-support/server/search-repository.ts):
// what a query selects, with words, qualifiers and advanced search, and in which order.
import { describe, expect, it } from 'vitest';
import { serveSearchRepositories, sorted } from '../../../test-support/server/search-fixture';

const { search } = serveSearchRepositories();

/** The numbers `q` selects in search/lab, in the answer's order. */
async function lab(q: string, extra: Record<string, string> = {}): Promise<number[]> {
  const { body } = await search(`repo:search/lab ${q}`, { per_page: '100', ...extra });
  expect(body.total_count).toBe(body.items.length);
  return body.items.map((i) => i.number);
}

describe('GET /search/issues: qualifiers', () => {
  it.each([
    ['', [1, 2, 3, 4, 5, 6]],
    ['is:issue', [1, 2, 3, 6]],
    ['is:pr', [4, 5]],
    ['is:open', [1, 2, 5, 6]],
    ['is:closed', [3, 4]],
    ['state:closed', [3, 4]],
    ['is:issue is:closed', [3]],
    ['label:bug', [1, 3, 4]],
    ['label:bug label:"good first issue"', [1]],
    ['label:"good first issue"', [1]],
    ['-label:bug', [2, 5, 6]],
    ['label:bug,docs', [1, 3, 4, 5]],
    ['no:label', [6]],
    ['no:assignee', [2, 4, 6]],
    ['no:milestone', [2, 5, 6]],
    ['author:alice', [1, 5]],
    ['-author:alice', [2, 3, 4, 6]],
    ['assignee:alice', [3]],
    ['mentions:dave', [1]],
    ['commenter:bob', [3]],
    ['commenter:frank', [4, 6]],
    ['involves:bob', [2, 3, 5]],
    ['milestone:v1.0', [1, 3]],
    ['milestone:"v1.1"', [4]],
    ['created:>2024-03-01', [4, 5, 6]],
    ['created:>=2024-03-01', [3, 4, 5, 6]],
    ['created:<2024-02-15', [1]],
    ['created:<=2024-02-15', [1, 2]],
    ['created:2024-02-01..2024-03-05', [2, 3]],
    ['created:2024-03-01..*', [3, 4, 5, 6]],
    ['created:*..2024-02-15', [1, 2]],
    ['updated:>=2024-04-01', [5, 6]],
    ['closed:2024-03-05', [3]],
    ['closed:>2024-03-06', [4]],
    ['comments:>2', [4, 6]],
    ['comments:>=5', [4]],
    ['comments:<1', [2, 5]],
    ['comments:<=1', [2, 3, 5]],
    ['comments:1..3', [1, 3, 6]],
    ['comments:0', [2, 5]],
  ])('%s selects %j', async (q, expected) => {
    expect(sorted(await lab(q))).toEqual(expected);
  });
});

describe('GET /search/issues: words, phrases and where they are looked for', () => {
  it.each([
    ['crash', [1, 4, 5, 6]],
    ['crash in:title', [1, 4]],
    ['crash in:body', [5]],
    ['crash in:comments', [6]],
    ['crash in:title,body', [1, 4, 5]],
    ['CRASH startup', [1, 4, 5]],
    ['"crash on startup"', [4]],
    ['"startup crash"', []],
    ['"startup guide"', [5]],
    ['crash is:pr is:open', [5]],
    ['-crash', [2, 3]],
    ['nightly', [1]],
    ['windows -label:"good first issue"', [3]],
  ])('%s selects %j', async (q, expected) => {
    expect(sorted(await lab(q))).toEqual(expected);
  });

  it('searches every repository the caller may see without repo:, each entry with its own repository in its URLs', async () => {
    const { body } = await search('label:docs is:open -repo:search/bulk', { per_page: '100' });
    const repos = new Set(body.items.map((i) => new URL(i.repository_url).pathname));
    expect(repos).toEqual(new Set(['/api/repos/search/lab', '/api/repos/octo/hello']));
    for (const item of body.items) {
      const repoPath = new URL(item.repository_url).pathname.replace('/api/repos/', '');
      expect(item.url).toBe(`${item.repository_url}/issues/${item.number}`);
      expect(new URL(item.html_url).pathname).toMatch(new RegExp(`^/${repoPath}/(issues|pull)/${item.number}$`));
    }
  });
});

describe('GET /search/issues: order', () => {
  it('ranks by best match by default, with scores', async () => {
    const { body } = await search('repo:search/lab crash');
    expect(body.items.every((i) => typeof i.score === 'number' && Number.isFinite(i.score))).toBe(true);
    const scores = body.items.map((i) => i.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it('sorts by the sort and order parameters, desc by default', async () => {
    expect(await lab('', { sort: 'created', order: 'asc' })).toEqual([1, 2, 3, 4, 5, 6]);
    expect(await lab('', { sort: 'created' })).toEqual([6, 5, 4, 3, 2, 1]);
    expect(await lab('', { sort: 'updated', order: 'desc' })).toEqual([6, 5, 4, 3, 2, 1]);
    expect(await lab('is:issue comments:>0', { sort: 'comments', order: 'desc' })).toEqual([6, 1, 3]);
  });

  it('lets sort: in the query win over the parameters', async () => {
    expect(await lab('sort:created-asc', { sort: 'updated', order: 'desc' })).toEqual([1, 2, 3, 4, 5, 6]);
    expect(await lab('is:issue comments:>0 sort:comments-asc')).toEqual([3, 1, 6]);
  });

  it('answers a sort it does not keep (reactions, interactions) in best-match order rather than refusing it', async () => {
    const { body } = await search('repo:search/lab crash', { sort: 'reactions' });
    expect(body.total_count).toBe(4);
  });
});

describe('GET /search/issues: advanced search', () => {
  it.each([
    ['(label:docs OR author:carol)', [3, 5]],
    ['is:pr AND (crash OR guide)', [4, 5]],
    ['label:bug AND (is:open OR comments:>4)', [1, 4]],
    ['-(label:bug OR label:docs)', [2, 6]],
    ['(author:alice OR author:bob) is:issue', [1, 2]],
  ])('with advanced_search=true, %s selects %j', async (q, expected) => {
    expect(sorted(await lab(q, { advanced_search: 'true' }))).toEqual(expected);
  });

  it('reads OR as a word without advanced_search', async () => {
    expect(await lab('label:docs OR author:carol')).toEqual([]);
  });
});

describe('GET /search/issues: word forms (issue 45)', () => {
  // GitHub's issue search takes a word and its plural for one another (docs/search.md, "Words and
  // their forms"); a quoted word or phrase is exact.
  it.each([
    ['stop', [1, 3]],
    ['stops', [1, 3]],
    ['"stop"', []],
    ['"stops"', [1, 3]],
    ['crashes', [1, 4, 5, 6]],
    ['"crashes"', []],
    ['installers', [3]],
    ['log', [3]],
    ['log in:title,body', []],
    ['pages', [2, 6]],
    ['setting', [2, 6]],
    ['fix', [4]],
    ['"stops when"', [1]],
    ['"stop when"', []],
    ['-stop', [2, 4, 5, 6]],
    ['NOT "stop"', [1, 2, 3, 4, 5, 6]],
  ])('%s selects %j', async (q, expected) => {
    expect(sorted(await lab(q))).toEqual(expected);
  });

  it('finds the other forms under OR with advanced search too', async () => {
    expect(sorted(await lab('(stop OR logs) is:issue', { advanced_search: 'true' }))).toEqual([1, 3]);
  });
});
