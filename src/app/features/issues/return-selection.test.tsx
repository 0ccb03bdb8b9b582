import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeIssue, ok } from '../../../../test-support/app/fake-api';
import { renderApp } from '../../../../test-support/app/render-app';

const issues = [makeIssue(12, { title: 'Rocket explodes on launch' }), makeIssue(11, { title: 'Write the launch guide' }), makeIssue(10, { title: 'Fuel gauge lies' })];

function handler(url: URL) {
  if (url.pathname.endsWith('/issues')) return ok(issues);
  const one = /\/issues\/(\d+)$/.exec(url.pathname);
  if (one) return ok(issues.find((issue) => issue.number === Number(one[1]))!);
  if (url.pathname.endsWith('/timeline')) return ok([]);
  return undefined;
}

describe('coming back to the list from an issue', () => {
  it('keeps the selection j/k made: u returns to the list with that issue selected and focused', { timeout: 15_000 }, async () => {
    const user = userEvent.setup();
    const { router } = renderApp(['/acme/rocket/issues?q=is%3Aopen'], { handler });
    await screen.findByRole('link', { name: 'Rocket explodes on launch' });
    await user.keyboard('jj');
    expect(screen.getByRole('link', { name: 'Write the launch guide' })).toHaveFocus();
    (document.activeElement as HTMLElement).blur();
    await user.keyboard('o');
    await waitFor(() => expect(router.state.location.pathname).toBe('/acme/rocket/issues/11'));
    await screen.findByRole('heading', { level: 1, name: /Write the launch guide/ }, { timeout: 5_000 });

    await user.keyboard('u');
    await waitFor(() => expect(router.state.location.pathname).toBe('/acme/rocket/issues'));
    const selected = await screen.findByRole('link', { name: 'Write the launch guide' });
    await waitFor(() => expect(selected).toHaveFocus());
    expect(selected.closest('li')).toHaveAttribute('data-selected', 'true');
    // And j goes on from there.
    await user.keyboard('j');
    expect(screen.getByRole('link', { name: 'Fuel gauge lies' })).toHaveFocus();
  });
});
