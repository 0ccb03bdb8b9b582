import { describe, expect, it } from 'vitest';
import { filterSignature, issueListPath, pageLinkState, pageRequestUrl, readListView, withParams } from './list-view';

const connection = { baseUrl: 'http://api.test/api' };
const view = (search: string) => readListView(new URLSearchParams(search));

describe('the list view in the URL', () => {
  it('builds the first request from the URL with the shared rules', () => {
    const v = view('state=closed&labels=bug,ui&since=2024-05-01&per_page=abc&page=3&type=pr&q=crash');
    expect(v.request.ok).toBe(true);
    if (!v.request.ok) return;
    // spec 4.1.4: a non-numeric per_page is the default 30. `type` and `q` never reach the service.
    expect(issueListPath('acme', 'rocket', v.request.value)).toBe(
      '/repos/acme/rocket/issues?state=closed&labels=bug%2Cui&since=2024-05-01T00%3A00%3A00Z&sort=created&direction=desc&per_page=30&page=3',
    );
    expect(v.type).toBe('pr');
    expect(v.q).toBe('crash');
  });

  it('reports an invalid since or labels instead of sending it (spec 7.1)', () => {
    const v = view('since=yesterday&labels=a,,b');
    expect(v.request.ok).toBe(false);
    if (!v.request.ok) expect(v.request.errors.map((e) => e.field)).toEqual(['since', 'labels']);
    expect(v.shown.state).toBe('open');
  });

  it('follows the Link URL in the location state only for the same filters, page and service', () => {
    const v = view('state=closed&page=2');
    if (!v.request.ok) throw new Error('invalid');
    const link = 'http://api.test/api/repositories/9/issues?state=closed&page=2';
    const state = pageLinkState('acme', 'rocket', v.request.value, link);
    expect(pageRequestUrl(connection, 'acme', 'rocket', v.request.value, state)).toBe(link);
    // Another page in the address bar than the link's: build from the URL.
    const v3 = view('state=closed&page=3');
    if (!v3.request.ok) throw new Error('invalid');
    expect(pageRequestUrl(connection, 'acme', 'rocket', v3.request.value, state)).toContain('/repos/acme/rocket/issues?state=closed');
    // Another service (after switching in Settings): never follow the old one's link.
    expect(pageRequestUrl({ baseUrl: 'https://api.github.com' }, 'acme', 'rocket', v.request.value, state)).toMatch(/^https:\/\/api\.github\.com\/repos\//);
    // Other filters: the link was for another list.
    const other = view('state=open&page=2');
    if (!other.request.ok) throw new Error('invalid');
    expect(filterSignature('acme', 'rocket', other.request.value)).not.toBe(state.pageLink.filters);
    expect(pageRequestUrl(connection, 'acme', 'rocket', other.request.value, state)).toContain('state=open');
  });

  it('starts again at the first page when a filter changes, but not for the page filters', () => {
    const search = new URLSearchParams('state=closed&page=4');
    expect(withParams(search, { labels: 'bug' }).toString()).toBe('state=closed&labels=bug');
    expect(withParams(search, { q: 'crash' }).toString()).toBe('state=closed&page=4&q=crash');
    expect(withParams(search, { type: null, state: null }).toString()).toBe('');
  });
});
