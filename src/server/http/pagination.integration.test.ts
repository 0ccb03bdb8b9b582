// Spec 4.2: Link rels, walking every issue exactly once, `last` of the filtered list.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Issue } from '../../shared/wire-types';
import { auth, startTestService, TOKENS, type TestService } from '../../../test-support/server/test-service';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService({ limits: { unauthLimit: 10_000 } });
});
afterAll(() => svc.close());

function rels(link: string | null): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of (link ?? '').matchAll(/<([^>]+)>;\s*rel="([^"]+)"/g)) out[m[2]!] = m[1]!;
  return out;
}

function relOrder(link: string | null): string[] {
  return [...(link ?? '').matchAll(/rel="([^"]+)"/g)].map((m) => m[1]!);
}

/** Follows rel="next" from a first URL, as spec 4.2.3 tells clients to. */
async function walk(first: string, headers: Record<string, string> = {}): Promise<{ numbers: number[]; requests: number }> {
  const numbers: number[] = [];
  let url: string | undefined = first;
  let requests = 0;
  while (url) {
    const res: Response = await fetch(url, { headers });
    requests++;
    expect(res.status).toBe(200);
    const page = (await res.json()) as Issue[];
    if (page.length === 0) break; // spec 8.8: stop at the first empty array
    numbers.push(...page.map((i) => i.number));
    url = rels(res.headers.get('link')).next;
    expect(requests).toBeLessThan(200);
  }
  return { numbers, requests };
}

describe('pagination (spec 4.2)', () => {
  it('walks every issue exactly once by following rel="next", at several page sizes', async () => {
    for (const perPage of [1, 7, 30, 74, 75, 100]) {
      const { numbers, requests } = await walk(`${svc.api}/repos/octo/hello/issues?state=all&per_page=${perPage}`);
      expect(numbers.length, `per_page=${perPage}`).toBe(75);
      expect(new Set(numbers).size).toBe(75);
      expect(requests).toBe(Math.ceil(75 / perPage));
    }
  });

  it('walks a filtered list exactly once, authenticated too', async () => {
    const all = await walk(`${svc.api}/repos/octo/hello/issues?state=open&labels=bug&per_page=100`, auth(TOKENS.bob));
    const paged = await walk(`${svc.api}/repos/octo/hello/issues?state=open&labels=bug&per_page=2`, auth(TOKENS.bob));
    expect(paged.numbers).toEqual(all.numbers);
    expect(all.numbers.length).toBeGreaterThan(2);
  });

  it('sends rels in GitHub order: prev, next, last, first', async () => {
    const first = await fetch(`${svc.api}/repos/octo/hello/issues?state=all&per_page=10`);
    expect(relOrder(first.headers.get('link'))).toEqual(['next', 'last']);
    const middle = await fetch(`${svc.api}/repos/octo/hello/issues?state=all&per_page=10&page=3`);
    expect(relOrder(middle.headers.get('link'))).toEqual(['prev', 'next', 'last', 'first']);
    const last = await fetch(`${svc.api}/repos/octo/hello/issues?state=all&per_page=10&page=8`);
    expect(relOrder(last.headers.get('link'))).toEqual(['prev', 'first']);
  });

  it('keeps the other query parameters and updates page and per_page in each rel (4.2.2)', async () => {
    const res = await fetch(`${svc.api}/repos/octo/hello/issues?state=all&labels=bug&sort=updated&per_page=2&page=2`);
    const r = rels(res.headers.get('link'));
    for (const [rel, page] of [['prev', '1'], ['next', '3'], ['first', '1']] as const) {
      const u = new URL(r[rel]!);
      expect(u.origin + u.pathname).toBe(`${svc.api}/repos/octo/hello/issues`);
      expect(u.searchParams.get('state')).toBe('all');
      expect(u.searchParams.get('labels')).toBe('bug');
      expect(u.searchParams.get('sort')).toBe('updated');
      expect(u.searchParams.get('per_page')).toBe('2');
      expect(u.searchParams.get('page')).toBe(page);
    }
  });

  it('writes the effective per_page into the rels when the request asked for a non-numeric one', async () => {
    const res = await fetch(`${svc.api}/repos/octo/hello/issues?state=all&per_page=lots`);
    expect(new URL(rels(res.headers.get('link')).next!).searchParams.get('per_page')).toBe('30');
  });

  it('points last at the last page of what the filters select, so page X of Y never lands on empty pages', async () => {
    for (const q of ['state=all', 'state=open', 'state=closed', 'state=all&labels=bug', 'state=all&creator=alice']) {
      const res = await fetch(`${svc.api}/repos/octo/hello/issues?${q}&per_page=4`);
      const lastUrl = rels(res.headers.get('link')).last;
      if (!lastUrl) continue;
      const lastPage = (await (await fetch(lastUrl)).json()) as Issue[];
      expect(lastPage.length, q).toBeGreaterThan(0);
      expect(lastPage.length).toBeLessThanOrEqual(4);
      const pageAfter = Number(new URL(lastUrl).searchParams.get('page')) + 1;
      const past = await fetch(lastUrl.replace(/page=\d+$/, `page=${pageAfter}`));
      expect(await past.json(), q).toEqual([]);
    }
  });

  it('omits the Link header when everything fits one page (4.2.1)', async () => {
    const res = await fetch(`${svc.api}/repos/octo/hello/issues?state=all&per_page=100`);
    expect(res.headers.get('link')).toBeNull();
    expect((await res.json()) as Issue[]).toHaveLength(75);
  });

  it('answers past the end with [] and a Link back to the last page that has entries', async () => {
    const res = await fetch(`${svc.api}/repos/octo/hello/issues?state=all&per_page=10&page=50`);
    expect(await res.json()).toEqual([]);
    const r = rels(res.headers.get('link'));
    expect(new URL(r.prev!).searchParams.get('page')).toBe('8');
    expect(new URL(r.last!).searchParams.get('page')).toBe('8');
    expect(r.next).toBeUndefined();
  });

  it('carries no pagination metadata in the body', async () => {
    const body = await (await fetch(`${svc.api}/repos/octo/hello/issues?per_page=2`)).json();
    expect(Array.isArray(body)).toBe(true);
  });
});
