/** What the list shows when it has no rows to show: refused, failed, paused, loading, past the end, nothing matching. */
import type { FetchStatus } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { importOutlastingOutage } from '../../lib/import-outlasting-outage';
import { ValidationError } from '../../api/api-errors';
import { ErrorPanel } from '../../components/error-panel';
import { Skeleton } from '../../components/skeleton';
import { useDynamicClass } from '../../styles/dynamic-classes';
import { EmptyState } from './empty-state';
import type { RateLimitBlock, RateLimitResource } from '../../services/rate-limit-store';

/** The chunk with the rarer states (./rare-list-states): an answer that waits, a page past the end. */
export const loadRareListStates = () => importOutlastingOutage(() => import('./rare-list-states'));
const WaitingAnswer = lazy(async () => ({ default: (await loadRareListStates()).WaitingAnswer }));
export const PastTheEnd = lazy(async () => ({ default: (await loadRareListStates()).PastTheEnd }));

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
 * here: the service's refusal of the query, the failure with a retry (and
 * Back to the view before, which the tab still has), the wait until the budget
 * the view spends resets, or rows loading; with `offerBack` (another view's
 * rows withheld), also the wait for the service while the request is retried,
 * and Back to that view.
 */
export function ListBeforeFirstPage({ query, block, resource, skeletonRows, offerBack = false }: {
  query: FirstPageQuery;
  block: RateLimitBlock | null;
  /** the budget the view spends, to name what it waits for */
  resource: RateLimitResource;
  skeletonRows: number;
  offerBack?: boolean;
}) {
  if (query.isError) {
    if (query.error instanceof ValidationError) {
      return (
        <EmptyState title="The service refused this query">
          <p>Change the query above (its message says what is wrong) and press Enter.</p>
        </EmptyState>
      );
    }
    return (
      <div className="p-4">
        <ErrorPanel error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} headingLevel={3} offerBack />
      </div>
    );
  }
  const skeleton = <IssueListSkeleton rows={skeletonRows} />;
  const waitsForCredits = block !== null && query.fetchStatus === 'idle';
  if (waitsForCredits || (offerBack && query.failureCount > 0)) {
    return (
      <Suspense fallback={skeleton}>
        <WaitingAnswer block={waitsForCredits ? block : null} resource={resource} offerBack={offerBack} />
      </Suspense>
    );
  }
  return skeleton;
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
        <SkeletonRow key={i} index={i} />
      ))}
    </ul>
  );
}

function SkeletonRow({ index }: { index: number }) {
  // Titles of varied lengths, as a list has; a class, since the service renders this markup (issue 48).
  const titleWidth = useDynamicClass({ width: `${45 + ((index * 37) % 45)}%` });
  return (
    <li className="flex gap-2 border-b border-line-muted px-3 py-2.5 last:border-b-0 sm:gap-3 sm:px-4">
      <Skeleton className="mt-0.5 size-4 shrink-0 rounded-full" />
      <div className="min-w-0 flex-1">
        <div className="flex h-[21px] items-center sm:h-[22px]">
          <Skeleton className={`h-3.5 ${titleWidth}`} />
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
  );
}
