/**
 * The list in paged mode (the default): one page at a time, by the `Link`
 * rels the service sent (spec 4.2 rule 3), with its count in the heading and
 * in the live status and the pager below. The counts and the pager are
 * chunks of their own, loaded once the rows are on screen (useRowsShown):
 * the rows need neither. The continuous mode's counterpart is
 * ./continuous-issue-list.tsx.
 */
import { useQueryClient } from '@tanstack/react-query';
import clsx from 'clsx';
import { lazy, Suspense, useDeferredValue, useId } from 'react';
import { useSearchParams } from 'react-router';
import { RateLimitedError } from '../../api/api-errors';
import { pageNumberOf } from '../../api/link-header';
import { ProgressBar } from '../../components/progress-bar';
import { importOutlastingOutage } from '../../lib/import-outlasting-outage';
import { issuePageQuery } from '../../services/issue-queries';
import { IssueListBody } from './issue-list-body';
import { pageLinkState, resourceOf, withParams } from './list-view';
import { RetryNotice } from './retry-notice';
import { OfflineBanner } from './offline-banner';
import { useRowsShown } from './use-rows-shown';
import { LazyPager } from './lazy-pager';
import { useRateLimitBlock } from '../../services/use-rate-limit-block';
import { FollowRename } from '../../components/follow-rename';
import { useConnection } from '../../services/app-services-context';
import type { ContinuousIssueListProps } from './continuous-issue-list';
import type { useIssuePage } from './use-issue-page';

const Counted = lazy(async () => ({ default: (await importOutlastingOutage(() => import('./list-counts'))).PagedListCount }));

export type PagedIssueListProps = Pick<ContinuousIssueListProps, 'owner' | 'repo' | 'view' | 'tools' | 'state' | 'highlight' | 'emptyTitle' | 'linkState' | 'toolbar' | 'onLabel' | 'onAuthor' | 'onAssignee'> & {
  /** the page the address asks for (the route's query, whose loader started it) */
  query: ReturnType<typeof useIssuePage>;
  /** the query is not the default: offer to clear it when nothing matches */
  filtered: boolean;
};

export function PagedIssueList({ owner, repo, view, tools, state, query, toolbar, ...rowProps }: PagedIssueListProps) {
  const [search] = useSearchParams();
  const queryClient = useQueryClient();
  const connection = useConnection();
  const resource = resourceOf(view.route);
  const block = useRateLimitBlock(resource);
  const countId = useId();

  // A page's rows render in a background pass React splits into short tasks, so a page
  // arriving never blocks input; until that pass commits, the previous page (or the
  // skeleton) stays on screen. Everything about the list (rows, counts, pager) describes
  // the page on screen. spec 4.1: a request without `page` asks for page 1.
  const deferred = useDeferredValue(query.data);
  // Another view's rows (keepPreviousData) stand in only while this view's answer is on its
  // way: not when it cannot be had (no credits, an outage, a failure being retried), where the
  // tabs, the count and the pager would describe a list the rows are not (issue 45). The list
  // says why instead, with the view before one click back. A secondary rate limit (429) is a
  // short wait with its own countdown, during which paging pauses over the rows on screen (spec 7.2).
  const answerWaits = query.isPlaceholderData && (query.fetchStatus !== 'fetching' || (query.failureCount > 0 && !(query.failureReason instanceof RateLimitedError)));
  const response = answerWaits ? undefined : deferred;
  const rowsShown = useRowsShown(response !== undefined);
  const page = response ? (pageNumberOf(response.url) ?? 1) : view.page;
  // Counted from the page on screen when it is the view's own answer; not while the rows on screen lag behind it.
  const counted = response !== query.data ? null : response !== undefined && !query.isPlaceholderData ? { answer: response, number: page } : undefined;
  const countedView = { owner, repo, view, tools, state, page: counted, onPage: response?.data.length ?? 0 };
  const refreshing = query.isFetching && query.isPlaceholderData;

  const toPage = (url: string) => {
    const number = pageNumberOf(url) ?? 1;
    return { to: { search: withParams(search, { page: number === 1 ? null : String(number) }).toString() }, state: pageLinkState(owner, repo, view, url) };
  };
  // Start the request on the click; the loader of the navigation finds it in flight.
  const followPage = (url: string) => void queryClient.prefetchQuery(issuePageQuery(connection, url));

  return (
    <>
      <FollowRename owner={owner} repo={repo} movedTo={response?.movedTo} />
      <p className="sr-only" aria-live="polite" role="status">
        {query.isPending ? (
          query.fetchStatus === 'fetching' ? 'Loading issues…' : ''
        ) : response && rowsShown ? (
          // Said once the counts' chunk is here.
          <Suspense fallback="">
            <Counted {...countedView} status={{ page, links: response.links, total: response.total }} />
          </Suspense>
        ) : (
          ''
        )}
      </p>
      {response?.offline ? <OfflineBanner onRetry={() => void query.refetch()} /> : null}
      <RetryNotice fetching={query.isFetching} failureCount={query.failureCount} failureReason={query.failureReason} />

      <section aria-labelledby={countId} aria-busy={query.isFetching} className="card relative overflow-hidden">
        {refreshing ? <ProgressBar label="Loading the page" /> : null}
        <header className="flex items-center justify-between gap-2 border-b border-line bg-canvas-subtle px-4 py-2 text-fg-muted">
          <h3 id={countId} className="text-sm">
            {response && rowsShown ? (
              <Suspense fallback="Issues and pull requests">
                <Counted {...countedView} />
              </Suspense>
            ) : (
              'Issues and pull requests'
            )}
            {response?.incomplete ? <span title="The search timed out before it saw everything: there may be more."> (incomplete)</span> : null}
          </h3>
          <span className="flex items-center gap-3">
            <span className="hidden text-xs lg:inline">
              Press <kbd className="font-mono">?</kbd> for keyboard shortcuts
            </span>
            {toolbar}
          </span>
        </header>
        <div className={clsx(refreshing && 'opacity-60 transition-opacity')}>
          <IssueListBody
            {...rowProps}
            owner={owner}
            repo={repo}
            query={query}
            response={response}
            page={page}
            perPage={view.perPage}
            block={block}
            resource={resource}
            offerBack={answerWaits}
            toPage={toPage}
            firstPage={{ to: { search: withParams(search, { page: null }).toString() }, state: null }}
          />
        </div>
      </section>

      {response && rowsShown && response.data.length > 0 ? (
        <Suspense fallback={null}>
          <LazyPager
            {...{ owner, repo, view, search, block, page }}
            links={response.links}
            total={response.total}
            ownAnswer={!!counted}
            target={toPage}
            onFollow={followPage}
            notModified={response.notModified}
            offline={response.offline}
          />
        </Suspense>
      ) : null}
    </>
  );
}
