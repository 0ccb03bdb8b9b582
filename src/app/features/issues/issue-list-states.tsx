/** What the list shows when it has no rows to show: refused, failed, paused, loading, past the end, nothing matching. */
import type { FetchStatus } from '@tanstack/react-query';
import { IssueOpenedIcon, SearchIcon } from '../../components/icons';
import type { ReactNode } from 'react';
import { Link, type To } from 'react-router';
import { ValidationError } from '../../api/api-errors';
import { Countdown } from '../../components/countdown';
import { ErrorPanel } from '../errors/error-panel';
import { Skeleton } from '../../components/skeleton';
import type { RateLimitBlock, RateLimitResource } from '../rate-limit/rate-limit-store';

/** The parts of a list's query (paged or continuous) that decide what it shows before its first page. */
interface FirstPageQuery {
  isError: boolean;
  error: unknown;
  isFetching: boolean;
  fetchStatus: FetchStatus;
  /** failed attempts of the request being retried */
  failureCount: number;
  refetch: () => unknown;
}

/**
 * What either list mode shows instead of rows when its own page is not
 * here: the service's refusal of the query, the failure with a retry, the
 * wait until the budget the view spends resets, or rows loading. `onBack`,
 * when given, offers the view shown before (another query's rows, which
 * never stand in for this one's: issue 45).
 */
export function ListBeforeFirstPage({ query, block, resource, skeletonRows, onBack }: {
  query: FirstPageQuery;
  block: RateLimitBlock | null;
  /** the budget the view spends, to name what it waits for */
  resource: RateLimitResource;
  skeletonRows: number;
  onBack?: () => void;
}) {
  const back = onBack ? (
    <p>
      <button type="button" className="btn" onClick={onBack}>
        Back to the previous view
      </button>
    </p>
  ) : null;
  if (query.isError) {
    if (query.error instanceof ValidationError) {
      return (
        <EmptyState title="The service refused this query">
          <p>Change the query above (its message says what is wrong) and press Enter.</p>
          {back}
        </EmptyState>
      );
    }
    return (
      <div className="space-y-3 p-4">
        <ErrorPanel error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} headingLevel={3} />
        {back}
      </div>
    );
  }
  if (block !== null && query.fetchStatus === 'idle') {
    return (
      <EmptyState title={resource === 'search' ? 'This search waits for search credits' : 'This page waits for API credits'}>
        <p>
          None are left in this window. The list loads by itself when they reset, at <Countdown until={block.until} className="font-medium" />.
        </p>
        {back}
      </EmptyState>
    );
  }
  if (onBack !== undefined && query.failureCount > 0) {
    // Another view's rows were withheld: say what this one waits for (the notice above says how it is retried).
    return (
      <EmptyState title="This view waits for the service">
        <p>Its answer has not come yet: the service did not answer or failed. The list loads by itself when it answers.</p>
        {back}
      </EmptyState>
    );
  }
  return <IssueListSkeleton rows={skeletonRows} />;
}

/**
 * Rows of the same height as IssueRow's first rows, so the list does not jump when they arrive:
 * 63 px on a wide screen (a title line with label pills, a meta line); on a phone, where titles
 * wrap and the labels take a line of their own, about 108 px. index.html draws the same rows.
 */
export function IssueListSkeleton({ rows }: { rows: number }) {
  return (
    <ul aria-hidden="true">
      {Array.from({ length: rows }, (_, i) => (
        <li key={i} className="flex gap-2 border-b border-line-muted px-3 py-2.5 last:border-b-0 sm:gap-3 sm:px-4">
          <Skeleton className="mt-0.5 size-4 shrink-0 rounded-full" />
          <div className="min-w-0 flex-1">
            <div className="flex h-[21px] items-center sm:h-[22px]">
              <Skeleton className="h-3.5" style={{ width: `${45 + ((i * 37) % 45)}%` }} />
            </div>
            <div className="flex h-[20.5px] items-center sm:hidden">
              <Skeleton className="h-3.5 w-1/2" />
            </div>
            <div className="mt-1 flex h-[22px] items-center sm:hidden">
              <Skeleton className="h-[18px] w-10 rounded-full" />
            </div>
            <div className="mt-1 flex h-4 items-center">
              <Skeleton className="h-3 w-40" />
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}

export function EmptyState({ icon, title, children }: { icon?: ReactNode; title: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-2 px-6 py-12 text-center">
      <span className="text-fg-muted">{icon ?? <IssueOpenedIcon size={24} aria-hidden="true" />}</span>
      <h2 className="text-lg font-semibold">{title}</h2>
      {children ? <div className="max-w-md space-y-3 text-fg-muted">{children}</div> : null}
    </div>
  );
}

/** spec 4.1.5: a page past the end is 200 with `[]`: not an error, just nothing here. */
export function PastTheEnd({ page, last, first }: { page: number; last: { to: To; state: unknown; page: number } | null; first: { to: To; state: unknown } }) {
  return (
    <EmptyState icon={<SearchIcon size={24} aria-hidden="true" />} title={`Page ${page} is past the end of this list`}>
      <p>There are fewer pages with these filters than that.</p>
      <p className="flex flex-wrap justify-center gap-2">
        {last !== null ? (
          <Link to={last.to} state={last.state} className="btn">
            Go to the last page ({last.page})
          </Link>
        ) : null}
        <Link to={first.to} state={first.state} className="btn">
          Go to the first page
        </Link>
      </p>
    </EmptyState>
  );
}
