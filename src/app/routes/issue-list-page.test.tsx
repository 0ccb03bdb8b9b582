import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ValidationError } from '../api/api-errors';
import { links, makeIssue, makeUser, ok, pageUrl, searchResult, TEST_BASE_URL } from '../../../test-support/app/fake-api';
import { renderApp } from '../../../test-support/app/render-app';
import { currentSearch, listHandler, pageOne } from '../../../test-support/app/issue-list-fixtures';

describe('the issue list', () => {
  it('renders rows with labels and task progress from a page', async () => {
    renderApp(['/acme/rocket/issues?q=is%3Aopen'], { handler: listHandler });

    const row = (await screen.findByRole('link', { name: 'Rocket explodes on launch' })).closest('li')!;
    expect(within(row).getByRole('button', { name: 'Filter by label bug' })).toBeInTheDocument();
    // The fenced "- [ ]" is code, not a task.
    expect(within(row).getByText('2 of 3 tasks')).toBeInTheDocument();
    expect(within(row).getByText('#12')).toBeInTheDocument();
    expect(within(row).getByRole('img', { name: 'Open issue' })).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: '3 comments' })).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Rocket explodes on launch' })).toHaveAttribute('href', '/acme/rocket/issues/12');
    const time = row.querySelector('time')!;
    expect(time).toHaveAttribute('dateTime', '2024-05-01T12:00:00Z');
    // The exact time, in the reader's zone, on hover.
    expect(time).toHaveAttribute('title', expect.stringMatching(/^May 1, 2024, \d{1,2}:\d{2}:00 [AP]M (UTC|GMT[+-][\d:]+)$/));

    const pr = screen.getByRole('link', { name: 'Add a countdown' }).closest('li')!;
    expect(within(pr).getByRole('img', { name: 'Open pull request' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Filter by assignee carol' })).toBeInTheDocument();
  });

  it('shows open issues alone by default, as github.com does: a search whose query the box, the tabs and the type show', async () => {
    const user = userEvent.setup();
    const { api, router } = renderApp(['/acme/rocket/issues'], {
      handler: (url) => (url.pathname.endsWith('/search/issues') ? searchResult([makeIssue(40, { title: 'Launch crashes on Windows' })], 1) : listHandler(url)),
    });
    expect(await screen.findByRole('link', { name: 'Launch crashes on Windows' })).toBeInTheDocument();
    // No pull request from the list endpoint's mixed answer.
    expect(screen.queryByRole('link', { name: 'Add a countdown' })).not.toBeInTheDocument();
    expect(api.calls.some((u) => u.includes('/repos/acme/rocket/issues'))).toBe(false);
    const searched = new URL(api.calls.find((u) => u.includes('/search/issues'))!);
    expect(Object.fromEntries(searched.searchParams)).toEqual({ q: 'repo:acme/rocket is:issue state:open', per_page: '30', page: '1' });

    expect(screen.getByRole('combobox', { name: 'Search issues and pull requests' })).toHaveValue('is:issue state:open');
    const states = screen.getByRole('navigation', { name: 'Issue state' });
    expect(within(states).getByRole('link', { name: 'Open' })).toHaveAttribute('aria-current', 'page');
    expect(within(states).getByRole('link', { name: 'Closed' })).toHaveAttribute('href', '/acme/rocket/issues?q=is%3Aissue+is%3Aclosed');
    expect(screen.getByRole('button', { name: 'Issues' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByRole('button', { name: 'Clear the query' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Pull requests' }));
    await waitFor(() => expect(currentSearch(router).get('q')).toBe('is:pr state:open'));
  });

  it('says of a closed row who opened it and, when known, who closed it; of a merged pull request that it was merged', async () => {
    const closedAt = '2024-03-01T12:00:00Z';
    const pullRequest = (mergedAt: string | null) => ({ url: '', html_url: '', diff_url: '', patch_url: '', merged_at: mergedAt });
    renderApp(['/acme/rocket/issues?q=is%3Aclosed'], {
      handler: (url) =>
        url.pathname.endsWith('/repos/acme/rocket/issues')
          ? ok([
              makeIssue(20, { title: 'Closed by its author', state: 'closed', closed_at: closedAt, user: makeUser('jonasweber') }),
              makeIssue(21, { title: 'Closed by a maintainer', state: 'closed', closed_at: closedAt, user: makeUser('jonasweber'), closed_by: makeUser('mona') }),
              makeIssue(22, { title: 'A merged fix', state: 'closed', closed_at: closedAt, user: makeUser('amara-o'), pull_request: pullRequest('2024-02-28T12:00:00Z') }),
              makeIssue(23, { title: 'A pull request closed unmerged', state: 'closed', closed_at: closedAt, user: makeUser('bob'), pull_request: pullRequest(null) }),
            ])
          : undefined,
    });
    const meta = async (title: string) => within((await screen.findByRole('link', { name: title })).closest('li')!).getByText(/^#\d+$/).parentElement!;
    expect(await meta('Closed by its author')).toHaveTextContent(/^#20\sby jonasweber was closed .+ ago$/);
    expect(await meta('Closed by a maintainer')).toHaveTextContent(/^#21\sby jonasweber was closed by mona .+ ago$/);
    expect(await meta('A merged fix')).toHaveTextContent(/^#22\sby amara-o was merged .+ ago$/);
    expect((await meta('A merged fix')).querySelector('time')).toHaveAttribute('dateTime', '2024-02-28T12:00:00Z');
    expect(await meta('A pull request closed unmerged')).toHaveTextContent(/^#23\sby bob was closed .+ ago$/);
    // The author stays a filter.
    expect(within((await screen.findByRole('link', { name: 'Closed by a maintainer' })).closest('li')!).getByRole('button', { name: 'jonasweber' })).toBeInTheDocument();
  });

  it('builds the first request of a shared URL from its parameters', async () => {
    const { api } = renderApp(['/acme/rocket/issues?state=closed&labels=bug&per_page=50&page=3&sort=updated&direction=asc'], { handler: listHandler });
    await screen.findByRole('link', { name: 'Rocket explodes on launch' });
    const listCalls = api.calls.filter((u) => u.includes('/issues?'));
    expect(listCalls).toHaveLength(1);
    const sent = new URL(listCalls[0]!).searchParams;
    expect(Object.fromEntries(sent)).toEqual({ state: 'closed', labels: 'bug', sort: 'updated', direction: 'asc', per_page: '50', page: '3' });
  });

  it('adds a clicked label to the query in the URL, keeping what was typed', async () => {
    const user = userEvent.setup();
    const { router } = renderApp(['/acme/rocket/issues?q=is%3Aclosed++label%3Adocs&page=2'], { handler: listHandler });
    await user.click(await screen.findByRole('button', { name: 'Filter by label bug' }));
    await waitFor(() => expect(currentSearch(router).get('q')).toBe('is:closed  label:docs label:bug'));
    // A new query starts again at the first page.
    expect(currentSearch(router).get('page')).toBeNull();
  });

  it('filters by author when an author is clicked', async () => {
    const user = userEvent.setup();
    const { router } = renderApp(['/acme/rocket/issues?q=is%3Aopen'], { handler: listHandler });
    await user.click(await screen.findByRole('button', { name: 'bob' }));
    await waitFor(() => expect(currentSearch(router).get('q')).toBe('is:open author:bob'));
  });

  it('searches the repository on Enter, with the total and the matched words marked', async () => {
    const user = userEvent.setup();
    const { router, api } = renderApp(['/acme/rocket/issues?q=is%3Aopen'], {
      handler: (url) => (url.pathname.endsWith('/search/issues') ? searchResult([makeIssue(40, { title: 'Launch crashes on Windows' })], 1234) : listHandler(url)),
    });
    await screen.findByRole('link', { name: 'Rocket explodes on launch' });
    const box = screen.getByRole('combobox', { name: 'Search issues and pull requests' });
    await user.clear(box);
    await user.type(box, 'is:open windows{Enter}');

    await waitFor(() => expect(currentSearch(router).get('q')).toBe('is:open windows'));
    expect(await screen.findByRole('heading', { name: '1,234 Open' })).toBeInTheDocument();
    // The page of results (the default view before it may have asked a count of one entry).
    const searched = new URL(api.calls.find((u) => u.includes('/search/issues') && !u.includes('per_page=1&'))!);
    expect(searched.searchParams.get('q')).toBe('repo:acme/rocket is:open windows');
    const title = screen.getByRole('link', { name: 'Launch crashes on Windows' });
    expect(within(title).getByText('Windows').tagName).toBe('MARK');
    // One search for the whole query, not one per key (counts of one entry aside).
    expect(api.calls.filter((u) => u.includes('/search/issues') && !u.includes('per_page=1&'))).toHaveLength(1);
  });

  it('shows the service’s message for a query it refuses, and keeps the box editable', async () => {
    const user = userEvent.setup();
    renderApp(['/acme/rocket/issues?q=comments%3A%3E%3E3'], {
      handler: (url) =>
        url.pathname.endsWith('/search/issues')
          ? new ValidationError('Validation Failed', [{ resource: 'Search', field: 'q', code: 'invalid', message: 'comments:>>3 is not a number or range (e.g. comments:>10 or comments:5..20)' }], null, null)
          : listHandler(url),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('The service refused this query: comments:>>3 is not a number or range');
    const box = screen.getByRole('combobox', { name: 'Search issues and pull requests' });
    expect(box).toHaveValue('comments:>>3');
    await user.type(box, '0');
    expect(box).toHaveValue('comments:>>30');
  });

  it('switches to pull requests by editing the query', async () => {
    const user = userEvent.setup();
    const { router } = renderApp(['/acme/rocket/issues?q=is%3Aopen+crash'], { handler: listHandler });
    await user.click(await screen.findByRole('button', { name: 'Pull requests' }));
    await waitFor(() => expect(currentSearch(router).get('q')).toBe('is:open crash is:pr'));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Pull requests' })).toHaveAttribute('aria-pressed', 'true'));
    await user.click(screen.getByRole('link', { name: 'Closed' }));
    await waitFor(() => expect(currentSearch(router).get('q')).toBe('is:closed crash is:pr'));
  });

  it('suggests qualifiers and labels as you type, in a combobox', async () => {
    const user = userEvent.setup();
    renderApp(['/acme/rocket/issues?q=is%3Aopen'], { handler: listHandler });
    await screen.findByRole('link', { name: 'Rocket explodes on launch' });
    const box = screen.getByRole('combobox', { name: 'Search issues and pull requests' });
    await user.clear(box);
    await user.type(box, 'lab');
    const listbox = await screen.findByRole('listbox', { name: 'Suggestions' });
    expect(box).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{ArrowDown}');
    expect(within(listbox).getByRole('option', { name: /label:/ })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');
    expect(box).toHaveValue('label:');
    await user.type(box, 'b');
    await user.click(await screen.findByRole('option', { name: /label:bug/ }));
    expect(box).toHaveValue('label:bug ');
    await user.keyboard('{Escape}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
  });

  it('follows the Link rels with the pager and shows "Page 2 of 5"', async () => {
    const user = userEvent.setup();
    const { router, api } = renderApp(['/acme/rocket/issues?q=is%3Aopen'], { handler: listHandler });
    await screen.findByRole('link', { name: 'Rocket explodes on launch' });
    // The pager's chunk loads once the rows show (useRowsShown).
    const pager = await screen.findByRole('navigation', { name: 'Pagination' });
    expect(within(pager).getByText(/Page/).textContent).toBe('Page 1 of 5');
    expect(within(pager).getByRole('link', { name: 'Previous' })).toHaveAttribute('aria-disabled', 'true');
    expect(within(pager).getByRole('link', { name: 'First' })).toHaveAttribute('aria-disabled', 'true');

    await user.click(within(pager).getByRole('link', { name: 'Next' }));

    await waitFor(() => expect(within(screen.getByRole('navigation', { name: 'Pagination' })).getByText(/Page/).textContent).toBe('Page 2 of 5'));
    expect(currentSearch(router).get('page')).toBe('2');
    // spec 4.2 rule 3: the exact URL the service sent, not one we built.
    expect(api.calls).toContain(pageUrl('acme', 'rocket', 2));
    expect(api.calls.filter((u) => u.includes('/issues?') && u.includes('page=2'))).toEqual([pageUrl('acme', 'rocket', 2)]);
    expect(within(screen.getByRole('navigation', { name: 'Pagination' })).getByRole('link', { name: 'Previous' })).not.toHaveAttribute('aria-disabled');

    await user.click(within(screen.getByRole('navigation', { name: 'Pagination' })).getByRole('link', { name: 'Last' }));
    await waitFor(() => expect(currentSearch(router).get('page')).toBe('5'));
    await waitFor(() => expect(within(screen.getByRole('navigation', { name: 'Pagination' })).getByText(/Page/).textContent).toBe('Page 5 of 5'));
    expect(within(screen.getByRole('navigation', { name: 'Pagination' })).getByRole('link', { name: 'Next' })).toHaveAttribute('aria-disabled', 'true');
  });

  it('names the page whose rows it shows while the next one loads, so Next never leads back', async () => {
    const user = userEvent.setup();
    let releasePageThree: () => void = () => {};
    const pageThreeHeld = new Promise<void>((resolve) => (releasePageThree = resolve));
    const { router } = renderApp(['/acme/rocket/issues?q=is%3Aopen&page=2'], {
      handler: async (url) => {
        if (!url.pathname.endsWith('/repos/acme/rocket/issues')) return undefined;
        const page = Number(url.searchParams.get('page') ?? '1');
        if (page === 3) await pageThreeHeld;
        return ok([makeIssue(100 - page, { title: `First of page ${page}` })], {
          links: links('acme', 'rocket', { first: 1, prev: page - 1, next: page + 1, last: 5 }),
        });
      },
    });
    await screen.findByRole('link', { name: 'First of page 2' });
    // The pager's chunk loads once the rows show (useRowsShown).
    await screen.findByRole('navigation', { name: 'Pagination' });
    const pager = () => screen.getByRole('navigation', { name: 'Pagination' });

    await user.click(within(pager()).getByRole('link', { name: 'Next' }));
    await waitFor(() => expect(currentSearch(router).get('page')).toBe('3'));

    // Page 3 is requested: the list shows it is loading.
    await waitFor(() => expect(screen.getByRole('progressbar', { name: 'Loading the page' })).toBeInTheDocument());
    // Page 3 is on its way: what shows is page 2, and says so, and its Next goes on to page 3.
    expect(screen.getByRole('link', { name: 'First of page 2' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Issues, page 2' })).toBeInTheDocument();
    expect(within(pager()).getByText(/Page/).textContent).toBe('Page 2 of 5');
    expect(within(pager()).getByRole('link', { name: 'Next' })).toHaveAttribute('href', '/acme/rocket/issues?q=is%3Aopen&page=3');

    releasePageThree();
    expect(await screen.findByRole('link', { name: 'First of page 3' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Issues, page 3' })).toBeInTheDocument();
    expect(within(pager()).getByText(/Page/).textContent).toBe('Page 3 of 5');
  });

  it('says a page past the end is past the end, with a way back, not an error', async () => {
    renderApp(['/acme/rocket/issues?q=is%3Aopen&page=9'], { handler: listHandler });
    expect(await screen.findByRole('heading', { name: 'Page 9 is past the end of this list' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the last page (5)' })).toHaveAttribute('href', '/acme/rocket/issues?q=is%3Aopen&page=5');
    expect(screen.getByRole('link', { name: 'Go to the first page' })).toHaveAttribute('href', '/acme/rocket/issues?q=is%3Aopen');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows a cold load as skeleton rows, announced as loading', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    renderApp(['/acme/rocket/issues?q=is%3Aopen'], {
      handler: async (url) => {
        if (url.pathname.endsWith('/issues')) {
          await gate;
          return ok(pageOne());
        }
        return undefined;
      },
    });
    expect(await screen.findByText('Loading issues…')).toBeInTheDocument();
    release();
    expect(await screen.findByRole('link', { name: 'Rocket explodes on launch' })).toBeInTheDocument();
  });

  it('moves a selection with j and k and opens it with o', async () => {
    const user = userEvent.setup();
    const { router } = renderApp(['/acme/rocket/issues?q=is%3Aopen'], { handler: listHandler });
    await screen.findByRole('link', { name: 'Rocket explodes on launch' });
    await user.keyboard('j');
    expect(screen.getByRole('link', { name: 'Rocket explodes on launch' })).toHaveFocus();
    await user.keyboard('j');
    expect(screen.getByRole('link', { name: 'Write the launch guide' })).toHaveFocus();
    await user.keyboard('k');
    expect(screen.getByRole('link', { name: 'Rocket explodes on launch' })).toHaveFocus();
    (document.activeElement as HTMLElement).blur();
    await user.keyboard('o');
    await waitFor(() => expect(router.state.location.pathname).toBe('/acme/rocket/issues/12'));
  });

  it('focuses the search box with / and opens the shortcuts with ?', async () => {
    const user = userEvent.setup();
    renderApp(['/acme/rocket/issues?q='], { handler: listHandler });
    await screen.findByRole('link', { name: 'Rocket explodes on launch' });
    await user.keyboard('/');
    expect(screen.getByRole('combobox', { name: 'Search issues and pull requests' })).toHaveFocus();
    // Typing in the field is text, not a shortcut.
    await user.keyboard('j');
    expect(screen.getByRole('combobox', { name: 'Search issues and pull requests' })).toHaveValue('j');
    await user.click(document.body);
    (document.activeElement as HTMLElement).blur();
    await user.keyboard('?');
    const shortcuts = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    // The table is a lazy chunk, loaded on the first opening.
    expect(await within(shortcuts).findByRole('cell', { name: 'Select the next issue' })).toBeInTheDocument();
  });

  it('saves the current filters as a named view', async () => {
    const user = userEvent.setup();
    const { services } = renderApp(['/acme/rocket/issues?q=is%3Aclosed+label%3Abug&page=3'], { handler: listHandler });
    await screen.findByRole('link', { name: 'Rocket explodes on launch' });
    await user.click(screen.getByRole('button', { name: 'Save view' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save this view' });
    await user.type(within(dialog).getByLabelText('Name'), 'Closed bugs');
    await user.click(within(dialog).getByRole('button', { name: 'Save view' }));
    expect(services.savedViews.getSnapshot()).toEqual([
      expect.objectContaining({ name: 'Closed bugs', owner: 'acme', repo: 'rocket', search: '?q=is%3Aclosed+label%3Abug' }),
    ]);
  });
});

describe('the base URL in requests', () => {
  it('sends requests to the configured service', async () => {
    const { api } = renderApp(['/acme/rocket/issues?q=is%3Aopen'], { handler: listHandler });
    await screen.findByRole('link', { name: 'Rocket explodes on launch' });
    expect(api.calls.every((u) => u.startsWith(TEST_BASE_URL))).toBe(true);
  });
});
