// The Types menu beside Labels (issue 47): fed by the repository's issue types, it writes
// `type:` into the query; a service without the endpoint has no types to offer.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { IssueType } from '../../../shared/wire-types';
import { NotFoundError } from '../../api/api-errors';
import { ok } from '../../../../test-support/app/fake-api';
import { currentSearch, listHandler } from '../../../../test-support/app/issue-list-fixtures';
import { renderApp } from '../../../../test-support/app/render-app';

const type = (id: number, name: string, description: string | null): IssueType => ({
  id, node_id: `IT_${id}`, name, description, color: 'blue', created_at: '2024-01-01T00:00:00Z', updated_at: '2024-01-01T00:00:00Z', is_enabled: true,
});

describe('the Types menu', () => {
  it("lists the repository's types and writes the chosen one into the query, quoted when it has a space", async () => {
    const user = userEvent.setup();
    const { router, api } = renderApp(['/acme/rocket/issues?q=is%3Aopen+crash'], {
      handler: (url) => (url.pathname.endsWith('/issue-types') ? ok([type(1, 'Bug', 'An unexpected problem'), type(2, 'Feature request', null)]) : listHandler(url)),
    });
    await user.click(await screen.findByText('Types', { selector: 'summary *, summary' }));
    await user.click(await screen.findByRole('menuitemradio', { name: /Feature request/ }));
    await waitFor(() => expect(currentSearch(router).get('q')).toBe('is:open crash type:"Feature request"'));
    expect(api.calls.filter((call) => call.endsWith('/repos/acme/rocket/issue-types'))).toHaveLength(1);

    await user.click(screen.getByText('Types', { selector: 'summary *, summary' }));
    // The menu marks the type the query now names (once the new query's summary is read).
    await waitFor(() => expect(screen.getByRole('menuitemradio', { name: /Feature request/ })).toHaveAttribute('aria-checked', 'true'));
    await user.click(screen.getByRole('menuitemradio', { name: /Feature request/ }));
    await waitFor(() => expect(currentSearch(router).get('q')).toBe('is:open crash'));
  });

  it('says the repository has no issue types where the service has no such endpoint (404)', async () => {
    const user = userEvent.setup();
    renderApp(['/acme/rocket/issues'], {
      handler: (url) => (url.pathname.endsWith('/issue-types') ? new NotFoundError('Not Found', 404) : listHandler(url)),
    });
    await user.click(await screen.findByText('Types', { selector: 'summary *, summary' }));
    expect(await screen.findByText('This repository has no issue types.')).toBeInTheDocument();
  });
});
