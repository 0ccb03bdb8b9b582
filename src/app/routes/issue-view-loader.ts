/**
 * The loader of `/:owner/:repo/issues/:number`, apart from the page so it stays
 * in the entry chunk: the issue and its timeline start loading while the
 * page's lazy chunk is still on its way.
 */
import { data, type LoaderFunctionArgs } from 'react-router';
import { DESCRIPTION_SCOPE, markdownTreesReady } from '../features/issue-view/markdown/markdown-ready';
import { readableByUse } from '../features/issue-view/markdown/readable-promise';
import { preloadMarkdown } from '../features/issue-view/markdown/preload-markdown';
import { issueDetailQuery, issueFromListCache } from '../services/issue-queries';
import { activeBlock } from '../services/rate-limit-store';
import { repositoryQuery } from '../services/repo-queries';
import type { AppServices } from '../services/app-services-context';

const ISSUE_NUMBER = /^[1-9]\d{0,9}$/;

/** The issue route's id (app-router.tsx): the service's render and the browser's hydration name its loader data by it. */
export const ISSUE_VIEW_ROUTE_ID = 'issue-view';
/**
 * The longest an address opened cold waits for its issue before the page
 * shows its skeleton instead, and for its texts before they show as they come:
 * long enough for a usual answer, short enough that a slow service still shows
 * a page being loaded.
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

/**
 * What the page waits on below its header: the description and the timeline's comments,
 * parsed and ready to render. Settled (and readable by `use` without
 * suspending) unless the page was opened cold and the texts are still on their way.
 */
export interface IssueViewLoaderData {
  textsShown: Promise<void>;
}

export const TEXTS_AT_HAND: IssueViewLoaderData = { textsShown: readableByUse(Promise.resolve()) };

/** The loader; also run before hydrating an issue the service rendered (first-view-start.ts), whose page does not carry its data. */
export function issueViewLoader(services: AppServices) {
  return ({ params }: Pick<LoaderFunctionArgs, 'params'>): Promise<IssueViewLoaderData> | IssueViewLoaderData => {
    const number = parseIssueNumber(params.number);
    // Not an issue number: this address is no page of ours.
    if (number === null) throw data(null, { status: 404 });
    const owner = params.owner ?? '';
    const repo = params.repo ?? '';
    // The renderer's chunk and worker load alongside the data, not after the page has rendered and asked for them.
    preloadMarkdown();
    const repoOfTexts = { owner, name: repo, origin: services.pageOrigin };
    if (activeBlock(services.rateLimit.getSnapshot(), services.now()) !== null) return TEXTS_AT_HAND;
    const connection = services.connection.getSnapshot();
    const { queryClient } = services;
    const detail = issueDetailQuery(connection, owner, repo, number);
    const cached = queryClient.getQueryData(detail.queryKey);
    const issueLoaded = queryClient.ensureQueryData(detail).catch(() => {
      // The page's own query shows the failure.
    });
    // Each text is parsed (in the worker) as soon as it is known, while the rest still loads.
    const issueShown = issueLoaded.then((issue) =>
      issue === undefined ? undefined : markdownTreesReady([{ markdown: issue.data.body, scope: DESCRIPTION_SCOPE }], repoOfTexts),
    );
    // The timeline (comments and events) in parallel: each comment's text is parsed as soon as its page is here.
    // Its code is a small chunk of its own, fetched as the page's is: the entry, on the list's first paint, stays small.
    const commentsShown = import('../features/issue-view/timeline-queries').then(
      (timeline) => timeline.preloadTimeline(queryClient, connection, owner, repo, number, services.pageOrigin),
      () => {
        // Not here (offline, a new build): the page's own chunk fails too, and shows it.
      },
    );
    const fromList = issueFromListCache(queryClient, connection.identity, owner, repo, number);
    // Opened from the list (or seen before), the page shows what the cache holds once its text can render.
    const atHand = cached ?? fromList;
    if (atHand !== undefined) {
      return Promise.race([markdownTreesReady([{ markdown: atHand.data.body, scope: DESCRIPTION_SCOPE }], repoOfTexts), elapsed(WARM_OPEN_WAIT_MAX_MS)]).then(() => TEXTS_AT_HAND);
    }
    // Opened cold (a shared link, a reload): the header (title, state, author) shows as soon as
    // the issue and its repository are here; below it, the description, comments and sidebar
    // wait, briefly, to appear together in one go. Shown as they came, each text would push the
    // ones below it down (layout shift). Nothing sits below that block on screen (the footer
    // starts below the fold), so its one swap moves nothing.
    const shownBy = elapsed(COLD_OPEN_WAIT_MAX_MS);
    const repositoryShown = queryClient.ensureQueryData(repositoryQuery(connection, owner, repo)).catch(() => {});
    const textsShown = readableByUse(Promise.race([Promise.all([issueShown, commentsShown]), shownBy]).then(() => {}));
    return Promise.race([Promise.all([issueLoaded, repositoryShown]), shownBy]).then(() => ({ textsShown }));
  };
}
