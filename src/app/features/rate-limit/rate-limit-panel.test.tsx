import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RateLimitedError } from '../../api/api-errors';
import { renderApp } from '../../../../test-support/app/render-app';

const spentAnonymously = () => new RateLimitedError('API rate limit exceeded', 403, 'primary', Date.now() + 3_600_000, null, null);

describe('the rate-limit panel', () => {
  it('without a token, says a token raises the limit and leads to Settings to add one', async () => {
    renderApp(['/acme/rocket/issues'], { handler: (url) => (url.pathname.endsWith('/issues') ? spentAnonymously() : undefined) });
    const panel = (await screen.findByRole('heading', { name: 'Rate limit reached' })).closest('section')!;
    expect(panel).toHaveTextContent('A token raises the limit: add one in Settings.');
    expect(within(panel).getByRole('link', { name: 'Open Settings' })).toHaveAttribute('href', '/settings');
  });

  it('with a token, whose own quota is spent, offers no way to Settings', async () => {
    renderApp(['/acme/rocket/issues'], { token: 'isc_pat_spent', handler: (url) => (url.pathname.endsWith('/issues') ? spentAnonymously() : undefined) });
    const panel = (await screen.findByRole('heading', { name: 'Rate limit reached' })).closest('section')!;
    expect(within(panel).queryByRole('link', { name: 'Open Settings' })).not.toBeInTheDocument();
  });
});
