import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Issue } from '../../shared/wire-types';
import type { RateLimitSnapshot } from '../api/api-types';
import { makeIssue, makeRepository, ok, searchResult } from '../../../test-support/app/fake-api';
import { renderApp } from '../../../test-support/app/render-app';

const PER_PAGE = 30;

/** A repository with `open` and `closed` entries (`labelled` of each carry `bug`), answering the list endpoint as the service does. */
function listEndpoint({ open, closed, labelled = 0 }: { open: number; closed: number; labelled?: number }) {
  return (url: URL) => {
    if (url.pathname.endsWith('/repos/acme/rocket')) return ok({ ...makeRepository('acme', 'rocket'), open_issues_count: open });
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

const heading = () => screen.getByRole('heading', { level: 3, name: /Open|Closed|on this page/ });
/** Pages render in a background pass: on a busy machine, later than Testing Library's second. */
const SETTLED = { timeout: 15_000 };

function searchReading(remaining: number, resetInMs = 60_000, limit = 30): RateLimitSnapshot {
  return { limit, remaining, used: limit - remaining, resetAt: Date.now() + resetInMs, resource: 'search', observedAt: Date.now() };
}

describe('how many entries the query selects', () => {
  it('says how many are open, from the repository, and how many closed once seen, exactly once the last page is in hand', async () => {
    const user = userEvent.setup();
    const { api } = renderApp(['/acme/rocket/issues'], { handler: listEndpoint({ open: 102, closed: 45 }) });
    // The list endpoint's 4 pages say 91 to 120; the repository says 102, which they allow.
    await waitFor(() => expect(heading()).toHaveTextContent(/^102 Open$/), SETTLED);

    await user.click(within(screen.getByRole('navigation', { name: 'Issue state' })).getByRole('link', { name: 'Closed' }));
    // Two pages of 30: 31 to 60, said as a range, and the open count kept.
    await waitFor(() => expect(heading()).toHaveTextContent(/^102 Open · 31–60 Closed$/), SETTLED);
    expect(within(heading()).getByTitle(/^Between 31 and 60:/)).toHaveTextContent('31–60 Closed');

    const pager = () => screen.getByRole('navigation', { name: 'Pagination' });
    await waitFor(() => expect(within(pager()).getByText(/^Page\s/)).toHaveTextContent('Page 1 of 2'), SETTLED);
    await user.click(within(pager()).getByRole('link', { name: 'Last' }));
    await waitFor(() => expect(heading()).toHaveTextContent(/^102 Open · 45 Closed$/), SETTLED);
    await waitFor(() => expect(within(pager()).getByText(/^Page\s/)).toHaveTextContent('Page 2 of 2'), SETTLED);
    await user.click(within(pager()).getByRole('link', { name: 'First' }));
    await waitFor(() => expect(within(pager()).getByText(/^Page\s/)).toHaveTextContent('Page 1 of 2'), SETTLED);
    expect(heading()).toHaveTextContent(/^102 Open · 45 Closed$/);

    // Nothing but the pages themselves was asked for: counting costs no request on the list endpoint.
    const listCalls = api.calls.filter((u) => u.includes('/repos/acme/rocket/issues?'));
    expect(listCalls.map((u) => `${new URL(u).searchParams.get('state')} ${new URL(u).searchParams.get('page')}`)).toEqual(['open 1', 'closed 1', 'closed 2']);
  });

  it('counts a filtered list from its own pages, and the other state only when its pages were seen', async () => {
    const user = userEvent.setup();
    renderApp(['/acme/rocket/issues?q=is%3Aopen+label%3Abug'], { handler: listEndpoint({ open: 102, closed: 45, labelled: 40 }) });
    await waitFor(() => expect(heading()).toHaveTextContent(/^31–60 Open$/), SETTLED);
    await user.click(within(screen.getByRole('navigation', { name: 'Issue state' })).getByRole('link', { name: 'Closed' }));
    await waitFor(() => expect(heading()).toHaveTextContent(/^31–60 Open · 31–60 Closed$/), SETTLED);
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
    await waitFor(() => expect(heading()).toHaveTextContent(/^1,234 Open$/), SETTLED);
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
