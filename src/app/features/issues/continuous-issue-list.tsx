/**
 * The list in continuous mode (`view=continuous`): one long list that loads
 * the next page, by the `Link` header's `next` (spec 4.2 rule 3), when the
 * reader scrolls near its end; one request at a time, paused while the rate
 * limit is spent. A lazy chunk (continuous-issue-list-chunk.ts) with its
 * virtualised rows: paged mode never loads it.
 */
import { ClockIcon } from '../../components/icons';
import { useCallback, useId, useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { TitleHighlighter } from '../../components/issue-title';
import { Countdown } from '../../components/countdown';
import { ErrorPanel } from '../../components/error-panel';
import { useListSelection } from '../../hooks/use-list-selection';
import { useRateLimitBlock } from '../../services/use-rate-limit-block';
import { issueViewPath } from '../../app-paths';
import { FollowRename } from '../../components/follow-rename';
import { EmptyState } from './empty-state';
import { ListBeforeFirstPage } from './issue-list-states';
import { SearchCapNotice } from './search-cap-notice';
import { LoadedCount } from './list-counts';
import type { ListView } from './list-view';
import { loadedKinds, loadedStatus } from './loaded-status';
import type { QueryTools } from './query-tools';
import { useStateCounts } from './use-state-counts';
import type { RateLimitResource } from '../../services/rate-limit-store';
import { RetryNotice } from './retry-notice';
import { useContinuousIssues } from './use-continuous-issues';
import VirtualIssueRows from './virtual-issue-rows';

export interface ContinuousIssueListProps {
  owner: string;
  repo: string;
  /** the view (its query, page size) and the query tools, to count what the query selects */
  view: ListView;
  tools: QueryTools | null;
  /** the state the query selects; null for both */
  state: 'open' | 'closed' | null;
  /** the first page's URL (of the list endpoint or a search), or null while it is not known yet */
  firstUrl: string | null;
  perPage: number;
  /** the budget the view spends: a search pauses when the search budget is spent */
  resource: RateLimitResource;
  /** in a search: marks the words it matched in titles */
  highlight: TitleHighlighter | undefined;
  /** the title of the "nothing to show" state when the filters match nothing */
  emptyTitle: string;
  /** where a row's link says "Back to issues" returns */
  linkState: unknown;
  /** the header row's right side: the mode toggle */
  toolbar: ReactNode;
  onLabel: (name: string) => void;
  onAuthor: (login: string) => void;
  onAssignee: (login: string) => void;
}

export function ContinuousIssueList({
  owner,
  repo,
  view,
  tools,
  state,
  firstUrl,
  perPage,
  resource,
  highlight,
  emptyTitle,
  linkState,
  toolbar,
  onLabel,
  onAuthor,
  onAssignee,
}: ContinuousIssueListProps) {
  const navigate = useNavigate();
  const block = useRateLimitBlock(resource);
  const query = useContinuousIssues(firstUrl, resource);
  const [focusRequest, setFocusRequest] = useState(0);
  const countId = useId();

  const pages = useMemo(() => query.data?.pages ?? [], [query.data]);
  // The same arrays until a page arrives or a filter changes: the virtualised rows key their work on them.
  const issues = useMemo(() => pages.flatMap((page) => page.data), [pages]);
  const rows = issues;
  const kinds = useMemo(() => loadedKinds(issues), [issues]);
  const complete = query.data !== undefined && !query.hasNextPage;
  const first = pages[0];
  // Every page loaded: what is loaded is the count (as the last page's own rows finish it).
  const counted = first !== undefined ? { answer: complete ? { ...first, data: issues, links: {} } : first, number: 1 } : undefined;
  const counts = useStateCounts({ owner, repo, view, tools, state, page: counted });
  const { hasNextPage, isFetching, fetchNextPage } = query;
  const nextPageError = query.isFetchNextPageError ? query.error : null;

  // One request at a time, none while paused or after a failure. `isFetching` is this render's: a
  // second call before the next render joins the request in flight instead of cancelling and repeating it.
  const onNearEnd = useCallback(() => {
    if (hasNextPage && !isFetching && block === null && nextPageError === null) void fetchNextPage({ cancelRefetch: false });
  }, [hasNextPage, isFetching, block, nextPageError, fetchNextPage]);

  const { selected, setSelected } = useListSelection({
    keys: rows.map((issue) => issue.number),
    // The virtualised rows scroll the selected one into view and focus it.
    onMove: () => setFocusRequest((n) => n + 1),
    onOpen: (number) => void navigate(issueViewPath(owner, repo, number), { state: linkState }),
  });

  const status = query.data === undefined ? (query.fetchStatus === 'fetching' ? 'Loading issues…' : '') : loadedStatus(kinds, complete);

  return (
    <>
      <FollowRename owner={owner} repo={repo} movedTo={pages[0]?.movedTo} />
      <p className="sr-only" aria-live="polite" role="status">
        {status}
      </p>
      {pages.some((page) => page.offline) ? (
        <p role="status" className="rounded-md border border-attention/40 bg-attention-subtle px-3 py-2">
          <strong>You are offline.</strong> These are the copies of these pages saved on this device; they may be out of date.
        </p>
      ) : null}
      <RetryNotice fetching={query.isFetching} failureCount={query.failureCount} failureReason={query.failureReason} />

      <section aria-labelledby={countId} aria-busy={query.isFetching} className="card">
        <header className="flex items-center justify-between gap-2 rounded-t-md border-b border-line bg-canvas-subtle px-4 py-2 text-fg-muted">
          <h3 id={countId} className="text-sm">
            {query.data ? <LoadedCount counts={counts} state={state} loaded={issues.length} /> : 'Issues and pull requests'}
          </h3>
          {toolbar}
        </header>
        <SearchCapNotice total={pages[0]?.total ?? null} />
        {renderBody()}
      </section>
      {query.data !== undefined ? (
        <div className="flex min-h-10 items-center justify-center py-2 text-fg-muted">{renderFooter()}</div>
      ) : null}
    </>
  );

  function renderBody() {
    if (firstUrl === null || query.data === undefined) {
      return <ListBeforeFirstPage query={query} block={block} resource={resource} skeletonRows={Math.min(perPage, 10)} />;
    }
    if (issues.length === 0) return <EmptyState title={emptyTitle} />;
    return (
      <VirtualIssueRows
        rows={rows}
        owner={owner}
        repo={repo}
        linkState={linkState}
        selected={selected}
        focusRequest={focusRequest}
        complete={complete}
        onSelect={setSelected}
        onNearEnd={onNearEnd}
        onLabel={onLabel}
        onAuthor={onAuthor}
        onAssignee={onAssignee}
        highlight={highlight}
      />
    );
  }

  function renderFooter() {
    if (nextPageError !== null) {
      return (
        <div className="w-full">
          <ErrorPanel error={nextPageError} onRetry={() => void fetchNextPage()} retrying={query.isFetchingNextPage} headingLevel={3} />
        </div>
      );
    }
    if (complete) return <span>{loadedStatus(kinds, true)}.</span>;
    if (block !== null) {
      return (
        <p className="flex items-center gap-1.5 text-attention">
          <ClockIcon size={14} aria-hidden="true" />
          {block.kind === 'primary' ? 'Loading more is paused: rate limit reached. Resumes at ' : 'Loading more is paused: too many requests. Resumes at '}
          <Countdown until={block.until} className="font-medium" />
        </p>
      );
    }
    return query.isFetchingNextPage ? <span>Loading more…</span> : <span>Scroll down to load more.</span>;
  }
}
