import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ok } from '../../../test-support/app/fake-api';
import { MemoryStorage, renderApp } from '../../../test-support/app/render-app';

describe('the start page', () => {
  it('opens a pasted github.com search with its query unchanged', async () => {
    const user = userEvent.setup();
    const { router } = renderApp(['/']);
    await user.type(await screen.findByLabelText('Repository or GitHub URL'), 'https://github.com/acme/rocket/issues?q=is%3Aissue+is%3Aclosed+label%3Abug+-label%3Awontfix');
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/acme/rocket/issues'));
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('is:issue is:closed label:bug -label:wontfix');
    expect(await screen.findByRole('combobox', { name: 'Search issues and pull requests' })).toHaveValue('is:issue is:closed label:bug -label:wontfix');
  });

  it('makes each example address a link to what typing it opens', async () => {
    const user = userEvent.setup();
    const { router } = renderApp(['/']);
    const hint = (await screen.findByText(/For example:/)).parentElement!;
    expect(within(hint).getByRole('link', { name: 'acme/rocket' })).toHaveAttribute('href', '/acme/rocket/issues');
    expect(within(hint).getByRole('link', { name: 'https://github.com/acme/rocket/pull/12' })).toHaveAttribute('href', '/acme/rocket/issues/12');
    await user.click(within(hint).getByRole('link', { name: 'https://github.com/acme/rocket/issues?q=is:issue is:closed label:bug' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/acme/rocket/issues'));
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('is:issue is:closed label:bug');
  });

  it('says what to type when the input names no repository', async () => {
    const user = userEvent.setup();
    renderApp(['/']);
    await user.type(await screen.findByLabelText('Repository or GitHub URL'), 'rocket');
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter a repository as owner/name');
    expect(screen.getByLabelText('Repository or GitHub URL')).toHaveAttribute('aria-invalid', 'true');
  });

  it('lists recently opened repositories and saved views from this device', async () => {
    const user = userEvent.setup();
    const device = new MemoryStorage();
    const first = renderApp(['/acme/rocket/issues'], { localStorage: device, handler: (url) => (url.pathname.endsWith('/issues') ? ok([]) : undefined) });
    await waitFor(() => expect(first.services.recentRepos.getSnapshot()).toHaveLength(1));
    first.unmount();

    device.setItem('issuescope.savedViews', JSON.stringify([{ id: 'v1', name: 'Closed bugs', owner: 'acme', repo: 'rocket', search: '?state=closed&labels=bug', savedAt: 1 }]));
    renderApp(['/'], { localStorage: device });
    const recent = await screen.findByRole('region', { name: 'Recent repositories' });
    expect(await within(recent).findByRole('link', { name: 'acme/rocket' })).toHaveAttribute('href', '/acme/rocket/issues');
    expect(screen.getByText('The rocket repository')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Closed bugs' })).toHaveAttribute('href', '/acme/rocket/issues?state=closed&labels=bug');
    expect(screen.getByText(/closed, issues and pull requests, labelled bug/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete saved view Closed bugs' }));
    expect(screen.queryByRole('link', { name: 'Closed bugs' })).not.toBeInTheDocument();
    expect(JSON.parse(device.getItem('issuescope.savedViews') ?? 'null')).toEqual([]);
  });

  it('describes a saved view by its query, as the list reads it', async () => {
    const device = new MemoryStorage();
    device.setItem('issuescope.savedViews', JSON.stringify([{ id: 'v1', name: 'Busy issues', owner: 'acme', repo: 'rocket', search: `?q=${encodeURIComponent('is:issue is:open sort:comments-desc')}`, savedAt: 1 }]));
    renderApp(['/'], { localStorage: device });
    const view = (await screen.findByRole('link', { name: 'Busy issues' })).parentElement!;
    expect(within(view).getByText(/most commented/)).toHaveTextContent('acme/rocket · open, issues, most commented first');
  });

  it('keeps a github.com search in a shared address as it is, and searches with it', async () => {
    const { router, api } = renderApp(['/acme/rocket/issues?q=is%3Apr+is%3Aclosed+author%3Aalice+crash']);
    await waitFor(() => expect(api.calls.some((u) => u.includes('/search/issues'))).toBe(true));
    expect(router.state.location.search).toBe('?q=is%3Apr+is%3Aclosed+author%3Aalice+crash');
    expect(router.state.historyAction).toBe('POP');
  });
});
