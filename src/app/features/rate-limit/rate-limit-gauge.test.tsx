import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../../test-support/app/render-app';

describe('the rate-limit gauge in the header', () => {
  it('shortens counts too large for its box, keeping the exact figures in the meter and its description', async () => {
    const { api } = renderApp(['/acme/rocket/issues?q=is%3Aopen']);
    const gauge = await screen.findByRole('group', { name: 'API rate limit' }, { timeout: 15_000 });
    await waitFor(() => expect(gauge).toHaveTextContent('4,990 / 5,000'), { timeout: 15_000 });

    const resetAt = Date.now() + 3_600_000;
    act(() => api.reportRateLimit({ limit: 1_000_000_000, remaining: 999_999_994, used: 6, resetAt, resource: 'core', observedAt: Date.now() }));

    expect(gauge).toHaveTextContent('1B / 1B');
    const meter = screen.getByRole('meter', { name: 'Requests left' });
    expect(meter).toHaveAttribute('aria-valuenow', '999999994');
    expect(meter).toHaveAttribute('aria-valuetext', expect.stringContaining('999,999,994 of 1,000,000,000 requests left'));

    act(() => api.reportRateLimit({ limit: 15_000, remaining: 14_999, used: 1, resetAt, resource: 'core', observedAt: Date.now() }));
    expect(gauge).toHaveTextContent('14,999 / 15,000');
  });
});
