import { describe, expect, it } from 'vitest';
import { queryTools } from './query-tools';
import { filterSignature, pageLinkState, pageRequestUrl, readListView, withParams } from './list-view';

const connection = { baseUrl: 'http://api.test/api' };
const view = (search: string) => readListView(new URLSearchParams(search), queryTools);

describe('the list view in the URL', () => {
  it('asks the list endpoint for what it answers exactly, with the shared rules', () => {
    // spec 4.1.4: a non-numeric per_page is the default 30.
    expect(pageRequestUrl(connection, 'acme', 'rocket', view('q=is:closed label:bug label:ui updated:>=2024-05-01&per_page=abc&page=3'), null)).toBe(
      'http://api.test/api/repos/acme/rocket/issues?state=closed&labels=bug%2Cui&since=2024-05-01T00%3A00%3A00Z&sort=created&direction=desc&per_page=30&page=3',
    );
  });

  it('shows open issues without pull requests by a search without a q, as github.com does, and knows it without the parser', () => {
    const plain = readListView(new URLSearchParams(''), null);
    expect(plain.q).toBe('is:issue state:open');
    expect(pageRequestUrl(connection, 'acme', 'rocket', plain, null)).toBe('http://api.test/api/search/issues?q=repo%3Aacme%2Frocket+is%3Aissue+state%3Aopen&per_page=30&page=1');
    // The same query in the URL is the same request: the same URL on both hosts gives the same list.
    expect(pageRequestUrl(connection, 'acme', 'rocket', view('q=is:issue state:open'), null)).toBe(pageRequestUrl(connection, 'acme', 'rocket', plain, null));
    // The list endpoint's open issues and pull requests are a q of their own.
    expect(pageRequestUrl(connection, 'acme', 'rocket', view('q=is:open'), null)).toBe('http://api.test/api/repos/acme/rocket/issues?state=open&sort=created&direction=desc&per_page=30&page=1');
    // A q waits for the tools: nothing is requested before they are here.
    expect(pageRequestUrl(connection, 'acme', 'rocket', readListView(new URLSearchParams('q=crash'), null), null)).toBeNull();
  });

  it('searches the repository for anything else, grouping an advanced query', () => {
    const url = new URL(pageRequestUrl(connection, 'acme', 'rocket', view('q=is:open windows&page=2&per_page=50'), null)!);
    expect(url.pathname).toBe('/api/search/issues');
    expect(url.searchParams.get('q')).toBe('repo:acme/rocket is:open windows');
    expect(url.searchParams.get('per_page')).toBe('50');
    expect(url.searchParams.get('page')).toBe('2');
    expect(url.searchParams.has('advanced_search')).toBe(false);
    const advanced = new URL(pageRequestUrl(connection, 'acme', 'rocket', view('q=label:bug OR label:ui'), null)!);
    expect(advanced.searchParams.get('q')).toBe('repo:acme/rocket (label:bug OR label:ui)');
    expect(advanced.searchParams.get('advanced_search')).toBe('true');
  });

  it('follows the Link URL in the location state only for the same query, page and service', () => {
    const v = view('q=crash&page=2');
    const link = 'http://api.test/api/search/issues?q=repo%3Aacme%2Frocket+crash&page=2&per_page=30';
    const state = pageLinkState('acme', 'rocket', v, link)!;
    expect(pageRequestUrl(connection, 'acme', 'rocket', v, state)).toBe(link);
    // Another page in the address bar than the link's: build from the URL.
    expect(pageRequestUrl(connection, 'acme', 'rocket', view('q=crash&page=3'), state)).toContain('page=3');
    // Another service (after switching in Settings): never follow the old one's link.
    expect(pageRequestUrl({ baseUrl: 'https://api.github.com' }, 'acme', 'rocket', v, state)).toMatch(/^https:\/\/api\.github\.com\/search\//);
    // Another query: the link was for another list.
    const other = view('q=boom&page=2');
    expect(filterSignature('acme', 'rocket', other, other.route!)).not.toBe(state.pageLink.filters);
    expect(pageRequestUrl(connection, 'acme', 'rocket', other, state)).toContain('boom');
  });

  it('starts again at the first page when anything but the page changes', () => {
    const search = new URLSearchParams('q=is:closed&page=4');
    expect(withParams(search, { per_page: '50' }).toString()).toBe('q=is%3Aclosed&per_page=50');
    expect(withParams(search, { page: '5' }).toString()).toBe('q=is%3Aclosed&page=5');
  });
});
