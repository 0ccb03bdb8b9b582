import { describe, expect, it } from 'vitest';
import { buildLinkHeader, lastPageOf } from './link-header';

const url = (q: string) => new URL(`http://h:1/api/repos/o/r/issues${q}`);

describe('buildLinkHeader (spec 4.2)', () => {
  it('is omitted when everything fits one page', () => {
    expect(buildLinkHeader(url(''), 1, 30, 30)).toBeNull();
    expect(buildLinkHeader(url(''), 1, 30, 0)).toBeNull();
  });

  it('gives next and last on the first page', () => {
    expect(buildLinkHeader(url('?state=all'), 1, 10, 25)).toBe(
      '<http://h:1/api/repos/o/r/issues?state=all&per_page=10&page=2>; rel="next", <http://h:1/api/repos/o/r/issues?state=all&per_page=10&page=3>; rel="last"',
    );
  });

  it('gives prev, next, last, first in GitHub order in the middle', () => {
    const link = buildLinkHeader(url('?page=2&per_page=10'), 2, 10, 35) ?? '';
    expect([...link.matchAll(/page=(\d+)>; rel="(\w+)"/g)].map((m) => `${m[2]}:${m[1]}`)).toEqual(['prev:1', 'next:3', 'last:4', 'first:1']);
  });

  it('gives prev and first on the last page', () => {
    const link = buildLinkHeader(url('?page=4'), 4, 10, 35) ?? '';
    expect([...link.matchAll(/rel="(\w+)"/g)].map((m) => m[1])).toEqual(['prev', 'first']);
  });

  it('points prev past the end back at the last page with entries', () => {
    const link = buildLinkHeader(url('?page=9'), 9, 10, 35) ?? '';
    expect(link).toContain('page=4>; rel="prev"');
    expect(link).toContain('page=4>; rel="last"');
  });

  it('keeps other parameters as sent, including their encoding, and drops repeated page/per_page', () => {
    const link = buildLinkHeader(url('?labels=a%2Cb&page=1&per_page=5&page=3&q=x+y'), 1, 5, 20) ?? '';
    expect(link).toContain('issues?labels=a%2Cb&q=x+y&per_page=5&page=2>; rel="next"');
  });

  it('computes the last page', () => {
    expect([lastPageOf(0, 30), lastPageOf(30, 30), lastPageOf(31, 30), lastPageOf(1000, 30)]).toEqual([1, 1, 2, 34]);
  });
});
