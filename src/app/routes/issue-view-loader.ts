/**
 * The loader of `/:owner/:repo/issues/:number`, apart from the page so it stays
 * in the entry chunk: the issue and its comments start loading while the
 * page's lazy chunk is still on its way.
 */
import { data, type LoaderFunctionArgs } from 'react-router';
import { preloadMarkdownFor } from '../features/issue-view/markdown/preload-markdown';
import { issueCommentsQuery, issueDetailQuery, issueFromListCache } from '../features/issues/issue-queries';
import { activeBlock } from '../features/rate-limit/rate-limit-store';
import type { AppServices } from '../services/app-services';

const ISSUE_NUMBER = /^[1-9]\d{0,9}$/;

export function parseIssueNumber(raw: string | undefined): number | null {
  return raw !== undefined && ISSUE_NUMBER.test(raw) ? Number(raw) : null;
}

export function issueViewLoader(services: AppServices) {
  return ({ params }: LoaderFunctionArgs): null => {
    const number = parseIssueNumber(params.number);
    // Not an issue number: this address is no page of ours.
    if (number === null) throw data(null, { status: 404 });
    const owner = params.owner ?? '';
    const repo = params.repo ?? '';
    // The renderer's chunk loads alongside the data, not after the page has rendered and asked for it.
    preloadMarkdownFor([]);
    if (activeBlock(services.rateLimit.getSnapshot(), services.now()) !== null) return null;
    const connection = services.connection.getSnapshot();
    const { queryClient } = services;
    queryClient.ensureQueryData(issueDetailQuery(connection, owner, repo, number)).then(
      // A body with raw HTML needs one more chunk: ask for it as soon as the text is known.
      (issue) => preloadMarkdownFor([issue.data.body]),
      () => {
        // The page's own query shows the failure.
      },
    );
    // Comments in parallel, unless the list already says there are none (a request saved).
    const fromList = issueFromListCache(queryClient, connection.identity, owner, repo, number);
    if (fromList !== undefined) preloadMarkdownFor([fromList.data.body]);
    if (fromList === undefined || fromList.data.comments > 0) {
      const comments = issueCommentsQuery(connection, owner, repo, number);
      void queryClient.prefetchInfiniteQuery(comments).then(() => {
        preloadMarkdownFor(queryClient.getQueryData(comments.queryKey)?.pages.flatMap((page) => page.data.map((comment) => comment.body)) ?? []);
      });
    }
    return null;
  };
}
