import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeIssue, ok, rateLimitOverview, searchResult } from '../../../../test-support/app/fake-api';
import { renderApp } from '../../../../test-support/app/render-app';

const WAIT = { timeout: 15_000 };

describe('requests the reader did not ask for, on a low budget (issue 47)', () => {
  it('the label menu waits under a tenth of the limit left, the gauge says so, and the labels come once the budget allows', async () => {
    const resetSeconds = Math.floor(Date.now() / 1000) + 600;
    // The list endpoint's view (core credits); the default view is a search.
    const { api } = renderApp(['/acme/rocket/issues?q=is%3Aopen'], {
      handler: (url) => (url.pathname.endsWith('/rate_limit') ? ok(rateLimitOverview(5, 60, resetSeconds)) : undefined),
    });
    const gauge = await screen.findByRole('group', { name: 'API rate limit' }, WAIT);
    await waitFor(() => expect(gauge).toHaveTextContent('5 / 60'), WAIT);

    await userEvent.click(await screen.findByText('Labels', undefined, WAIT));
    expect(await screen.findByText(/The labels wait for credits: fewer than a tenth of the rate limit is left/, undefined, WAIT)).toBeVisible();
    expect(api.calls.some((call) => new URL(call).pathname.endsWith('/labels'))).toBe(false);
    expect(gauge).toHaveTextContent('held back');
    expect(within(gauge).getByRole('meter')).toHaveAttribute('aria-valuetext', expect.stringMatching(/Held back until \d\d:\d\d:\d\d [AP]M to save credits: the label menu\./));

    // A tenth left again (another window): the menu's labels are fetched, and nothing is held back.
    act(() => api.reportRateLimit({ limit: 60, remaining: 6, used: 54, resetAt: (resetSeconds + 3600) * 1000, resource: 'core', observedAt: Date.now() }));
    expect(await screen.findByText('enhancement', undefined, WAIT)).toBeVisible();
    expect(gauge).not.toHaveTextContent('held back');
    expect(within(gauge).getByRole('meter').getAttribute('aria-valuetext')).not.toContain('Held back');
  });

  it('the milestone, assignee and types menus wait under a tenth of the limit left, and the gauge names them', async () => {
    const resetSeconds = Math.floor(Date.now() / 1000) + 600;
    const { api } = renderApp(['/acme/rocket/issues?q=is%3Aopen'], {
      handler: (url) => (url.pathname.endsWith('/rate_limit') ? ok(rateLimitOverview(5, 60, resetSeconds)) : undefined),
    });
    const gauge = await screen.findByRole('group', { name: 'API rate limit' }, WAIT);
    await waitFor(() => expect(gauge).toHaveTextContent('5 / 60'), WAIT);

    await userEvent.click(await screen.findByText('Milestones', undefined, WAIT));
    expect(await screen.findByText(/The milestones wait for credits: fewer than a tenth of the rate limit is left/, undefined, WAIT)).toBeVisible();
    await waitFor(() => expect(within(gauge).getByRole('meter')).toHaveAttribute('aria-valuetext', expect.stringMatching(/to save credits: the milestone menu\./)), WAIT);
    await userEvent.click(screen.getByText('Assignee'));
    expect(await screen.findByText(/The assignees wait for credits/, undefined, WAIT)).toBeVisible();
    await userEvent.click(screen.getByText('Types'));
    expect(await screen.findByText(/The types wait for credits/, undefined, WAIT)).toBeVisible();
    expect(api.calls.some((call) => /\/(milestones|assignees|issue-types)$/.test(new URL(call).pathname))).toBe(false);
  });

  it('the other state’s count waits under a tenth of the search budget, and the gauge names it', async () => {
    const resetAt = Date.now() + 45_000;
    const searchReading = { limit: 30, remaining: 2, used: 28, resetAt, resource: 'search', observedAt: Date.now() };
    const { api } = renderApp(['/acme/rocket/issues?q=is%3Aopen+crash'], {
      handler: (url) => (url.pathname.endsWith('/search/issues') ? searchResult([makeIssue(1)], 1234, { rateLimit: searchReading }) : undefined),
    });
    const gauge = await screen.findByRole('group', { name: 'Search rate limit' }, WAIT);
    await waitFor(() => expect(gauge).toHaveTextContent('2 / 30'), WAIT);
    await waitFor(() => expect(within(gauge).getByRole('meter')).toHaveAttribute('aria-valuetext', expect.stringMatching(/Held back until .* to save credits: the closed count\.$/)), WAIT);
    expect(api.calls.filter((call) => call.includes('/search/issues'))).toHaveLength(1);
  });
});
