// GET /search/issues end to end: the real service and SQLite store over HTTP, on the repositories
// of test-support/server/search-repository.ts: the answer's shape, pages and ETags, what GitHub
// refuses, and private repositories no caller without access learns of.
import { describe, expect, it } from 'vitest';
import { SEARCH_NOT_VISIBLE, SEARCH_USERS_NOT_VISIBLE } from '../http/error-bodies';
import { BULK, BULK_COUNT } from '../../../test-support/server/search-repository';
import { auth, TOKENS } from '../../../test-support/server/test-service';
import { serveSearchRepositories, sorted, type Result } from '../../../test-support/server/search-fixture';

const svc = serveSearchRepositories();
const { search, searchUrl } = svc;

describe('GET /search/issues: the answer', () => {
  it("has GitHub's shape: total_count, incomplete_results false, items, search_type lexical", async () => {
    const { res, body } = await search('repo:search/lab is:issue');
    expect(Object.keys(body)).toEqual(['total_count', 'incomplete_results', 'items', 'search_type']);
    expect(body).toMatchObject({ total_count: 4, incomplete_results: false, search_type: 'lexical' });
    expect(res.headers.get('cache-control')).toBe('public, max-age=60, s-maxage=60');
    const mine = await fetch(searchUrl('repo:search/lab'), { headers: auth(TOKENS.bob) });
    expect(mine.headers.get('cache-control')).toBe('private, max-age=60, s-maxage=60');
  });

  it('pages with per_page (default 30, at most 100) and a Link with prev, next, last and first', async () => {
    const first = await fetch(searchUrl(`repo:${BULK.owner}/${BULK.name}`));
    const body = (await first.json()) as Result;
    expect(body.total_count).toBe(BULK_COUNT);
    expect(body.items).toHaveLength(30);
    expect(rels(first.headers.get('link'))).toEqual({ next: '2', last: '34' });
    const big = (await (await fetch(searchUrl('repo:search/bulk', { per_page: '500' }))).json()) as Result;
    expect(big.items).toHaveLength(100);
    const middle = await fetch(searchUrl('repo:search/bulk', { per_page: '100', page: '5' }));
    expect(rels(middle.headers.get('link'))).toEqual({ prev: '4', next: '6', last: '10', first: '1' });
    const link = middle.headers.get('link') ?? '';
    expect(new URL(/<([^>]+)>; rel="next"/.exec(link)?.[1] ?? '').searchParams.get('q')).toBe('repo:search/bulk');
  });

  it('answers no Link when everything fits one page, and [] past the last page', async () => {
    const one = await fetch(searchUrl('repo:search/lab'));
    expect(one.headers.get('link')).toBeNull();
    const past = (await (await fetch(searchUrl('repo:search/lab', { page: '3' }))).json()) as Result;
    expect(past).toMatchObject({ total_count: 6, items: [] });
  });

  it('gives a per-caller ETag and 304 on If-None-Match, a new ETag when the answer changes', async () => {
    const url = searchUrl('repo:search/lab crash');
    const a = await fetch(url);
    const etag = a.headers.get('etag');
    expect(etag).toMatch(/^W\/"[0-9a-f]{40}"$/);
    expect(a.headers.get('last-modified')).toBeNull();
    const again = await fetch(url, { headers: { 'If-None-Match': etag! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    const bob = await fetch(url, { headers: { ...auth(TOKENS.bob), 'If-None-Match': etag! } });
    expect(bob.status).toBe(200);
    const other = await fetch(searchUrl('repo:search/lab crash', { per_page: '2' }), { headers: { 'If-None-Match': etag! } });
    expect(other.status).toBe(200);
  });
});

describe('GET /search/issues: what GitHub refuses', () => {
  async function refused(url: string, headers: Record<string, string> = {}): Promise<{ status: number; text: string; body: { message: string; errors?: Array<Record<string, string>>; documentation_url: string; status: string } }> {
    const res = await fetch(url, { headers });
    const text = await res.text();
    return { status: res.status, text, body: JSON.parse(text) as never };
  }

  it.each([`/search/issues`, '/search/issues?q=', '/search/issues?q=%20&sort=created'])("answers %s with 422 Validation Failed, q missing", async (path) => {
    const { status, body } = await refused(`${svc.api}${path}`);
    expect(status).toBe(422);
    expect(body).toEqual({
      message: 'Validation Failed',
      errors: [{ resource: 'Search', field: 'q', code: 'missing' }],
      documentation_url: 'https://docs.github.com/v3/search',
      status: '422',
    });
  });

  it("answers a query the parser refuses with 422 and the parser's messages", async () => {
    const { status, body } = await refused(searchUrl('is:starred created:yesterday'));
    expect(status).toBe(422);
    expect(body.message).toBe('Validation Failed');
    expect(body.errors).toHaveLength(2);
    for (const e of body.errors ?? []) expect(e).toMatchObject({ resource: 'Search', field: 'q', code: 'invalid', message: expect.any(String) });
    expect(body.errors?.[0]?.message).toContain('is:starred');
    const unbalanced = await refused(searchUrl('(crash', { advanced_search: 'true' }));
    expect(unbalanced.status).toBe(422);
  });

  it("answers a page past the first 1000 results with GitHub's 422, and cuts the page that straddles them", async () => {
    const past = await refused(searchUrl('repo:search/bulk', { per_page: '100', page: '11' }));
    expect(past.status).toBe(422);
    expect(past.body).toEqual({ message: 'Only the first 1000 search results are available', documentation_url: 'https://docs.github.com/v3/search/', status: '422' });
    const lastReachable = await fetch(searchUrl('repo:search/bulk', { per_page: '100', page: '10' }));
    expect(((await lastReachable.json()) as Result).items).toHaveLength(100);
    expect(rels(lastReachable.headers.get('link'))).toEqual({ prev: '9', first: '1' });
    const straddling = await fetch(searchUrl('repo:search/bulk', { page: '34' }));
    const body = (await straddling.json()) as Result;
    expect(body.total_count).toBe(BULK_COUNT);
    expect(body.items).toHaveLength(10);
    expect(rels(straddling.headers.get('link'))).toEqual({ prev: '33', first: '1' });
    expect((await refused(searchUrl('repo:search/bulk', { page: '35' }))).status).toBe(422);
    // Even a search with few results: what decides is where the page starts.
    expect((await refused(searchUrl('repo:search/lab', { page: '1001', per_page: '1' }))).status).toBe(422);
  });

  it('answers @me as the caller, and refuses it without a token', async () => {
    const res = await fetch(searchUrl('repo:search/lab author:@me'), { headers: auth(TOKENS.alice) });
    expect(sorted(((await res.json()) as Result).items.map((i) => i.number))).toEqual([1, 5]);
    const anonymous = await refused(searchUrl('repo:search/lab author:@me'));
    expect(anonymous.status).toBe(422);
    expect(anonymous.body.errors).toEqual([{ message: SEARCH_USERS_NOT_VISIBLE, resource: 'Search', field: 'q', code: 'invalid' }]);
  });
});

describe('GET /search/issues: privacy', () => {
  it('answers repo: naming a private repository and a missing one with the same bytes', async () => {
    const bodies = new Set<string>();
    for (const [q, headers] of [
      ['repo:octo/secret', {}],
      ['repo:octo/nope', {}],
      ['repo:octo/secret', auth(TOKENS.bob)],
      ['repo:octo/nope', auth(TOKENS.bob)],
      ['repo:octo/hidden-new crash', auth(TOKENS.bob)],
      ['repo:octo/secret-not-here crash', auth(TOKENS.bob)],
    ] as const) {
      const res = await fetch(searchUrl(q), { headers });
      expect(res.status, q).toBe(422);
      bodies.add(await res.text());
    }
    expect(bodies.size).toBe(1);
    expect(JSON.parse([...bodies][0]!)).toEqual({
      message: 'Validation Failed',
      errors: [{ message: SEARCH_NOT_VISIBLE, resource: 'Search', field: 'q', code: 'invalid' }],
      documentation_url: 'https://docs.github.com/v3/search/',
      status: '422',
    });
  });

  it('refuses a private repository named alone, negated too (several named: search-scope.integration.test.ts)', async () => {
    for (const q of ['-repo:octo/secret crash', 'repo:octo/secret OR crash']) {
      expect((await fetch(searchUrl(q, { advanced_search: 'true' }))).status, q).toBe(422);
    }
  });

  it('never returns a private repository without repo: unless the token is granted it', async () => {
    for (const headers of [{}, auth(TOKENS.bob), auth(TOKENS.aliceSecond)]) {
      const { body } = await search('"secret plan"', { per_page: '100' }, headers);
      expect(body.total_count).toBe(0);
      const all = await search('is:open', { per_page: '100' }, headers);
      expect(all.body.items.some((i) => /octo\/(secret|hidden)/.test(i.repository_url))).toBe(false);
    }
    const alice = await search('"secret plan"', { per_page: '100' }, auth(TOKENS.alice));
    expect(alice.body.total_count).toBe(5);
    expect(new Set(alice.body.items.map((i) => new URL(i.repository_url).pathname))).toEqual(new Set(['/api/repos/octo/secret']));
    const named = await search('repo:octo/secret plan', {}, auth(TOKENS.alice));
    expect(named.body.total_count).toBe(5);
  });
});

function rels(link: string | null): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of (link ?? '').matchAll(/<([^>]+)>;\s*rel="([^"]+)"/g)) out[m[2]!] = new URL(m[1]!).searchParams.get('page') ?? '';
  return out;
}
