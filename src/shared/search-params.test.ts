import { describe, expect, it } from 'vitest';
import {
  effectiveSearchSort,
  isSearchPageReachable,
  MAX_QUERY_LENGTH,
  MAX_SEARCH_RESULTS,
  parseSearchParams,
  reachableOnPage,
  reachableTotal,
} from './search-params';

const reader = (q: string) => {
  const p = new URLSearchParams(q);
  return (name: string) => p.get(name);
};

describe('GET /search/issues parameters', () => {
  it.each(['', 'q=', 'q=%20%20', 'sort=created'])('"%s" is a missing q', (qs) => {
    expect(parseSearchParams(reader(qs))).toEqual({ ok: false, errors: [{ resource: 'Search', field: 'q', code: 'missing' }] });
  });

  it('refuses a q longer than the bound, naming q', () => {
    const parsed = parseSearchParams(reader(`q=${'a'.repeat(MAX_QUERY_LENGTH + 1)}`));
    expect(parsed).toMatchObject({ ok: false, errors: [{ resource: 'Search', field: 'q', code: 'invalid' }] });
    expect(parseSearchParams(reader(`q=${'a'.repeat(MAX_QUERY_LENGTH)}`)).ok).toBe(true);
  });

  it('defaults to best match, desc, page 1 of 30, plain search', () => {
    expect(parseSearchParams(reader('q=crash'))).toEqual({
      ok: true,
      value: { q: 'crash', sort: null, order: 'desc', advanced: false, searchType: null, page: 1, perPage: 30 },
    });
  });

  it.each([
    ['sort=created', 'created'], ['sort=updated', 'updated'], ['sort=comments', 'comments'],
    ['sort=reactions', 'reactions'], ['sort=reactions-%2B1', 'reactions-+1'], ['sort=reactions--1', 'reactions--1'],
    ['sort=reactions-smile', 'reactions-smile'], ['sort=reactions-thinking_face', 'reactions-thinking_face'],
    ['sort=reactions-heart', 'reactions-heart'], ['sort=reactions-tada', 'reactions-tada'], ['sort=interactions', 'interactions'],
    ['sort=reactions-rocket', null], ['sort=reactions-laugh', null], ['sort=best-match', null], ['sort=CREATED', null],
  ])('%s sorts by %s', (qs, sort) => {
    const parsed = parseSearchParams(reader(`q=x&${qs}`));
    expect(parsed.ok && parsed.value.sort).toBe(sort);
  });

  it.each([['order=asc', 'asc'], ['order=desc', 'desc'], ['order=up', 'desc'], ['', 'desc']])('%s orders %s', (qs, order) => {
    const parsed = parseSearchParams(reader(`q=x&${qs}`));
    expect(parsed.ok && parsed.value.order).toBe(order);
  });

  it.each([['true', true], ['TRUE', true], ['false', false], ['1', false], ['', false]])('advanced_search=%s is %s', (raw, advanced) => {
    const parsed = parseSearchParams(reader(`q=x&advanced_search=${raw}`));
    expect(parsed.ok && parsed.value.advanced).toBe(advanced);
  });

  it.each([['semantic', 'semantic'], ['hybrid', 'hybrid']])('search_type=%s is %s', (raw, searchType) => {
    const parsed = parseSearchParams(reader(`q=x&search_type=${raw}`));
    expect(parsed.ok && parsed.value.searchType).toBe(searchType);
  });

  it.each(['lexical', 'SEMANTIC', ''])('refuses search_type=%s, naming search_type', (raw) => {
    expect(parseSearchParams(reader(`q=x&search_type=${raw}`))).toMatchObject({ ok: false, errors: [{ resource: 'Search', field: 'search_type', code: 'invalid' }] });
  });

  it('falls back on page and per_page as the list does, capping per_page at 100', () => {
    const parsed = parseSearchParams(reader('q=x&page=abc&per_page=500'));
    expect(parsed.ok && [parsed.value.page, parsed.value.perPage]).toEqual([1, 100]);
  });
});

describe('the order of the results', () => {
  it('takes sort: in the query over the parameters, and the parameters over best match', () => {
    expect(effectiveSearchSort({ field: 'comments', order: 'asc' }, { sort: 'created', order: 'desc' })).toEqual({ field: 'comments', order: 'asc' });
    expect(effectiveSearchSort(null, { sort: 'updated', order: 'asc' })).toEqual({ field: 'updated', order: 'asc' });
    expect(effectiveSearchSort(null, { sort: null, order: 'asc' })).toBeNull();
  });
});

describe('only the first results are reachable', () => {
  it('reaches a page that starts within them and no page after', () => {
    expect(isSearchPageReachable({ page: 10, perPage: 100 })).toBe(true);
    expect(isSearchPageReachable({ page: 11, perPage: 100 })).toBe(false);
    expect(isSearchPageReachable({ page: 34, perPage: 30 })).toBe(true);
    expect(isSearchPageReachable({ page: 35, perPage: 30 })).toBe(false);
  });

  it('cuts a page that straddles the end', () => {
    expect(reachableOnPage({ page: 34, perPage: 30 })).toBe(MAX_SEARCH_RESULTS - 33 * 30);
    expect(reachableOnPage({ page: 1, perPage: 30 })).toBe(30);
    expect(reachableOnPage({ page: 35, perPage: 30 })).toBe(0);
  });

  it('pages over at most the reachable total', () => {
    expect(reachableTotal(5)).toBe(5);
    expect(reachableTotal(123_456)).toBe(MAX_SEARCH_RESULTS);
  });
});
