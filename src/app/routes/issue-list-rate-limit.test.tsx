import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RateLimitedError } from '../api/api-errors';
import { MemoryStorage, renderApp } from '../../../test-support/app/render-app';
import { currentSearch, listHandler, useFakeClock } from '../../../test-support/app/issue-list-fixtures';

afterEach(() => {
  vi.useRealTimers();
});

describe('the rate-limit gauge and paging', () => {
  it('disables paging at 0 remaining and re-enables it by itself after the reset', async () => {
    useFakeClock();
    const resetAt = Date.now() + 90_000;
    const { api } = renderApp(['/acme/rocket/issues?q=is%3Aopen'], { handler: listHandler });
    await screen.findByRole('link', { name: 'Rocket explodes on launch' });
    // The pager's chunk loads once the rows show (useRowsShown).
    await screen.findByRole('navigation', { name: 'Pagination' });
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
    const { services } = renderApp(['/acme/rocket/issues?q=is%3Aopen'], {
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

  it('at 0 remaining, still opens the pages it holds, by the pager as by Back, and asks for no other', async () => {
    const user = userEvent.setup();
    const { api, router } = renderApp(['/acme/rocket/issues?q=is%3Aopen'], { handler: listHandler });
    const pager = () => screen.getByRole('navigation', { name: 'Pagination' });
    const rel = (name: string) => within(pager()).getByRole('link', { name });
    const shownPage = async (page: number) => {
      await waitFor(() => expect(within(pager()).getByText(/^Page\s/).textContent).toBe(`Page ${page} of 5`));
      expect(screen.getByRole('list', { name: `Issues, page ${page}` })).toBeInTheDocument();
    };
    await screen.findByRole('link', { name: 'Rocket explodes on launch' });
    // The pager's chunk loads once the rows show (useRowsShown).
    await screen.findByRole('navigation', { name: 'Pagination' });
    await user.click(rel('Next'));
    await shownPage(2);
    await user.click(rel('Next'));
    await shownPage(3);

    act(() => api.reportRateLimit({ limit: 60, remaining: 0, used: 60, resetAt: Date.now() + 3_600_000, resource: 'core', observedAt: Date.now() }));
    const listCalls = () => api.calls.filter((u) => u.includes('/repos/acme/rocket/issues?')).length;
    const callsWhenSpent = listCalls();

    // Pages 1 and 2 are held: First and Previous lead there; 4 and 5 would need a request.
    expect(rel('First')).not.toHaveAttribute('aria-disabled');
    expect(rel('Previous')).not.toHaveAttribute('aria-disabled');
    expect(rel('Next')).toHaveAttribute('aria-disabled', 'true');
    expect(rel('Last')).toHaveAttribute('aria-disabled', 'true');
    expect(within(pager()).getByRole('status')).toHaveTextContent(/^Pages already loaded still open; the others wait: rate limit reached\. Resets at/);

    await user.click(rel('Previous'));
    await shownPage(2);
    // Page 1 was asked for by the address, not by a Link rel: held all the same.
    await user.click(rel('First'));
    await shownPage(1);
    expect(currentSearch(router).get('page')).toBeNull();
    expect(rel('Next')).not.toHaveAttribute('aria-disabled');
    expect(rel('Last')).toHaveAttribute('aria-disabled', 'true');
    await user.click(rel('Next'));
    await shownPage(2);

    // Back shows what it showed before, the same way.
    await act(async () => {
      await router.navigate(-1);
    });
    await shownPage(1);
    expect(listCalls()).toBe(callsWhenSpent);
  });

  it('at 0 remaining, a fresh load keeps the repository’s heading from this device', async () => {
    const device = new MemoryStorage();
    device.setItem('issuescope.recentRepos', JSON.stringify([{ fullName: 'Acme/Rocket', description: 'Ship to every region with one command.', private: true, visitedAt: 1 }]));
    const retryAt = Date.now() + 3_600_000;
    renderApp(['/acme/rocket/issues?q=is%3Aopen'], {
      localStorage: device,
      handler: (url) => (url.pathname.includes('/repos/') ? new RateLimitedError('API rate limit exceeded', 403, 'primary', retryAt, null, null) : undefined),
    });
    expect(await screen.findByRole('heading', { level: 1, name: /Acme\s*\/\s*Rocket/ })).toBeInTheDocument();
    expect(await screen.findByText('Ship to every region with one command.')).toBeInTheDocument();
    expect(screen.getByText('Private')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Rate limit reached' })).toBeInTheDocument();
  });

  it('with a token whose quota is spent, says when it resets instead of suggesting a token', async () => {
    const retryAt = Date.now() + 3_600_000;
    renderApp(['/acme/rocket/issues?q=is%3Aopen'], {
      token: 'isc_pat_spent',
      handler: (url) => (url.pathname.endsWith('/issues') ? new RateLimitedError('API rate limit exceeded', 403, 'primary', retryAt, null, null) : undefined),
    });
    const panel = (await screen.findByRole('heading', { name: 'Rate limit reached' })).closest('section')!;
    expect(panel).toHaveTextContent(/Your token’s quota resets at \d\d:\d\d:\d\d [AP]M; requests resume by themselves then\./);
    expect(panel).not.toHaveTextContent('A token raises the limit');
  });

  it('shows the quota from GET /rate_limit on start', async () => {
    renderApp(['/'], {});
    const gauge = await screen.findByRole('group', { name: 'API rate limit' });
    expect(gauge).toHaveTextContent('4,990 / 5,000');
    expect(screen.getByRole('meter', { name: 'Requests left' })).toHaveAttribute('aria-valuenow', '4990');
  });
});
