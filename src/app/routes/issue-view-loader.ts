/**
 * The loader of `/:owner/:repo/issues/:number`, apart from the page so it stays
 * in the entry chunk: the issue and its comments start loading while the
 * page's lazy chunk is still on its way.
 */
import { data, type LoaderFunctionArgs } from 'react-router';
import { markdownReadyFor } from '../features/issue-view/markdown/markdown-ready';
import { preloadMarkdownFor, preloadRawHtmlStage } from '../features/issue-view/markdown/preload-markdown';
import { issueCommentsQuery, issueDetailQuery, issueFromListCache } from '../features/issues/issue-queries';
import { activeBlock } from '../features/rate-limit/rate-limit-store';
import { repositoryQuery } from '../features/repository/repo-queries';
import type { AppServices } from '../services/app-services';

const ISSUE_NUMBER = /^[1-9]\d{0,9}$/;
/**
 * The longest an address opened cold waits for its issue before the page
 * shows its skeleton instead: long enough for a usual answer, short enough
 * that a slow service still shows a page being loaded.
 */
export const COLD_OPEN_WAIT_MAX_MS = 2_000;

export function parseIssueNumber(raw: string | undefined): number | null {
  return raw !== undefined && ISSUE_NUMBER.test(raw) ? Number(raw) : null;
}

export function issueViewLoader(services: AppServices) {
  return ({ params }: LoaderFunctionArgs): Promise<null> | null => {
    const number = parseIssueNumber(params.number);
    // Not an issue number: this address is no page of ours.
    if (number === null) throw data(null, { status: 404 });
    const owner = params.owner ?? '';
    const repo = params.repo ?? '';
    // The renderer's chunks load alongside the data, not after the page has rendered and asked for them.
    preloadMarkdownFor([]);
    preloadRawHtmlStage();
    if (activeBlock(services.rateLimit.getSnapshot(), services.now()) !== null) return null;
    const connection = services.connection.getSnapshot();
    const { queryClient } = services;
    const detail = issueDetailQuery(connection, owner, repo, number);
    const cached = queryClient.getQueryData(detail.queryKey);
    const issueShown = queryClient.ensureQueryData(detail).then(
      // A body with raw HTML needs one more chunk: ask for it as soon as the text is known.
      (issue) => {
        preloadMarkdownFor([issue.data.body]);
        return markdownReadyFor([issue.data.body]);
      },
      () => {
        // The page's own query shows the failure.
      },
    );
    // Comments in parallel, unless the list already says there are none (a request saved).
    const fromList = issueFromListCache(queryClient, connection.identity, owner, repo, number);
    if (fromList !== undefined) preloadMarkdownFor([fromList.data.body]);
    let commentsShown: Promise<void> = Promise.resolve();
    if (fromList === undefined || fromList.data.comments > 0) {
      const comments = issueCommentsQuery(connection, owner, repo, number);
      commentsShown = queryClient.prefetchInfiniteQuery(comments).then(() => {
        const bodies = queryClient.getQueryData(comments.queryKey)?.pages.flatMap((page) => page.data.map((comment) => comment.body)) ?? [];
        preloadMarkdownFor(bodies);
        return markdownReadyFor(bodies);
      });
    }
    // Opened from the list (or seen before), the page shows at once what the cache holds.
    if (cached !== undefined || fromList !== undefined) return null;
    // Opened cold (a shared link, a reload): the first paint waits, briefly, for the whole
    // issue, so the page frame appears with it in one go. A skeleton first and the issue
    // later would move the footer and the repository's header line (layout shift), and
    // on a wide screen the scrollbar the long page brings shifts everything sideways.
    const repositoryShown = queryClient.ensureQueryData(repositoryQuery(connection, owner, repo)).catch(() => {});
    return Promise.race([
      Promise.all([issueShown, commentsShown, repositoryShown]),
      new Promise<void>((resolve) => setTimeout(resolve, COLD_OPEN_WAIT_MAX_MS)),
    ]).then(() => null);
  };
}
