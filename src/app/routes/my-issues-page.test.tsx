import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { RateLimitedError, ValidationError } from '../api/api-errors';
import { makeIssue, searchResult, TEST_BASE_URL } from '../../../test-support/app/fake-api';
import { renderApp } from '../../../test-support/app/render-app';

const WAIT = { timeout: 15_000 };
const searches = (calls: readonly string[]) => calls.filter((call) => new URL(call).pathname.endsWith('/search/issues')).map((call) => new URL(call).searchParams);

describe('/issues, your issues across repositories', () => {
  it('without a token says why there is nothing to list, and leads to Settings, asking nothing', async () => {
    const { api } = renderApp(['/issues']);
    expect(await screen.findByRole('heading', { name: 'Your issues need a token' }, WAIT)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Add a token in Settings' })).toHaveAttribute('href', '/settings');
    expect(screen.queryByRole('list', { name: /Issues, page/ })).toBeNull();
    expect(searches(api.calls)).toEqual([]);
  });

  it('lists what is assigned to you in every repository, each row naming its repository and opening its issue', async () => {
    const { api, router } = renderApp(['/issues'], {
      token: 't0ken',
      handler: (url) =>
        url.pathname.endsWith('/search/issues') ? searchResult([makeIssue(7, { title: 'Fuel gauge drifts' }), makeIssue(3, { title: 'Docs typo' }, 'nebula', 'docs')], 2) : undefined,
    });
    const list = await screen.findByRole('list', { name: 'Issues, page 1' }, WAIT);
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByRole('link', { name: 'nebula/docs' })).toHaveAttribute('href', '/nebula/docs/issues');
    expect(within(list).getByRole('link', { name: 'Docs typo' })).toHaveAttribute('href', '/nebula/docs/issues/3');
    expect(screen.getByRole('heading', { name: '2 results' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Assigned to you' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('combobox', { name: 'Search issues and pull requests' })).toHaveValue('is:issue state:open archived:false assignee:@me sort:updated-desc');
    const [first] = searches(api.calls);
    expect(first?.get('q')).toBe('is:issue state:open archived:false assignee:@me sort:updated-desc');

    await userEvent.click(screen.getByRole('link', { name: 'Mentioning you' }));
    await waitFor(() => expect(searches(api.calls).map((q) => q.get('q'))).toContain('is:issue state:open archived:false mentions:@me sort:updated-desc'), WAIT);
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('is:issue state:open archived:false mentions:@me sort:updated-desc');
    expect(screen.getByRole('link', { name: 'Mentioning you' })).toHaveAttribute('aria-current', 'page');
  });

  it('takes a query typed in the box into the address, and says what the service refused', async () => {
    const { router } = renderApp(['/issues'], {
      token: 't0ken',
      handler: (url) =>
        url.pathname.endsWith('/search/issues') && (url.searchParams.get('q') ?? '').includes('is:starred')
          ? new ValidationError('Validation Failed', [{ resource: 'Search', field: 'q', code: 'invalid', message: '“is:starred” is not a value is: takes' }], null, null)
          : undefined,
    });
    const box = await screen.findByRole('combobox', { name: 'Search issues and pull requests' }, WAIT);
    await userEvent.clear(box);
    await userEvent.type(box, 'is:starred author:@me{Enter}');
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('q')).toBe('is:starred author:@me'), WAIT);
    expect(await screen.findByRole('alert', undefined, WAIT)).toHaveTextContent('The service refused this query: “is:starred” is not a value is: takes');
    expect(screen.getByRole('heading', { name: 'Your query' })).toBeVisible();
    expect(within(screen.getByRole('navigation', { name: 'Your issues' })).queryByRole('link', { current: 'page' })).toBeNull();
  });

  it('moves through the rows with j and k and opens the selected one with Enter or o, as a repository list does; ? lists the keys here', async () => {
    const user = userEvent.setup();
    const { router } = renderApp(['/issues'], {
      token: 't0ken',
      handler: (url) =>
        url.pathname.endsWith('/search/issues') ? searchResult([makeIssue(7, { title: 'Fuel gauge drifts' }), makeIssue(3, { title: 'Docs typo' }, 'nebula', 'docs')], 2) : undefined,
    });
    const list = await screen.findByRole('list', { name: 'Issues, page 1' }, WAIT);
    await user.keyboard('j');
    expect(within(list).getByRole('link', { name: 'Fuel gauge drifts' })).toHaveFocus();
    await user.keyboard('j');
    expect(within(list).getByRole('link', { name: 'Docs typo' })).toHaveFocus();
    // The last row stays selected; k goes back.
    await user.keyboard('j');
    expect(within(list).getByRole('link', { name: 'Docs typo' })).toHaveFocus();
    await user.keyboard('k');
    expect(within(list).getByRole('link', { name: 'Fuel gauge drifts' })).toHaveFocus();
    expect(within(list).getAllByRole('listitem')[0]).toHaveAttribute('data-selected', 'true');

    (document.activeElement as HTMLElement).blur();
    await user.keyboard('?');
    const shortcuts = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    const next = await within(shortcuts).findByRole('row', { name: /Select the next issue/ });
    expect(next).toHaveTextContent('Your issues');
    await user.click(within(shortcuts).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Keyboard shortcuts' })).toBeNull());

    // The selection without focus: Enter opens it, in its own repository.
    await user.keyboard('j');
    (document.activeElement as HTMLElement).blur();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/nebula/docs/issues/3'));
  });

  it('opens the selected row with o', async () => {
    const user = userEvent.setup();
    const { router } = renderApp(['/issues'], {
      token: 't0ken',
      handler: (url) => (url.pathname.endsWith('/search/issues') ? searchResult([makeIssue(7, { title: 'Fuel gauge drifts' }), makeIssue(3, { title: 'Docs typo' }, 'nebula', 'docs')], 2) : undefined),
    });
    await screen.findByRole('list', { name: 'Issues, page 1' }, WAIT);
    await user.keyboard('j');
    (document.activeElement as HTMLElement).blur();
    await user.keyboard('o');
    await waitFor(() => expect(router.state.location.pathname).toBe('/acme/rocket/issues/7'));
  });

  it('pages by the Link the service sent', async () => {
    const next = `${TEST_BASE_URL}/search/issues?q=is%3Aissue+state%3Aopen+archived%3Afalse+assignee%3A%40me+sort%3Aupdated-desc&per_page=30&page=2&via=link`;
    const { api } = renderApp(['/issues'], {
      token: 't0ken',
      handler: (url) => {
        if (!url.pathname.endsWith('/search/issues')) return undefined;
        // Only the URL the service sent carries `via=link`: a page built from the address would not say "On page two".
        return url.searchParams.get('page') === '2'
          ? searchResult([makeIssue(40, { title: url.searchParams.has('via') ? 'On page two' : 'Built from the address' })], 31, { links: { prev: next.replace('page=2', 'page=1'), first: next.replace('page=2', 'page=1') } })
          : searchResult(Array.from({ length: 30 }, (_, i) => makeIssue(100 - i)), 31, { links: { next, last: next } });
      },
    });
    const pager = await screen.findByRole('navigation', { name: 'Pagination' }, WAIT);
    await userEvent.click(within(pager).getByRole('link', { name: 'Next' }));
    expect(await screen.findByRole('link', { name: 'On page two' }, WAIT)).toBeVisible();
    expect(api.calls.filter((call) => new URL(call).searchParams.get('page') === '2')).toEqual([next]);
  });

  it('says the search budget is spent as the repository list does, with the search budget in the header', async () => {
    const resetAt = Date.now() + 3_600_000;
    const searchSpent = { limit: 30, remaining: 0, used: 30, resetAt, resource: 'search', observedAt: Date.now() };
    renderApp(['/issues'], {
      token: 't0ken',
      handler: (url) => (url.pathname.endsWith('/search/issues') ? new RateLimitedError('API rate limit exceeded', 403, 'primary', resetAt, null, searchSpent) : undefined),
    });
    const panel = (await screen.findByRole('heading', { name: 'Rate limit reached' }, WAIT)).closest('section')!;
    expect(panel).toHaveTextContent(/resets at \d\d:\d\d:\d\d [AP]M/);
    expect(screen.getByRole('group', { name: 'Search rate limit' })).toHaveTextContent('0 / 30');
    expect(screen.queryByRole('list', { name: /Issues, page/ })).toBeNull();
  });

  it('saves its query as a view, listed beside the built-in ones and on the start page, opening /issues again', async () => {
    const user = userEvent.setup();
    const q = 'is:issue state:open author:@me label:bug';
    const { services, router } = renderApp([`/issues?${new URLSearchParams({ q, page: '2' }).toString()}`], {
      token: 't0ken',
      handler: (url) => (url.pathname.endsWith('/search/issues') ? searchResult([makeIssue(7, { title: 'Fuel gauge drifts' })], 1) : undefined),
    });
    await screen.findByRole('link', { name: 'Fuel gauge drifts' }, WAIT);
    await user.click(screen.getByRole('button', { name: 'Save view' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save this view' }, WAIT);
    expect(dialog).toHaveTextContent('Saves your issues across repositories with');
    await user.type(within(dialog).getByLabelText('Name'), 'My bugs');
    await user.click(within(dialog).getByRole('button', { name: 'Save view' }));
    expect(services.savedViews.getSnapshot()).toEqual([expect.objectContaining({ name: 'My bugs', owner: '', repo: '', search: `?${new URLSearchParams({ q }).toString()}` })]);

    const views = screen.getByRole('navigation', { name: 'Your issues' });
    const saved = await within(views).findByRole('link', { name: 'My bugs' }, WAIT);
    expect(saved).toHaveAttribute('href', `/issues?${new URLSearchParams({ q }).toString()}`);

    await router.navigate('/');
    await screen.findByRole('heading', { name: 'Browse a repository’s issues' }, WAIT);
    const start = await screen.findByRole('link', { name: 'My bugs' }, WAIT);
    expect(start).toHaveAttribute('href', `/issues?${new URLSearchParams({ q }).toString()}`);
    expect(start.closest('li')).toHaveTextContent('Your issues');
  });
});
