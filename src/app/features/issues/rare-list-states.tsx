/**
 * What the list shows in place of rows in the rarer cases, a chunk of its own
 * (issue-list-states.tsx loads it when one comes): the list's first paint
 * never needs it.
 *
 * - WaitingAnswer: its answer cannot come now, its budget spent (until the
 *   reset) or the service not answering (while its request is retried). With
 *   `offerBack`, it offers the view shown before (Back): another query's
 *   rows, which never stand in for this one's (issue 45).
 * - PastTheEnd: spec 4.1.5, a page past the end is 200 with `[]`: not an
 *   error, just nothing here.
 */
import { Link, useNavigate, type To } from 'react-router';
import { SearchIcon } from '../../components/icons';
import { Countdown } from '../../components/countdown';
import type { RateLimitBlock, RateLimitResource } from '../../services/rate-limit-store';
import { EmptyState } from './empty-state';

export function WaitingAnswer({ block, resource, offerBack }: {
  /** the rate-limit block it waits out, or null when it waits for the service */
  block: RateLimitBlock | null;
  /** the budget the view spends, to name what it waits for */
  resource: RateLimitResource;
  offerBack: boolean;
}) {
  const navigate = useNavigate();
  const back = offerBack ? (
    <p>
      <button type="button" className="btn" onClick={() => void navigate(-1)}>
        Back to the previous view
      </button>
    </p>
  ) : null;
  if (block === null) {
    return (
      <EmptyState title="This view waits for the service">
        <p>Its answer has not come yet: the service did not answer or failed. The list loads by itself when it answers.</p>
        {back}
      </EmptyState>
    );
  }
  return (
    <EmptyState title={resource === 'search' ? 'This search waits for search credits' : 'This page waits for API credits'}>
      <p>
        None are left in this window. The list loads by itself when they reset, at <Countdown until={block.until} className="font-medium" />.
      </p>
      {back}
    </EmptyState>
  );
}

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
