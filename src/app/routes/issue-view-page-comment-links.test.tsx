// The issue view opened from a link to a comment (#issuecomment-<id>, as on GitHub): scrolled to and
// marked, pages loaded until it is among them (within limits), and the scroll left to the reader.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ok } from '../../../test-support/app/fake-api';
import { commentEvent as comment, timelinePageUrl } from '../../../test-support/app/fake-timeline';
import { renderApp } from '../../../test-support/app/render-app';
import { COMMENTS_RENDER, FIRST_RENDER, issue } from '../../../test-support/app/issue-view-fixtures';

describe('the issue view', () => {
  describe('opened from a link to a comment (#issuecomment-<id>, as on GitHub)', () => {
    const scrolled: string[] = [];
    // jsdom lays nothing out and has no scrollIntoView: record which element was asked to scroll.
    const jsdomOwn = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollIntoView');
    beforeAll(() => {
      Element.prototype.scrollIntoView = function (this: Element) {
        scrolled.push(this.id);
      };
    });
    afterAll(() => {
      if (jsdomOwn) Object.defineProperty(Element.prototype, 'scrollIntoView', jsdomOwn);
      else Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
    });
    afterEach(() => {
      scrolled.length = 0;
    });
    const handler = (url: URL) => {
      if (url.pathname.endsWith('/issues/12')) return ok(issue);
      if (url.pathname.endsWith('/timeline')) return ok([comment(1, 'First comment'), comment(2, 'Second comment')]);
      return undefined;
    };

    it('scrolls that comment into view once it has rendered, marks it, and links each comment’s time to it', async () => {
      const user = userEvent.setup();
      const { router } = renderApp(['/acme/rocket/issues/12#issuecomment-2'], { handler });
      const second = await screen.findByRole('article', { name: 'Comment by alice' }, COMMENTS_RENDER);
      await waitFor(() => expect(scrolled).toEqual(['issuecomment-2']));
      expect(second.querySelector('.card')).toHaveClass('ring-accent');
      expect(second).toHaveAttribute('aria-current', 'true');
      // Tab goes on from the comment, as after the browser's own jump to a fragment.
      expect(second).toHaveFocus();
      const first = screen.getByRole('article', { name: 'Comment by bob' });
      expect(first.querySelector('.card')).not.toHaveClass('ring-accent');

      // The first comment's time is a link to it; following it moves the mark.
      const timeLink = within(first).getByRole('link', { name: /ago|on / });
      expect(timeLink).toHaveAttribute('href', '/acme/rocket/issues/12#issuecomment-1');
      await user.click(timeLink);
      await waitFor(() => expect(router.state.location.hash).toBe('#issuecomment-1'));
      expect(first.querySelector('.card')).toHaveClass('ring-accent');
      expect(second.querySelector('.card')).not.toHaveClass('ring-accent');
      // The description's time links nowhere.
      expect(within(screen.getByRole('article', { name: /^Description by / })).queryByRole('link', { name: /ago|on / })).not.toBeInTheDocument();
    });

    it('loads further pages until the linked comment is among them, and no further than where it would be', async () => {
      const page = (n: number) => timelinePageUrl(12, n);
      const { api } = renderApp(['/acme/rocket/issues/12#issuecomment-5'], {
        handler: (url) => {
          if (url.pathname.endsWith('/issues/12')) return ok({ ...issue, comments: 8 });
          if (!url.pathname.endsWith('/timeline')) return undefined;
          const n = Number(url.searchParams.get('page') ?? '1');
          const ids = [[1, 2], [3, 4], [5, 6], [7, 8]][n - 1]!;
          return ok(ids.map((id) => comment(id, `Comment number ${id}`)), n < 4 ? { links: { next: page(n + 1), last: page(4) } } : undefined);
        },
      });
      expect(await screen.findByText('Comment number 5', {}, COMMENTS_RENDER)).toBeInTheDocument();
      await waitFor(() => expect(scrolled).toEqual(['issuecomment-5']));
      expect(api.calls).toContain(page(3));
      expect(api.calls).not.toContain(page(4));
      expect(screen.getByText('Showing 6 of 8 comments')).toBeInTheDocument();
    });

    it('stops loading once the comments have passed where a missing linked comment would be', async () => {
      const page2 = timelinePageUrl(12, 2);
      const { api } = renderApp(['/acme/rocket/issues/12#issuecomment-2'], {
        handler: (url) => {
          if (url.pathname.endsWith('/issues/12')) return ok(issue);
          if (!url.pathname.endsWith('/timeline')) return undefined;
          return url.searchParams.get('page') === '2'
            ? ok([comment(4, 'Fourth comment')])
            : ok([comment(1, 'First comment'), comment(3, 'Third comment')], { links: { next: page2, last: page2 } });
        },
      });
      expect(await screen.findByText('Third comment', {}, COMMENTS_RENDER)).toBeInTheDocument();
      // Comment 2 (deleted) would have been between 1 and 3: page 2 is not asked for.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(api.calls).not.toContain(page2);
      expect(scrolled).toEqual([]);
      expect(screen.getByRole('button', { name: 'Load more' })).toBeEnabled();
    });

    /** Comments 1..n, one a page, each page linking to the next. */
    const onePerPage = (n: number, spentOnPage?: number) => (url: URL) => {
      if (url.pathname.endsWith('/issues/12')) return ok({ ...issue, comments: n });
      if (!url.pathname.endsWith('/timeline')) return undefined;
      const at = Number(url.searchParams.get('page') ?? '1');
      const spent = at === spentOnPage ? { rateLimit: { limit: 5000, remaining: 0, used: 5000, resetAt: Date.now() + 3_600_000, resource: 'core', observedAt: Date.now() } } : {};
      return ok([comment(at, `Comment number ${at}`)], { ...(at < n ? { links: { next: commentsPage(at + 1), last: commentsPage(n) } } : {}), ...spent });
    };
    const commentsPage = (n: number) => timelinePageUrl(12, n);

    it('loads at most six pages for a link to a comment newer than any of this issue’s, then leaves "Load more" to the reader', async () => {
      const { api } = renderApp(['/acme/rocket/issues/12#issuecomment-999'], { handler: onePerPage(9) });
      expect(await screen.findByText('Comment number 6', {}, COMMENTS_RENDER)).toBeInTheDocument();
      expect(await screen.findByText('Showing 6 of 9 comments')).toBeInTheDocument();
      expect(api.calls).toContain(commentsPage(6));
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(api.calls).not.toContain(commentsPage(7));
      expect(screen.getByRole('button', { name: 'Load more' })).toBeEnabled();
      expect(scrolled).toEqual([]);
    });

    it('loads no further page once the rate limit is spent', async () => {
      const { api } = renderApp(['/acme/rocket/issues/12#issuecomment-5'], { handler: onePerPage(9, 2) });
      expect(await screen.findByText('Comment number 2', {}, COMMENTS_RENDER)).toBeInTheDocument();
      expect(screen.getByText('0', { selector: 'header *' })).toBeInTheDocument();
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(api.calls).not.toContain(commentsPage(3));
      expect(scrolled).toEqual([]);
    });

    it('keeps the list it was opened from when a comment’s time is followed, for "Back to issues"', async () => {
      const user = userEvent.setup();
      const { router } = renderApp(['/acme/rocket/issues?q=is%3Aclosed'], {
        handler: (url) => (url.pathname.endsWith('/repos/acme/rocket/issues') ? ok([issue]) : handler(url)),
      });
      await user.click(await screen.findByRole('link', { name: 'Rocket explodes on launch' }, FIRST_RENDER));
      const first = await screen.findByRole('article', { name: 'Comment by bob' }, COMMENTS_RENDER);
      await user.click(within(first).getByRole('link', { name: /ago|on / }));
      await waitFor(() => expect(router.state.location.hash).toBe('#issuecomment-1'));
      await user.click(screen.getByRole('link', { name: 'Back to issues' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/acme/rocket/issues'));
      expect(router.state.location.search).toBe('?q=is%3Aclosed');
    });

    it('leaves the scroll to the router on Back and Forward, where the reader was', async () => {
      const { router } = renderApp(['/acme/rocket/issues?q=is%3Aopen'], {
        handler: (url) => (url.pathname.endsWith('/repos/acme/rocket/issues') ? ok([issue]) : handler(url)),
      });
      await screen.findByRole('link', { name: 'Rocket explodes on launch' }, FIRST_RENDER);
      await act(() => router.navigate('/acme/rocket/issues/12#issuecomment-2'));
      await screen.findByRole('article', { name: 'Comment by alice' }, COMMENTS_RENDER);
      await waitFor(() => expect(scrolled).toEqual(['issuecomment-2']));
      await act(() => router.navigate(-1));
      await screen.findByRole('link', { name: 'Rocket explodes on launch' });
      await act(() => router.navigate(1));
      await screen.findByRole('article', { name: 'Comment by alice' }, COMMENTS_RENDER);
      // Rendered anew, the comments are not scrolled to a second time.
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(scrolled).toEqual(['issuecomment-2']);
    });

    it('follows github.com’s link to a pull request’s comment (/pull/12#issuecomment-2) to that comment', async () => {
      const { router } = renderApp(['/acme/rocket/pull/12#issuecomment-2'], { handler });
      await waitFor(() => expect(router.state.location.pathname).toBe('/acme/rocket/issues/12'));
      expect(router.state.location.hash).toBe('#issuecomment-2');
      await waitFor(() => expect(scrolled).toEqual(['issuecomment-2']), COMMENTS_RENDER);
    });

    it('holds the comment at the top while the page above it settles, until the reader scrolls', async () => {
      const resized: (() => void)[] = [];
      // Only the callback matters: the hook re-scrolls whenever the page's size changes.
      const jsdomOwn = Object.getOwnPropertyDescriptor(globalThis, 'ResizeObserver');
      globalThis.ResizeObserver = class {
        constructor(callback: ResizeObserverCallback) {
          resized.push(() => callback([], this));
        }
        observe() {}
        unobserve() {}
        disconnect() {
          resized.length = 0;
        }
      };
      try {
        renderApp(['/acme/rocket/issues/12#issuecomment-2'], { handler });
        await waitFor(() => expect(scrolled).toEqual(['issuecomment-2']), COMMENTS_RENDER);
        // The texts above grow (Markdown, pictures): back to the comment.
        act(() => resized.forEach((callback) => callback()));
        expect(scrolled).toEqual(['issuecomment-2', 'issuecomment-2']);
        // The reader scrolls: the page is theirs.
        window.dispatchEvent(new WheelEvent('wheel', { deltaY: 100 }));
        act(() => resized.forEach((callback) => callback()));
        expect(scrolled).toEqual(['issuecomment-2', 'issuecomment-2']);
      } finally {
        if (jsdomOwn) Object.defineProperty(globalThis, 'ResizeObserver', jsdomOwn);
        else Reflect.deleteProperty(globalThis, 'ResizeObserver');
      }
    });

    it('shows the issue unscrolled when the fragment names no comment or is malformed', async () => {
      for (const fragment of ['#issuecomment-99', '#%E0%A4%A', '#']) {
        const { unmount } = renderApp([`/acme/rocket/issues/12${fragment}`], { handler });
        expect(await screen.findByText('Second comment', {}, COMMENTS_RENDER)).toBeInTheDocument();
        expect(scrolled).toEqual([]);
        expect(document.querySelector('.ring-accent')).toBeNull();
        unmount();
      }
    });
  });
});
