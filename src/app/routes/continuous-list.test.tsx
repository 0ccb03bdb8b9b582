import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ServerError } from '../api/api-errors';
import type { Issue } from '../../shared/wire-types';
import { ESTIMATED_ROW_PX } from '../features/issues/virtual-issue-rows';
import { makeIssue, ok, pageUrl, type Answer } from '../../../test-support/app/fake-api';
import { renderApp } from '../../../test-support/app/render-app';

const PER_PAGE = 20;
const PAGES = 3;
const LIST_QUERY = `state=open&sort=created&direction=desc&per_page=${PER_PAGE}`;

/** Page `page` of a repository with PAGES pages of PER_PAGE issues, newest first, each linking to the next. */
function issuesPage(page: number): Answer {
  const first = PAGES * PER_PAGE - (page - 1) * PER_PAGE;
  const issues: Issue[] = page > PAGES ? [] : Array.from({ length: PER_PAGE }, (_, i) => makeIssue(first - i, { title: `Issue number ${first - i}` }));
  return ok(issues, { links: page < PAGES ? { next: pageUrl('acme', 'rocket', page + 1, LIST_QUERY), last: pageUrl('acme', 'rocket', PAGES, LIST_QUERY) } : {} });
}

function isListRequest(url: URL): boolean {
  return url.pathname.endsWith('/repos/acme/rocket/issues');
}

function pageOf(url: string): number {
  return Number(new URL(url).searchParams.get('page'));
}

/** The app's first render waits for its lazy route chunk: on a busy machine, longer than Testing Library's second. */
const FIRST_RENDER = { timeout: 15_000 };

/** Scroll the window as a reader would; jsdom lays nothing out, so the virtualiser's row estimate is the layout. */
function scrollWindowTo(y: number): void {
  act(() => {
    Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
    fireEvent.scroll(window);
  });
}

const continuousList = () => screen.getByRole('list', { name: 'Issues, continuous' });
const loadedStatus = () => screen.getAllByRole('status').find((element) => element.textContent?.startsWith('Loaded'));

afterEach(() => {
  scrollWindowTo(0);
});

describe('the continuous list', () => {
  it('switches between pages and one continuous list, keeping the filters', async () => {
    const user = userEvent.setup();
    const { router } = renderApp(['/acme/rocket/issues?q=is%3Aopen+label%3Abug&per_page=50&page=2'], { handler: () => undefined });
    const modes = await screen.findByRole('group', { name: 'List mode' }, FIRST_RENDER);
    expect(within(modes).getByRole('button', { name: 'Pages' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(within(modes).getByRole('button', { name: 'Continuous' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=is%3Aopen+label%3Abug&per_page=50&view=continuous'));
    await waitFor(() => expect(within(screen.getByRole('group', { name: 'List mode' })).getByRole('button', { name: 'Continuous' })).toHaveAttribute('aria-pressed', 'true'));
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();

    await user.click(within(screen.getByRole('group', { name: 'List mode' })).getByRole('button', { name: 'Pages' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=is%3Aopen+label%3Abug&per_page=50'));
  });

  it('loads the next page near the end, one at a time, and says when it has all of them', async () => {
    const { api } = renderApp([`/acme/rocket/issues?q=is%3Aopen&view=continuous&per_page=${PER_PAGE}`], {
      handler: (url) => (isListRequest(url) ? issuesPage(Number(url.searchParams.get('page'))) : undefined),
    });
    // The first page is shorter than a screen: the second follows by itself, then it waits for the reader.
    await waitFor(() => expect(loadedStatus()).toHaveTextContent(/^Loaded 40 issues$/), FIRST_RENDER);
    const listCalls = () => api.calls.filter((url) => isListRequest(new URL(url)));
    expect(listCalls().map(pageOf)).toEqual([1, 2]);
    // Only the rows near the viewport are in the DOM, each saying which of how many (unknown until the end) it is.
    const rows = within(continuousList()).getAllByRole('listitem');
    expect(rows.length).toBeLessThan(40);
    expect(rows[0]).toHaveAttribute('aria-posinset', '1');
    expect(rows[0]).toHaveAttribute('aria-setsize', '-1');

    scrollWindowTo(40 * ESTIMATED_ROW_PX);
    await waitFor(() => expect(loadedStatus()).toHaveTextContent(/^Loaded 60 issues, all of them$/));
    expect(await screen.findByText('Issue number 1')).toBeInTheDocument();
    expect(within(continuousList()).getByText('Issue number 1').closest('li')).toHaveAttribute('aria-setsize', '60');

    // The last page had no `next`: scrolling on asks for nothing more.
    scrollWindowTo(60 * ESTIMATED_ROW_PX);
    expect(listCalls().map(pageOf)).toEqual([1, 2, 3]);
    // The `next` links are followed as sent (spec 4.2 rule 3).
    expect(listCalls()[1]).toBe(pageUrl('acme', 'rocket', 2, LIST_QUERY));
  });

  it('counts issues and pull requests apart in what it says it loaded, and in the heading', async () => {
    const pull = { url: '', html_url: '', diff_url: '', patch_url: '', merged_at: null };
    renderApp([`/acme/rocket/issues?q=is%3Aopen&view=continuous&per_page=${PER_PAGE}`], {
      handler: (url) =>
        isListRequest(url)
          ? ok(Array.from({ length: 12 }, (_, i) => makeIssue(12 - i, i % 3 === 0 ? { pull_request: pull } : {})))
          : undefined,
    });
    await waitFor(() => expect(loadedStatus()).toHaveTextContent(/^Loaded 8 issues and 4 pull requests, all of them$/), FIRST_RENDER);
    // One page and no next: the open ones are all here.
    expect(screen.getByRole('heading', { level: 3, name: /loaded$/ })).toHaveTextContent(/^12 Open, 12 loaded$/);
  });

  it('keeps the focused row, and its focus, while the rows around it are recycled', async () => {
    const user = userEvent.setup();
    renderApp([`/acme/rocket/issues?q=is%3Aopen&view=continuous&per_page=${PER_PAGE}`], {
      handler: (url) => (isListRequest(url) ? issuesPage(Number(url.searchParams.get('page'))) : undefined),
    });
    await screen.findByRole('link', { name: 'Issue number 60' }, FIRST_RENDER);
    await user.keyboard('j');
    await waitFor(() => expect(screen.getByRole('link', { name: 'Issue number 60' })).toHaveFocus());

    // Far below: the rows of the top are gone from the DOM, the focused one stays.
    scrollWindowTo(35 * ESTIMATED_ROW_PX);
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Issue number 59' })).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'Issue number 60' })).toHaveFocus();

    await user.keyboard('j');
    await waitFor(() => expect(screen.getByRole('link', { name: 'Issue number 59' })).toHaveFocus());
  });

  // Three retries with (short) backoff before the message: slower than most tests on a busy machine.
  it('shows a failed next page with the usual message and a retry that carries on', { timeout: 20_000 }, async () => {
    const user = userEvent.setup();
    let failPageTwo = true;
    renderApp([`/acme/rocket/issues?q=is%3Aopen&view=continuous&per_page=${PER_PAGE}`], {
      fastRetries: true,
      handler: (url) => {
        if (!isListRequest(url)) return undefined;
        const page = Number(url.searchParams.get('page'));
        if (page === 2 && failPageTwo) return new ServerError('Service Unavailable', 503);
        return issuesPage(page);
      },
    });
    // After the retries with backoff (spec 7.2), the message and a Retry button.
    const retry = await screen.findByRole('button', { name: 'Retry' }, { timeout: 15_000 });
    expect(screen.getByText('The service failed (503)')).toBeInTheDocument();
    expect(loadedStatus()).toHaveTextContent(/^Loaded 20 issues$/);
    expect(screen.getByRole('link', { name: 'Issue number 60' })).toBeInTheDocument();

    failPageTwo = false;
    await user.click(retry);
    await waitFor(() => expect(loadedStatus()).toHaveTextContent(/^Loaded 40 issues$/));
  });

  it('stops loading while the rate limit is spent, and says why', async () => {
    const { api } = renderApp([`/acme/rocket/issues?q=is%3Aopen&view=continuous&per_page=${PER_PAGE}`], {
      handler: (url) => (isListRequest(url) ? issuesPage(Number(url.searchParams.get('page'))) : undefined),
    });
    await waitFor(() => expect(loadedStatus()).toHaveTextContent(/^Loaded 40 issues$/), FIRST_RENDER);
    act(() => api.reportRateLimit({ limit: 60, remaining: 0, used: 60, resetAt: Date.now() + 600_000, resource: 'core', observedAt: Date.now() }));

    scrollWindowTo(40 * ESTIMATED_ROW_PX);
    expect(await screen.findByText(/Loading more is paused: rate limit reached/)).toBeInTheDocument();
    expect(api.calls.filter((url) => isListRequest(new URL(url))).map(pageOf)).toEqual([1, 2]);
    expect(loadedStatus()).toHaveTextContent(/^Loaded 40 issues$/);
  });
});
