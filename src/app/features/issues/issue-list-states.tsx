/** What the list shows when it has no rows to show: loading, past the end, nothing matching. */
import { IssueOpenedIcon, SearchIcon } from '../../components/icons';
import type { ReactNode } from 'react';
import { Link, type To } from 'react-router';
import { Skeleton } from '../../components/skeleton';

export function IssueListSkeleton({ rows }: { rows: number }) {
  return (
    <ul aria-hidden="true">
      {Array.from({ length: rows }, (_, i) => (
        <li key={i} className="flex gap-3 border-b border-line-muted px-4 py-3 last:border-b-0">
          <Skeleton className="mt-0.5 size-4 rounded-full" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-4" style={{ width: `${45 + ((i * 37) % 45)}%` }} />
            <Skeleton className="h-3 w-40" />
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
