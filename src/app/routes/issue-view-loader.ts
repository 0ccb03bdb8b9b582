/**
 * The loader of `/:owner/:repo/issues/:number`, apart from the page so it stays
 * in the entry chunk: the issue and its comments start loading while the
 * page's lazy chunk is still on its way.
 */
import { data, type LoaderFunctionArgs } from 'react-router';
import { commentScope, DESCRIPTION_SCOPE, markdownTreesReady } from '../features/issue-view/markdown/markdown-ready';
import { preloadMarkdown } from '../features/issue-view/markdown/preload-markdown';
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
/**
 * Opened from the list, the issue is at hand and only its text's tree is
 * awaited (the worker answers in tens of milliseconds once started): the list
 * stays until the issue can show whole, rather than a skeleton flashing first.
 */
export const WARM_OPEN_WAIT_MAX_MS = 800;

const elapsed = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

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
    // The renderer's chunk and worker load alongside the data, not after the page has rendered and asked for them.
    preloadMarkdown();
    const repoOfTexts = { owner, name: repo };
    if (activeBlock(services.rateLimit.getSnapshot(), services.now()) !== null) return null;
    const connection = services.connection.getSnapshot();
    const { queryClient } = services;
    const detail = issueDetailQuery(connection, owner, repo, number);
    const cached = queryClient.getQueryData(detail.queryKey);
    // Each text is parsed (in the worker) as soon as it is known, while the rest still loads.
    const issueShown = queryClient.ensureQueryData(detail).then(
      (issue) => markdownTreesReady([{ markdown: issue.data.body, scope: DESCRIPTION_SCOPE }], repoOfTexts),
      () => {
        // The page's own query shows the failure.
      },
    );
    // Comments in parallel, unless the list already says there are none (a request saved).
    const fromList = issueFromListCache(queryClient, connection.identity, owner, repo, number);
    let commentsShown: Promise<void> = Promise.resolve();
    if (fromList === undefined || fromList.data.comments > 0) {
      const comments = issueCommentsQuery(connection, owner, repo, number);
      commentsShown = queryClient.prefetchInfiniteQuery(comments).then(() => {
        const texts = queryClient.getQueryData(comments.queryKey)?.pages.flatMap((page) => page.data.map((comment) => ({ markdown: comment.body, scope: commentScope(comment.id) }))) ?? [];
        return markdownTreesReady(texts, repoOfTexts);
      });
    }
    // Opened from the list (or seen before), the page shows what the cache holds once its text can render.
    const atHand = cached ?? fromList;
    if (atHand !== undefined) {
      return Promise.race([markdownTreesReady([{ markdown: atHand.data.body, scope: DESCRIPTION_SCOPE }], repoOfTexts), elapsed(WARM_OPEN_WAIT_MAX_MS)]).then(() => null);
    }
    // Opened cold (a shared link, a reload): the first paint waits, briefly, for the whole
    // issue, so the page frame appears with it in one go. A skeleton first and the issue
    // later would move the footer and the repository's header line (layout shift), and
    // on a wide screen the scrollbar the long page brings shifts everything sideways.
    const repositoryShown = queryClient.ensureQueryData(repositoryQuery(connection, owner, repo)).catch(() => {});
    return Promise.race([
      Promise.all([issueShown, commentsShown, repositoryShown]),
      elapsed(COLD_OPEN_WAIT_MAX_MS),
    ]).then(() => null);
  };
}
