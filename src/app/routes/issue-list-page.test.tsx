import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  BadCredentialsError,
  ForbiddenError,
  NetworkError,
  NotFoundError,
  RateLimitedError,
  ServerError,
  ValidationError,
} from '../api/api-errors';
import { links, makeIssue, makeLabel, makeRepository, makeUser, ok, pageUrl, TEST_BASE_URL } from '../testing/fake-api';
import { renderApp } from '../testing/render-app';

const bug = makeLabel('bug', 'd73a4a', 'Something is broken');
const docs = makeLabel('docs', '0075ca');

function pageOne() {
  return [
    makeIssue(12, { title: 'Rocket explodes on launch', labels: [bug], body: '- [x] reproduce\n- [ ] fix\n- [x] test\n```\n- [ ] not a task\n```', comments: 3 }),
    makeIssue(11, { title: 'Write the launch guide', labels: [docs], user: makeUser('bob'), assignees: [makeUser('carol')] }),
    makeIssue(10, { title: 'Add a countdown', pull_request: { url: '', html_url: '', diff_url: '', patch_url: '', merged_at: null } }),
  ];
}

function listHandler(url: URL) {
  if (url.pathname.endsWith('/repos/acme/rocket/issues')) {
    const page = Number(url.searchParams.get('page') ?? '1');
    return ok(page <= 5 ? pageOne() : [], {
      links: page <= 5 ? links('acme', 'rocket', { ...(page > 1 ? { first: 1, prev: page - 1 } : {}), ...(page < 5 ? { next: page + 1, last: 5 } : {}) }) : links('acme', 'rocket', { first: 1, prev: 5, last: 5 }),
    });
  }
  return undefined;
}

function currentSearch(router: ReturnType<typeof renderApp>['router']): URLSearchParams {
  return new URLSearchParams(router.state.location.search);
}

afterEach(() => {
  vi.useRealTimers();
});

/** Fake clock and timers; React's scheduler (setImmediate, MessageChannel) keeps running for real. */
function useFakeClock(): void {
  vi.useFakeTimers({
    shouldAdvanceTime: true,
    now: new Date('2024-05-01T12:00:00Z'),
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
  });
}

describe('the issue list', () => {
  it('renders rows with labels and task progress from a page', async () => {
    renderApp(['/acme/rocket/issues'], { handler: listHandler });

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

  it('builds the first request of a shared URL from its parameters', async () => {
    const { api } = renderApp(['/acme/rocket/issues?state=closed&labels=bug&per_page=50&page=3&sort=updated&direction=asc'], { handler: listHandler });
    await screen.findByRole('link', { name: 'Rocket explodes on launch' });
    const listCalls = api.calls.filter((u) => u.includes('/issues?'));
    expect(listCalls).toHaveLength(1);
    const sent = new URL(listCalls[0]!).searchParams;
    expect(Object.fromEntries(sent)).toEqual({ state: 'closed', labels: 'bug', sort: 'updated', direction: 'asc', per_page: '50', page: '3' });
  });

  it('adds a clicked label to the URL', async () => {
    const user = userEvent.setup();
    const { router } = renderApp(['/acme/rocket/issues?state=closed&page=2'], { handler: listHandler });
    await user.click(await screen.findByRole('button', { name: 'Filter by label bug' }));
    await waitFor(() => expect(currentSearch(router).get('labels')).toBe('bug'));
    // A new filter starts again at the first page.
    expect(currentSearch(router).get('page')).toBeNull();
    expect(currentSearch(router).get('state')).toBe('closed');
    // The navigation runs the list's loader and renders again: allow a busy machine more than a second.
    expect(await screen.findByRole('button', { name: 'Remove filter Label: bug' }, { timeout: 5000 })).toBeInTheDocument();
  });

  it('filters by author when an author is clicked', async () => {
    const user = userEvent.setup();
    const { router } = renderApp(['/acme/rocket/issues'], { handler: listHandler });
    await user.click(await screen.findByRole('button', { name: 'bob' }));
    await waitFor(() => expect(currentSearch(router).get('creator')).toBe('bob'));
  });

  it('filters the loaded rows as you type, without a request, replacing history', async () => {
    const user = userEvent.setup();
    const { router, api } = renderApp(['/acme/rocket/issues'], { handler: listHandler });
    await screen.findByRole('link', { name: 'Rocket explodes on launch' });
    const listRequests = () => api.calls.filter((u) => u.includes('/issues?')).length;
    const requestsBefore = listRequests();

    await user.type(screen.getByRole('searchbox', { name: /filter the issues on this page/i }), 'launch');

    await waitFor(() => expect(currentSearch(router).get('q')).toBe('launch'));
    expect(screen.getByRole('link', { name: 'Rocket explodes on launch' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Write the launch guide' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add a countdown' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '2 of 3 on this page' })).toBeInTheDocument();
    // Each key replaced the entry instead of pushing one, and the service was not asked again.
    expect(router.state.historyAction).toBe('REPLACE');
    expect(listRequests()).toBe(requestsBefore);
  });

  it('shows only pull requests on the page with the type filter, and says how many of the page match', async () => {
    const user = userEvent.setup();
    renderApp(['/acme/rocket/issues'], { handler: listHandler });
    await screen.findByRole('link', { name: 'Rocket explodes on launch' });
    await user.click(screen.getByRole('button', { name: 'Pull requests' }));
    expect(await screen.findByRole('heading', { name: '1 of 3 on this page' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Rocket explodes on launch' })).not.toBeInTheDocument();
  });

  it('follows the Link rels with the pager and shows "Page 2 of 5"', async () => {
    const user = userEvent.setup();
    const { router, api } = renderApp(['/acme/rocket/issues'], { handler: listHandler });
    await screen.findByRole('link', { name: 'Rocket explodes on launch' });
    const pager = screen.getByRole('navigation', { name: 'Pagination' });
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
    const { router } = renderApp(['/acme/rocket/issues?page=2'], {
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
    const pager = () => screen.getByRole('navigation', { name: 'Pagination' });

    await user.click(within(pager()).getByRole('link', { name: 'Next' }));
    await waitFor(() => expect(currentSearch(router).get('page')).toBe('3'));

    // Page 3 is requested: the list shows it is loading.
    await waitFor(() => expect(screen.getByRole('progressbar', { name: 'Loading the page' })).toBeInTheDocument());
    // Page 3 is on its way: what shows is page 2, and says so, and its Next goes on to page 3.
    expect(screen.getByRole('link', { name: 'First of page 2' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Issues, page 2' })).toBeInTheDocument();
    expect(within(pager()).getByText(/Page/).textContent).toBe('Page 2 of 5');
    expect(within(pager()).getByRole('link', { name: 'Next' })).toHaveAttribute('href', '/acme/rocket/issues?page=3');

    releasePageThree();
    expect(await screen.findByRole('link', { name: 'First of page 3' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Issues, page 3' })).toBeInTheDocument();
    expect(within(pager()).getByText(/Page/).textContent).toBe('Page 3 of 5');
  });

  it('says a page past the end is past the end, with a way back, not an error', async () => {
    renderApp(['/acme/rocket/issues?page=9'], { handler: listHandler });
    expect(await screen.findByRole('heading', { name: 'Page 9 is past the end of this list' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the last page (5)' })).toHaveAttribute('href', '/acme/rocket/issues?page=5');
    expect(screen.getByRole('link', { name: 'Go to the first page' })).toHaveAttribute('href', '/acme/rocket/issues');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows a cold load as skeleton rows, announced as loading', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    renderApp(['/acme/rocket/issues'], {
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
    const { router } = renderApp(['/acme/rocket/issues'], { handler: listHandler });
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

  it('focuses the text filter with / and opens the shortcuts with ?', async () => {
    const user = userEvent.setup();
    renderApp(['/acme/rocket/issues'], { handler: listHandler });
    await screen.findByRole('link', { name: 'Rocket explodes on launch' });
    await user.keyboard('/');
    expect(screen.getByRole('searchbox', { name: /filter the issues/i })).toHaveFocus();
    // Typing in the field is text, not a shortcut.
    await user.keyboard('j');
    expect(screen.getByRole('searchbox', { name: /filter the issues/i })).toHaveValue('j');
    await user.click(document.body);
    (document.activeElement as HTMLElement).blur();
    await user.keyboard('?');
    const shortcuts = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    // The table is a lazy chunk, loaded on the first opening.
    expect(await within(shortcuts).findByRole('cell', { name: 'Select the next issue' })).toBeInTheDocument();
  });

  it('saves the current filters as a named view', async () => {
    const user = userEvent.setup();
    const { services } = renderApp(['/acme/rocket/issues?state=closed&labels=bug&page=3'], { handler: listHandler });
    await screen.findByRole('link', { name: 'Rocket explodes on launch' });
    await user.click(screen.getByRole('button', { name: 'Save view' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save this view' });
    await user.type(within(dialog).getByLabelText('Name'), 'Closed bugs');
    await user.click(within(dialog).getByRole('button', { name: 'Save view' }));
    expect(services.savedViews.getSnapshot()).toEqual([
      expect.objectContaining({ name: 'Closed bugs', owner: 'acme', repo: 'rocket', search: '?state=closed&labels=bug' }),
    ]);
  });
});

describe('the issue list, when something fails', () => {
  function failing(error: Error) {
    return (url: URL) => (url.pathname.endsWith('/repos/acme/rocket/issues') ? error : undefined);
  }

  it('says Bad credentials on a 401 and links to Settings', async () => {
    renderApp(['/acme/rocket/issues'], { handler: failing(new BadCredentialsError('Bad credentials', 401)) });
    expect(await screen.findByRole('heading', { name: 'Bad credentials' })).toBeInTheDocument();
    expect(screen.getByText('Bad credentials: your token is invalid, expired or revoked.')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /settings/i }).some((a) => a.getAttribute('href') === '/settings')).toBe(true);
  });

  it('says Not found without telling missing from private on a 404', async () => {
    renderApp(['/acme/nope/issues'], { handler: (url) => (url.pathname.includes('/acme/nope') ? new NotFoundError('Not Found', 404) : undefined) });
    expect(await screen.findByText('Not found: the repository does not exist or your token has no access to it.')).toBeInTheDocument();
  });

  it('tells a permission 403 from a rate limit', async () => {
    renderApp(['/acme/rocket/issues'], { handler: failing(new ForbiddenError('Resource not accessible by personal access token', 403)) });
    expect(await screen.findByText('Forbidden: your token is not allowed to read this.')).toBeInTheDocument();
    expect(screen.getByText('Resource not accessible by personal access token')).toBeInTheDocument();
  });

  it('tries again from the error element when Retry is pressed', async () => {
    const user = userEvent.setup();
    let allowed = false;
    renderApp(['/acme/rocket/issues'], {
      handler: (url) => {
        if (!url.pathname.endsWith('/issues')) return undefined;
        return allowed ? listHandler(url) : new ForbiddenError('Resource not accessible by personal access token', 403);
      },
    });
    expect(await screen.findByText('Forbidden: your token is not allowed to read this.')).toBeInTheDocument();
    allowed = true;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'Rocket explodes on launch' })).toBeInTheDocument();
  });

  it('shows a 422 next to the invalid filter', async () => {
    renderApp(['/acme/rocket/issues?since=2024-05-01'], {
      handler: failing(new ValidationError('Validation Failed', [{ resource: 'Issue', field: 'since', code: 'invalid', value: '2024-05-01T00:00:00Z' }], null, null)),
    });
    const since = await screen.findByLabelText('Updated since');
    await waitFor(() => expect(since).toHaveAttribute('aria-invalid', 'true'));
    const message = document.getElementById(since.getAttribute('aria-describedby')!)!;
    expect(message).toHaveTextContent('Validation Failed');
    expect(message).toHaveTextContent('Use a date such as 2024-05-01');
  });

  it('flags an invalid filter in the URL without sending it', async () => {
    const { api } = renderApp(['/acme/rocket/issues?labels=bug,,ui'], { handler: listHandler });
    expect(await screen.findByRole('heading', { name: 'Fix the highlighted filter to see issues' })).toBeInTheDocument();
    expect(screen.getByText(/Label names are separated by commas/)).toBeInTheDocument();
    expect(api.calls.some((u) => u.includes('/issues?'))).toBe(false);
  });

  it('waits out a 429 with a countdown', async () => {
    const retryAt = Date.now() + 10 * 60_000;
    renderApp(['/acme/rocket/issues'], { handler: failing(new RateLimitedError('You have exceeded a secondary rate limit', 429, 'secondary', retryAt, null, null)) });
    expect(await screen.findByRole('heading', { name: 'Too many requests at once' })).toBeInTheDocument();
    expect(screen.getAllByText(/\(in 10:00\)|\(in 9:5\d\)/).length).toBeGreaterThan(0);
  });

  it('retries a 5xx with backoff, then offers a Retry button that works', async () => {
    let failures = 0;
    let healthy = false;
    renderApp(['/acme/rocket/issues'], {
      fastRetries: true,
      handler: (url) => {
        if (!url.pathname.endsWith('/issues')) return undefined;
        if (healthy) return ok(pageOne());
        failures += 1;
        return new ServerError('The service is temporarily unavailable.', 503);
      },
    });
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'The service failed (503)' }, { timeout: 3000 })).toBeInTheDocument();
    // spec 7.2: the first try and three retries, at least, before giving up.
    expect(failures).toBeGreaterThanOrEqual(4);
    healthy = true;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'Rocket explodes on launch' })).toBeInTheDocument();
  });

  it('says when the service cannot be reached', async () => {
    renderApp(['/acme/rocket/issues'], { fastRetries: true, handler: failing(new NetworkError('Could not reach http://api.test.')) });
    expect(await screen.findByRole('heading', { name: 'Can’t reach the service' }, { timeout: 3000 })).toBeInTheDocument();
  });

  it('shows an offline page from the cache with a banner', async () => {
    renderApp(['/acme/rocket/issues'], { handler: (url) => (url.pathname.endsWith('/issues') ? ok(pageOne(), { offline: true, status: 0 }) : undefined) });
    expect(await screen.findByText(/You are offline\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Rocket explodes on launch' })).toBeInTheDocument();
  });

  it('notes that a 304 cost nothing', async () => {
    renderApp(['/acme/rocket/issues'], { handler: (url) => (url.pathname.endsWith('/issues') ? ok(pageOne(), { notModified: true, status: 304 }) : undefined) });
    expect(await screen.findByText('cached · 0 credits')).toBeInTheDocument();
  });

  it('follows a renamed repository to its new name, keeping the filters, and says so', async () => {
    const { router } = renderApp(['/acme/launch-pad/issues?state=closed'], {
      handler: (url) => {
        if (url.pathname.includes('/launch-pad')) {
          return ok(url.pathname.endsWith('/issues') ? pageOne() : makeRepository('acme', 'launchpad'), { movedTo: 'acme/launchpad' });
        }
        if (url.pathname.endsWith('/launchpad/issues')) return ok(pageOne());
        return undefined;
      },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/acme/launchpad/issues'));
    expect(router.state.location.search).toBe('?state=closed');
    expect(router.state.historyAction).toBe('REPLACE');
    const notice = await screen.findByText(/was renamed to/);
    expect(notice.closest('p')).toHaveTextContent('acme/launch-pad was renamed to acme/launchpad');
  });
});

describe('the rate-limit gauge and paging', () => {
  it('disables paging at 0 remaining and re-enables it by itself after the reset', async () => {
    useFakeClock();
    const resetAt = Date.now() + 90_000;
    const { api } = renderApp(['/acme/rocket/issues'], { handler: listHandler });
    await screen.findByRole('link', { name: 'Rocket explodes on launch' });
    // The start-up reading of GET /rate_limit first; then an answer's headers say the quota is spent.
    await waitFor(() => expect(screen.getByRole('group', { name: 'API rate limit' })).toHaveTextContent('4,990 / 5,000'));
    const next = () => within(screen.getByRole('navigation', { name: 'Pagination' })).getByRole('link', { name: 'Next' });
    expect(next()).not.toHaveAttribute('aria-disabled');

    act(() => api.reportRateLimit({ limit: 60, remaining: 0, used: 60, resetAt, resource: 'core', observedAt: Date.now() }));

    expect(next()).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByText(/Paging paused: rate limit reached/)).toBeInTheDocument();
    const gauge = screen.getByRole('group', { name: 'API rate limit' });
    expect(gauge).toHaveTextContent('0 / 60');
    expect(gauge).toHaveTextContent('1:30');

    await act(async () => {
      await vi.advanceTimersByTimeAsync(91_000);
    });

    expect(next()).not.toHaveAttribute('aria-disabled');
    expect(screen.queryByText(/Paging paused/)).not.toBeInTheDocument();
  });

  it('pauses paging when the service refuses a request for its rate limit', async () => {
    useFakeClock();
    const retryAt = Date.now() + 30 * 60_000;
    let refuse = false;
    const { services } = renderApp(['/acme/rocket/issues'], {
      handler: (url) => {
        if (!url.pathname.endsWith('/issues')) return undefined;
        if (refuse) return new RateLimitedError('API rate limit exceeded', 403, 'primary', retryAt, null, null);
        return listHandler(url);
      },
    });
    await screen.findByRole('link', { name: 'Rocket explodes on launch' });
    refuse = true;
    await act(async () => {
      await services.queryClient.refetchQueries({ queryKey: ['issues'] }).catch(() => undefined);
    });
    await waitFor(() => expect(screen.getByText(/Paging paused: rate limit reached/)).toBeInTheDocument());
    expect(services.rateLimit.getSnapshot().refused).toEqual({ kind: 'primary', until: retryAt });
  });

  it('shows the quota from GET /rate_limit on start', async () => {
    renderApp(['/'], {});
    const gauge = await screen.findByRole('group', { name: 'API rate limit' });
    expect(gauge).toHaveTextContent('4,990 / 5,000');
    expect(screen.getByRole('meter', { name: 'Requests left' })).toHaveAttribute('aria-valuenow', '4990');
  });
});

describe('the base URL in requests', () => {
  it('sends requests to the configured service', async () => {
    const { api } = renderApp(['/acme/rocket/issues'], { handler: listHandler });
    await screen.findByRole('link', { name: 'Rocket explodes on launch' });
    expect(api.calls.every((u) => u.startsWith(TEST_BASE_URL))).toBe(true);
  });
});
