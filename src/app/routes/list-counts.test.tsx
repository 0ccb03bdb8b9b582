import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Issue } from '../../shared/wire-types';
import type { RateLimitSnapshot } from '../api/api-types';
import { ValidationError } from '../api/api-errors';
import { makeIssue, makeRepository, ok, searchResult } from '../../../test-support/app/fake-api';
import { renderApp } from '../../../test-support/app/render-app';

const PER_PAGE = 30;

/** A repository with `open` and `closed` entries (`labelled` of each carry `bug`), answering the list endpoint and counting searches as the service does. */
function listEndpoint({ open, closed, labelled = 0, searchesLeft = () => 29 }: { open: number; closed: number; labelled?: number; searchesLeft?: () => number }) {
  return (url: URL) => {
    if (url.pathname.endsWith('/repos/acme/rocket')) return ok({ ...makeRepository('acme', 'rocket'), open_issues_count: open });
    if (url.pathname.endsWith('/search/issues')) {
      // A count: one entry of the same query, by its state and label, as the service answers it.
      const q = url.searchParams.get('q') ?? '';
      const state = /\bis:open\b/.test(q) ? 'open' : /\bis:closed\b/.test(q) ? 'closed' : 'all';
      const all = state === 'open' ? open : state === 'closed' ? closed : open + closed;
      return searchResult([makeIssue(1)], /\blabel:bug\b/.test(q) ? Math.min(all, labelled) : all, { rateLimit: searchReading(searchesLeft()) });
    }
    if (!url.pathname.endsWith('/repos/acme/rocket/issues')) return undefined;
    const state = url.searchParams.get('state') ?? 'open';
    const all = state === 'open' ? open : state === 'closed' ? closed : open + closed;
    const count = url.searchParams.get('labels') === 'bug' ? Math.min(all, labelled) : all;
    const page = Number(url.searchParams.get('page') ?? '1');
    const last = Math.max(1, Math.ceil(count / PER_PAGE));
    const rows: Issue[] = Array.from({ length: Math.max(0, Math.min(PER_PAGE, count - (page - 1) * PER_PAGE)) }, (_, i) =>
      makeIssue(10_000 - (page - 1) * PER_PAGE - i, { title: `Entry ${page}.${i}` }),
    );
    const rel = (n: number) => {
      const next = new URL(url.href);
      next.searchParams.set('page', String(n));
      return next.href;
    };
    return ok(rows, {
      links: { ...(page < last ? { next: rel(page + 1), last: rel(last) } : {}), ...(page > 1 ? { prev: rel(page - 1), first: rel(1) } : {}) },
    });
  };
}

const heading = () => screen.getByRole('heading', { level: 3, name: /Open|Closed|on this page|search credits/ });
/** Pages render in a background pass: on a busy machine, later than Testing Library's second. */
const SETTLED = { timeout: 15_000 };

function searchReading(remaining: number, resetInMs = 60_000, limit = 30): RateLimitSnapshot {
  return { limit, remaining, used: limit - remaining, resetAt: Date.now() + resetInMs, resource: 'search', observedAt: Date.now() };
}

describe('how many entries the query selects', () => {
  it('says how many are open, from the repository, and how many closed, from one search of one entry, never as a range', async () => {
    const user = userEvent.setup();
    const { api } = renderApp(['/acme/rocket/issues?q=is%3Aopen'], { handler: listEndpoint({ open: 102, closed: 45 }) });
    // The list endpoint's 4 pages say 91 to 120; the repository says 102; the closed ones cost a search.
    await waitFor(() => expect(heading()).toHaveTextContent(/^102 Open · 45 Closed$/), SETTLED);

    await user.click(within(screen.getByRole('navigation', { name: 'Issue state' })).getByRole('link', { name: 'Closed' }));
    // Two pages of 30 would say 31 to 60: the count already asked says 45.
    await waitFor(() => expect(screen.getByRole('navigation', { name: 'Pagination' })).toHaveTextContent('Page 1 of 2'), SETTLED);
    expect(heading()).toHaveTextContent(/^102 Open · 45 Closed$/);

    const searches = api.calls.filter((u) => u.includes('/search/issues'));
    expect(searches.map((u) => [new URL(u).searchParams.get('q'), new URL(u).searchParams.get('per_page')])).toEqual([['repo:acme/rocket is:closed', '1']]);
  });

  it('counts the default view, open issues, from its own search and the closed ones from one search of one entry', async () => {
    const user = userEvent.setup();
    const { api, router } = renderApp(['/acme/rocket/issues'], {
      handler: (url) => {
        if (!url.pathname.endsWith('/search/issues')) return listEndpoint({ open: 102, closed: 45 })(url);
        // Issues alone: 80 of the 102 open entries and 30 of the 45 closed are issues.
        const q = url.searchParams.get('q') ?? '';
        const issues = /\bis:closed\b/.test(q) ? 30 : 80;
        const perPage = Number(url.searchParams.get('per_page'));
        return searchResult(Array.from({ length: Math.min(perPage, issues) }, (_, i) => makeIssue(500 - i)), issues, { rateLimit: searchReading(29) });
      },
    });
    // Not the repository's 102, which counts pull requests too.
    await waitFor(() => expect(heading()).toHaveTextContent(/^80 Open · 30 Closed$/), SETTLED);
    const asked = () => api.calls.filter((u) => u.includes('/search/issues')).map((u) => [new URL(u).searchParams.get('q'), new URL(u).searchParams.get('per_page')]);
    expect(asked()).toEqual([
      ['repo:acme/rocket is:issue state:open', '30'],
      ['repo:acme/rocket is:issue is:closed', '1'],
    ]);
    expect(api.calls.some((u) => u.includes('/repos/acme/rocket/issues'))).toBe(false);

    // The Closed tab is the count's query, so its count stands.
    await user.click(within(screen.getByRole('navigation', { name: 'Issue state' })).getByRole('link', { name: 'Closed' }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('q')).toBe('is:issue is:closed'));
    await waitFor(() => expect(screen.getByRole('navigation', { name: 'Pagination' })).toHaveTextContent('Page 1 of 1'), SETTLED);
    await waitFor(() => expect(heading()).toHaveTextContent(/^80 Open · 30 Closed$/), SETTLED);
  });

  it('counts a filtered list by searches of one entry, since its pages only tell a range', async () => {
    const user = userEvent.setup();
    const { api } = renderApp(['/acme/rocket/issues?q=is%3Aopen+label%3Abug'], { handler: listEndpoint({ open: 102, closed: 45, labelled: 40 }) });
    await waitFor(() => expect(heading()).toHaveTextContent(/^40 Open · 40 Closed$/), SETTLED);
    await user.click(within(screen.getByRole('navigation', { name: 'Issue state' })).getByRole('link', { name: 'Closed' }));
    await waitFor(() => expect(screen.getByRole('list', { name: 'Issues, page 1' })).toBeInTheDocument(), SETTLED);
    expect(heading()).toHaveTextContent(/^40 Open · 40 Closed$/);
    // Each count asked once, and kept.
    expect(api.calls.filter((u) => u.includes('/search/issues')).map((u) => new URL(u).searchParams.get('q'))).toEqual(['repo:acme/rocket is:open label:bug', 'repo:acme/rocket is:closed label:bug']);
  });

  it('says that a count waits for search credits when counting would spend what the budget cannot spare', async () => {
    let left = 20;
    const { api } = renderApp(['/acme/rocket/issues?q=is%3Aopen+label%3Abug'], { handler: listEndpoint({ open: 102, closed: 45, labelled: 40, searchesLeft: () => left }) });
    act(() => api.reportRateLimit(searchReading(left)));
    await waitFor(() => expect(heading()).toHaveTextContent(/^Open and Closed: counts wait for search credits$/), SETTLED);
    expect(api.calls.filter((u) => u.includes('/search/issues'))).toHaveLength(0);
    // A new window, with the budget back: the counts are asked for then.
    left = 29;
    act(() => api.reportRateLimit(searchReading(29, 120_000)));
    await waitFor(() => expect(heading()).toHaveTextContent(/^40 Open · 40 Closed$/), SETTLED);
  });

  it('says the range its pages tell when the service refuses the count, without asking again on every page', async () => {
    const user = userEvent.setup();
    const list = listEndpoint({ open: 102, closed: 100 });
    const { api } = renderApp(['/acme/rocket/issues?q=is%3Aclosed'], {
      handler: (url) => (url.pathname.endsWith('/search/issues') ? new ValidationError('Validation Failed', [], null, null) : list(url)),
    });
    const pager = () => screen.getByRole('navigation', { name: 'Pagination' });
    await waitFor(() => expect(within(pager()).getByText(/^Page\s/)).toHaveTextContent('Page 1 of 4'), SETTLED);
    await waitFor(() => expect(heading()).toHaveTextContent(/^102 Open · 91–120 Closed$/), SETTLED);
    await user.click(within(pager()).getByRole('link', { name: 'Next' }));
    await waitFor(() => expect(within(pager()).getByText(/^Page\s/)).toHaveTextContent('Page 2 of 4'), SETTLED);
    await user.click(within(pager()).getByRole('link', { name: 'Previous' }));
    await waitFor(() => expect(within(pager()).getByText(/^Page\s/)).toHaveTextContent('Page 1 of 4'), SETTLED);
    expect(heading()).toHaveTextContent(/^102 Open · 91–120 Closed$/);
    expect(api.calls.filter((u) => u.includes('/search/issues'))).toHaveLength(1);
  });

  it('asks one search of one entry for the other state, within a quarter of the search budget, and keeps it', async () => {
    const searches: URL[] = [];
    const { api } = renderApp(['/acme/rocket/issues?q=is%3Aopen+crash'], {
      handler: (url) => {
        if (!url.pathname.endsWith('/search/issues')) return undefined;
        searches.push(url);
        const closed = (url.searchParams.get('q') ?? '').includes('is:closed');
        return searchResult([makeIssue(closed ? 2 : 1)], closed ? 56 : 1234, { rateLimit: searchReading(closed ? 28 : 29) });
      },
    });
    await waitFor(() => expect(heading()).toHaveTextContent(/^1,234 Open · 56 Closed$/), SETTLED);
    expect(searches.map((u) => [u.searchParams.get('q'), u.searchParams.get('per_page')])).toEqual([
      ['repo:acme/rocket is:open crash', '30'],
      ['repo:acme/rocket is:closed crash', '1'],
    ]);
    expect(api.calls.filter((u) => u.includes('/search/issues'))).toHaveLength(2);
  });

  it('asks nothing more when the search budget is below three quarters, and says what it knows', async () => {
    const { api } = renderApp(['/acme/rocket/issues?q=is%3Aopen+crash'], {
      handler: (url) => (url.pathname.endsWith('/search/issues') ? searchResult([makeIssue(1)], 1234, { rateLimit: searchReading(20) }) : undefined),
    });
    await waitFor(() => expect(heading()).toHaveTextContent(/^1,234 Open · Closed: count waits for search credits$/), SETTLED);
    expect(within(heading()).getByTitle(/^Counting costs one search/)).toHaveTextContent('Closed: count waits for search credits');
    // A new window, with the budget back: the count is asked for then.
    act(() => api.reportRateLimit(searchReading(29, 120_000)));
    await waitFor(() => expect(api.calls.filter((u) => u.includes('/search/issues'))).toHaveLength(2));
  });

  it('splits a search of both states with one search of the open ones', async () => {
    renderApp(['/acme/rocket/issues?q=crash'], {
      handler: (url) => {
        if (!url.pathname.endsWith('/search/issues')) return undefined;
        const open = (url.searchParams.get('q') ?? '').includes('is:open');
        return searchResult([makeIssue(1)], open ? 1234 : 1290, { rateLimit: searchReading(29) });
      },
    });
    await waitFor(() => expect(heading()).toHaveTextContent(/^1,234 Open · 56 Closed$/), SETTLED);
  });
});
