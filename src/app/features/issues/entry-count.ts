/**
 * How many entries a view selects, as far as the answers at hand tell,
 * without asking for more. A search says exactly (`total_count`). The list
 * endpoint counts nothing: its `last` link tells the number of pages, so the
 * count is known to a page's width (28 pages of 30: 811 to 840) until the last
 * page itself is at hand, which makes it exact. A count is kept as the range
 * it is known to lie in; min = max is exact.
 */
import { pageNumberOf } from '../../api/link-header';
import { formatCount } from '../../lib/time-format';
import type { IssuePage } from '../../services/issue-queries';

export interface EntryCount {
  min: number;
  max: number;
}

export function exactCount(n: number): EntryCount {
  return { min: n, max: n };
}

export function isExact(count: EntryCount): boolean {
  return count.min === count.max;
}

/**
 * The count of a view from one of its pages (`pageNumber`, of `perPage`), and
 * its last page when that is held too; null when they do not tell (a page past
 * the end).
 */
export function countFromPage(page: IssuePage, pageNumber: number, perPage: number, lastPage?: IssuePage): EntryCount | null {
  if (page.total !== null) return exactCount(page.total);
  const before = (pageNumber - 1) * perPage;
  // No next page: this one is the last, and its rows finish the count.
  if (page.links.next === undefined) return page.data.length > 0 || pageNumber === 1 ? exactCount(before + page.data.length) : null;
  const last = pageNumberOf(page.links.last);
  if (last === null || last < pageNumber) return null;
  const beforeLast = (last - 1) * perPage;
  if (lastPage !== undefined && lastPage.data.length > 0) return exactCount(beforeLast + lastPage.data.length);
  return { min: beforeLast + 1, max: last * perPage };
}

export function sumCounts(a: EntryCount, b: EntryCount): EntryCount {
  return { min: a.min + b.min, max: a.max + b.max };
}

/** What is left of `whole` without `part` (the closed ones of all, say). */
export function countWithout(whole: EntryCount, part: EntryCount): EntryCount {
  return { min: Math.max(0, whole.min - part.max), max: Math.max(0, whole.max - part.min) };
}

/** Two readings of one count: where both hold, or the first when they disagree (answers of different moments). */
export function narrowCount(a: EntryCount, b: EntryCount | null): EntryCount {
  if (b === null) return a;
  const min = Math.max(a.min, b.min);
  const max = Math.min(a.max, b.max);
  return min <= max ? { min, max } : a;
}

/** "1,605", or "811–840" while only the number of pages is known. */
export function countText(count: EntryCount): string {
  return isExact(count) ? formatCount(count.min) : `${formatCount(count.min)}–${formatCount(count.max)}`;
}
