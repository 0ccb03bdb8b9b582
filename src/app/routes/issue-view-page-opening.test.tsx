// The issue view opened from a shared link, from the list and from its address: what shows when,
// comments loaded page by page, Not found, and github.com's pull request path.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { NotFoundError } from '../api/api-errors';
import { loadMarkdownBody } from '../features/issue-view/markdown/preload-markdown';
import { links, ok } from '../../../test-support/app/fake-api';
import { commentEvent as comment, timelinePageUrl } from '../../../test-support/app/fake-timeline';
import { renderApp } from '../../../test-support/app/render-app';
import { COMMENTS_RENDER, FIRST_RENDER, issue } from '../../../test-support/app/issue-view-fixtures';

/** how long a page that did not wait for its comments would take, at most, to show its description once its chunks are loaded */
const SHOWN_IF_NOT_WAITING_MS = 1_000;

describe('the issue view', () => {
  it('shows a shared link’s issue, its details and its comments, loading more from the next link', async () => {
    const user = userEvent.setup();
    const commentsPage2 = timelinePageUrl(12, 2);
    const { api } = renderApp(['/acme/rocket/issues/12'], {
      handler: (url) => {
        if (url.pathname.endsWith('/issues/12')) return ok(issue);
        if (url.pathname.endsWith('/timeline')) {
          return url.searchParams.get('page') === '2'
            ? ok([comment(3, 'Third comment')])
            : ok([comment(1, 'First comment'), comment(2, 'Second comment')], { links: { next: commentsPage2, last: commentsPage2 } });
        }
        return undefined;
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: /Rocket explodes on launch/ }, FIRST_RENDER)).toHaveTextContent('#12');
    // The issue's title is the page's one h1; the repository's name above it is not a heading here.
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('link', { name: /acme\s*\/\s*rocket/, current: false })).toBeInTheDocument();
    expect(screen.getByText('Open', { selector: 'span span, span' })).toBeInTheDocument();
    // Opened cold, the details appear with the description, once its text can render.
    const details = await screen.findByRole('complementary', { name: 'Details' }, FIRST_RENDER);
    expect(within(details).getByRole('link', { name: 'carol' })).toBeInTheDocument();
    expect(within(details).getByRole('link', { name: 'bug' })).toHaveAttribute('href', '/acme/rocket/issues?q=is%3Aopen+label%3Abug');
    expect(within(details).getByRole('link', { name: /Open on app\.test/ })).toHaveAttribute('href', 'http://app.test/acme/rocket/issues/12');
    // The Markdown renderer is a lazy chunk.
    expect(await screen.findByText('explodes', { selector: 'strong' })).toBeInTheDocument();
    expect(await screen.findByText('Second comment', {}, COMMENTS_RENDER)).toBeInTheDocument();
    expect(screen.getByText('Showing 2 of 3 comments')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Third comment')).toBeInTheDocument();
    expect(api.calls).toContain(commentsPage2);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('shows at once what the list already holds, then refreshes, and goes back to the same list', async () => {
    const user = userEvent.setup();
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { router } = renderApp(['/acme/rocket/issues?q=is%3Aclosed&page=2'], {
      handler: async (url) => {
        if (url.pathname.endsWith('/repos/acme/rocket/issues')) return ok([issue], { links: links('acme', 'rocket', { prev: 1, first: 1 }) });
        if (url.pathname.endsWith('/issues/12')) {
          await gate;
          return ok({ ...issue, title: 'Rocket explodes on launch (refreshed)' });
        }
        return undefined;
      },
    });
    await user.click(await screen.findByRole('link', { name: 'Rocket explodes on launch' }, FIRST_RENDER));
    // Shown from the list's page before its own answer arrives.
    expect(await screen.findByRole('heading', { level: 1, name: /Rocket explodes on launch/ }, FIRST_RENDER)).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Refreshing the issue' })).toBeInTheDocument();
    release();
    expect(await screen.findByRole('heading', { level: 1, name: /\(refreshed\)/ })).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Back to issues' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/acme/rocket/issues'));
    expect(router.state.location.search).toBe('?q=is%3Aclosed&page=2');
  });

  it('opened from its address, shows its header once the issue is here, and what is below only once it can show whole', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { api } = renderApp(['/acme/rocket/issues/12'], {
      handler: async (url) => {
        if (url.pathname.endsWith('/issues/12')) return ok(issue);
        if (url.pathname.endsWith('/timeline')) {
          await gate;
          return ok([comment(1, 'First <kbd>comment</kbd>')]);
        }
        return undefined;
      },
    });
    // The issue is answered, the comments are not: the header shows, the description waits for them.
    expect(await screen.findByRole('heading', { level: 1, name: /Rocket explodes on launch/ }, FIRST_RENDER)).toBeInTheDocument();
    expect(api.calls.some((call) => call.includes('/issues/12/timeline'))).toBe(true);
    expect(screen.getByRole('link', { name: 'Back to issues' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading the description and comments' })).toBeInTheDocument();
    await Promise.all([loadMarkdownBody(), import('../features/issue-view/markdown/markdown-pipeline')]);
    await expect(screen.findByText('explodes', { selector: 'strong' }, { timeout: SHOWN_IF_NOT_WAITING_MS })).rejects.toThrow();
    expect(screen.queryByRole('heading', { name: 'Labels' })).not.toBeInTheDocument();
    release();
    expect(await screen.findByText('explodes', { selector: 'strong' }, FIRST_RENDER)).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading the description and comments' })).not.toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading comments' })).not.toBeInTheDocument();
    expect(await screen.findByText('comment', { selector: 'kbd' }, COMMENTS_RENDER)).toBeInTheDocument();
  });

  it('says Not found for an issue that does not exist or cannot be seen', async () => {
    renderApp(['/acme/rocket/issues/999'], { handler: (url) => (url.pathname.endsWith('/issues/999') ? new NotFoundError('Not Found', 404) : undefined) });
    expect(await screen.findByText('Not found: this issue or its repository does not exist, or your token has no access to it.')).toBeInTheDocument();
  });

  it('maps github.com’s pull request path to the issue view', async () => {
    const { router } = renderApp(['/acme/rocket/pull/12'], { handler: (url) => (url.pathname.endsWith('/issues/12') ? ok(issue) : undefined) });
    await waitFor(() => expect(router.state.location.pathname).toBe('/acme/rocket/issues/12'));
  });
});
