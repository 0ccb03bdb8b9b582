import { describe, expect, it } from 'vitest';
import { lastReachablePage, reachableLinks } from './reachable-links';
import { searchCapText } from './search-cap-notice';

const search = (page: number) => `https://api.github.com/search/issues?q=repo%3Aacme%2Frocket+is%3Aissue&per_page=30&page=${page}`;

describe('a search reaches its first 1,000 results', () => {
  it('says so, as GitHub does, only when more match', () => {
    expect(searchCapText(1212)).toBe('Showing the first 1,000 of 1,212 results; narrow the search.');
    expect(searchCapText(1000)).toBeNull();
    expect(searchCapText(null)).toBeNull();
  });

  it('holds Last to the last reachable page, whatever the service sent', () => {
    expect(lastReachablePage(1688, 30)).toBe(34);
    expect(lastReachablePage(1688, 100)).toBe(10);
    expect(reachableLinks({ next: search(2), last: search(57) }, 1688, 30)).toEqual({ next: search(2), last: search(34) });
    expect(reachableLinks({ next: search(35), prev: search(33) }, 1688, 30)).toEqual({ prev: search(33) });
    // Within the cap, or a list page (no total), the rels are the service's.
    expect(reachableLinks({ next: search(2), last: search(57) }, 999, 30)).toEqual({ next: search(2), last: search(57) });
    expect(reachableLinks({ last: search(57) }, null, 30)).toEqual({ last: search(57) });
  });
});
