import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { BadCredentialsError, ForbiddenError, NetworkError, NotFoundError, RateLimitedError, ServerError, ValidationError } from '../api/api-errors';
import { makeRepository, ok } from '../../../test-support/app/fake-api';
import { renderApp } from '../../../test-support/app/render-app';
import { currentSearch, listHandler, pageOne } from '../../../test-support/app/issue-list-fixtures';

describe('the issue list, when something fails', () => {
  function failing(error: Error) {
    return (url: URL) => (url.pathname.endsWith('/repos/acme/rocket/issues') ? error : undefined);
  }

  it('says Bad credentials on a 401 and links to Settings', async () => {
    renderApp(['/acme/rocket/issues?q=is%3Aopen'], { handler: failing(new BadCredentialsError('Bad credentials', 401)) });
    expect(await screen.findByRole('heading', { name: 'Bad credentials' })).toBeInTheDocument();
    expect(screen.getByText('Bad credentials: your token is invalid, expired or revoked.')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /settings/i }).some((a) => a.getAttribute('href') === '/settings')).toBe(true);
  });

  it('says Not found without telling missing from private on a 404', async () => {
    renderApp(['/acme/nope/issues?q=is%3Aopen'], { handler: (url) => (url.pathname.includes('/acme/nope') ? new NotFoundError('Not Found', 404) : undefined) });
    expect(await screen.findByText('Not found: the repository does not exist or your token has no access to it.')).toBeInTheDocument();
  });

  it('says Not found for a search of a repository that does not exist, not that the query was refused', async () => {
    // As the service and GitHub answer: the repository 404, its search 422 "cannot be searched".
    const cannotBeSearched = new ValidationError('Validation Failed', [{ resource: 'Search', field: 'q', code: 'invalid', message: 'The listed users and repositories cannot be searched either because the resources do not exist or you do not have permission to view them.' }], null, null);
    renderApp(['/acme/nope/issues'], {
      handler: (url) => (url.pathname.endsWith('/repos/acme/nope') ? new NotFoundError('Not Found', 404) : url.pathname.endsWith('/search/issues') ? cannotBeSearched : undefined),
    });
    expect(await screen.findByText('Not found: the repository does not exist or your token has no access to it.')).toBeInTheDocument();
    expect(screen.queryByText(/refused this query/)).not.toBeInTheDocument();
  });

  it('tells a permission 403 from a rate limit', async () => {
    renderApp(['/acme/rocket/issues?q=is%3Aopen'], { handler: failing(new ForbiddenError('Resource not accessible by personal access token', 403)) });
    expect(await screen.findByText('Forbidden: your token is not allowed to read this.')).toBeInTheDocument();
    expect(screen.getByText('Resource not accessible by personal access token')).toBeInTheDocument();
  });

  it('tries again from the error element when Retry is pressed', async () => {
    const user = userEvent.setup();
    let allowed = false;
    renderApp(['/acme/rocket/issues?q=is%3Aopen'], {
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

  it('shows a 422 of the list endpoint as the refusal of the query', async () => {
    renderApp(['/acme/rocket/issues?q=updated%3A%3E%3D2024-05-01'], {
      handler: failing(new ValidationError('Validation Failed', [{ resource: 'Issue', field: 'since', code: 'invalid', value: '2024-05-01T00:00:00Z' }], null, null)),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('The service refused this query: Validation Failed');
    expect(screen.getByRole('combobox', { name: 'Search issues and pull requests' })).toHaveAttribute('aria-invalid', 'true');
    expect(await screen.findByRole('heading', { name: 'The service refused this query' })).toBeInTheDocument();
  });

  it('rewrites an old address once into the same query', async () => {
    const { router, api } = renderApp(['/acme/rocket/issues?state=closed&labels=bug&type=pr&q=crash'], { handler: listHandler });
    await waitFor(() => expect(currentSearch(router).get('q')).toBe('is:closed is:pr label:bug crash'));
    expect(router.state.historyAction).toBe('REPLACE');
    await waitFor(() => expect(api.calls.some((u) => u.includes('/search/issues'))).toBe(true));
  });

  it('waits out a 429 with a countdown', async () => {
    const retryAt = Date.now() + 10 * 60_000;
    renderApp(['/acme/rocket/issues?q=is%3Aopen'], { handler: failing(new RateLimitedError('You have exceeded a secondary rate limit', 429, 'secondary', retryAt, null, null)) });
    expect(await screen.findByRole('heading', { name: 'Too many requests at once' })).toBeInTheDocument();
    expect(screen.getAllByText(/\(in 10:00\)|\(in 9:5\d\)/).length).toBeGreaterThan(0);
  });

  it('retries a 5xx with backoff, then offers a Retry button that works', async () => {
    let failures = 0;
    let healthy = false;
    renderApp(['/acme/rocket/issues?q=is%3Aopen'], {
      fastRetries: true,
      handler: (url) => {
        if (!url.pathname.endsWith('/issues')) return undefined;
        if (healthy) return ok(pageOne());
        failures += 1;
        return new ServerError('The service is temporarily unavailable.', 503);
      },
    });
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'The service failed (503)' }, { timeout: 15_000 })).toBeInTheDocument();
    // spec 7.2: the first try and three retries, at least, before giving up.
    expect(failures).toBeGreaterThanOrEqual(4);
    healthy = true;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'Rocket explodes on launch' })).toBeInTheDocument();
  });

  it('says when the service cannot be reached', async () => {
    renderApp(['/acme/rocket/issues?q=is%3Aopen'], { fastRetries: true, handler: failing(new NetworkError('Could not reach http://api.test.')) });
    expect(await screen.findByRole('heading', { name: 'Can’t reach the service' }, { timeout: 15_000 })).toBeInTheDocument();
    // The tab's first page of the app: Back would leave it, so the panel does not offer it.
    expect(screen.queryByRole('button', { name: 'Back to the previous view' })).not.toBeInTheDocument();
  });

  it('offers Back to the view before once the retries are spent, as it did while they ran (issue 45)', async () => {
    const user = userEvent.setup();
    const { router } = renderApp(['/acme/rocket/issues?q=is%3Aopen', '/acme/rocket/issues?q=is%3Aclosed'], {
      fastRetries: true,
      handler: (url) => {
        if (!url.pathname.endsWith('/repos/acme/rocket/issues')) return undefined;
        return url.searchParams.get('state') === 'closed' ? new NetworkError('Could not reach http://api.test.') : listHandler(url);
      },
    });
    expect(await screen.findByRole('heading', { name: 'Can’t reach the service' }, { timeout: 15_000 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back to the previous view' }));
    expect(currentSearch(router).get('q')).toBe('is:open');
    expect(await screen.findByRole('link', { name: 'Rocket explodes on launch' })).toBeInTheDocument();
  });

  it('shows an offline page from the cache with a banner', async () => {
    renderApp(['/acme/rocket/issues?q=is%3Aopen'], { handler: (url) => (url.pathname.endsWith('/issues') ? ok(pageOne(), { offline: true, status: 0 }) : undefined) });
    expect(await screen.findByText(/You are offline\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Rocket explodes on launch' })).toBeInTheDocument();
  });

  it('notes that a 304 cost nothing', async () => {
    renderApp(['/acme/rocket/issues?q=is%3Aopen'], { handler: (url) => (url.pathname.endsWith('/issues') ? ok(pageOne(), { notModified: true, status: 304 }) : undefined) });
    expect(await screen.findByText('cached · 0 credits')).toBeInTheDocument();
  });

  it('follows a renamed repository to its new name, keeping the filters, and says so', async () => {
    const { router } = renderApp(['/acme/launch-pad/issues?q=is%3Aclosed'], {
      handler: (url) => {
        if (url.pathname.includes('/launch-pad')) {
          return ok(url.pathname.endsWith('/issues') ? pageOne() : makeRepository('acme', 'launchpad'), { movedTo: 'acme/launchpad' });
        }
        if (url.pathname.endsWith('/launchpad/issues')) return ok(pageOne());
        return undefined;
      },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/acme/launchpad/issues'));
    expect(router.state.location.search).toBe('?q=is%3Aclosed');
    expect(router.state.historyAction).toBe('REPLACE');
    const notice = await screen.findByText(/was renamed to/);
    expect(notice.closest('p')).toHaveTextContent('acme/launch-pad was renamed to acme/launchpad');
  });
});
