import { describe, expect, it } from 'vitest';
import { makeIssue, ok } from '../../../../test-support/app/fake-api';
import { countFromPage, countText, countWithout, exactCount, narrowCount, sumCounts } from './entry-count';
import type { IssuePage } from '../../services/issue-queries';

const url = (page: number) => `http://api.test/api/repos/acme/rocket/issues?state=closed&per_page=30&page=${page}`;

function listPage(rows: number, links: IssuePage['links']): IssuePage {
  return { ...ok(Array.from({ length: rows }, (_, i) => makeIssue(i + 1))), links, total: null, incomplete: false };
}

describe('counting what a view selects', () => {
  it('takes a search’s total as it is', () => {
    expect(countFromPage({ ...listPage(30, { next: url(2), last: url(9) }), total: 1234 }, 1, 30)).toEqual(exactCount(1234));
  });

  it('knows a list only to a page’s width from its last link, exactly once the last page is in hand', () => {
    const first = listPage(30, { next: url(2), last: url(28) });
    expect(countFromPage(first, 1, 30)).toEqual({ min: 811, max: 840 });
    expect(countFromPage(first, 1, 30, listPage(17, { prev: url(27), first: url(1) }))).toEqual(exactCount(827));
    // The last page itself: the rows before it and its own.
    expect(countFromPage(listPage(17, { prev: url(27), first: url(1) }), 28, 30)).toEqual(exactCount(827));
    // One page, no links: its rows; an empty first page: none.
    expect(countFromPage(listPage(4, {}), 1, 30)).toEqual(exactCount(4));
    expect(countFromPage(listPage(0, {}), 1, 30)).toEqual(exactCount(0));
    // Past the end (spec 4.1.5: 200 with []): it tells nothing.
    expect(countFromPage(listPage(0, { prev: url(28), last: url(28), first: url(1) }), 40, 30)).toBeNull();
  });

  it('adds, takes away and narrows ranges, and writes them as a reader expects', () => {
    expect(sumCounts(exactCount(1605), { min: 811, max: 840 })).toEqual({ min: 2416, max: 2445 });
    expect(countWithout(exactCount(52), exactCount(12))).toEqual(exactCount(40));
    expect(countWithout({ min: 811, max: 840 }, exactCount(800))).toEqual({ min: 11, max: 40 });
    // The repository's open count inside the range the pages allow: exact; outside it (an older answer): the pages win.
    expect(narrowCount({ min: 1591, max: 1620 }, exactCount(1605))).toEqual(exactCount(1605));
    expect(narrowCount({ min: 1591, max: 1620 }, exactCount(1400))).toEqual({ min: 1591, max: 1620 });
    expect(countText(exactCount(1605))).toBe('1,605');
    expect(countText({ min: 811, max: 840 })).toBe('811–840');
  });
});
