import { HomeIcon } from '../components/icons';
import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { isRouteErrorResponse, Link, useLocation, useNavigate, useRouteError } from 'react-router';
import { ErrorPanel } from '../components/error-panel';
import type { ErrorSubject } from '../lib/error-messages';

/**
 * The error element of a route: what went wrong, in words, and the way on.
 * "Retry" renders the route again (its queries refetch on mount).
 */
export function RouteError({ subject }: { subject?: ErrorSubject }) {
  const error = useRouteError();
  const navigate = useNavigate();
  const location = useLocation();
  const { reset } = useQueryErrorResetBoundary();

  if (isRouteErrorResponse(error) && error.status === 404) {
    return <PageNotFound />;
  }
  return (
    <div className="mx-auto max-w-2xl py-8">
      <ErrorPanel
        error={error}
        subject={subject}
        headingLevel={1}
        onRetry={() => {
          // Same place, new location: the route's error boundary resets, and with the
          // query boundary reset too, the failed queries run again instead of rethrowing.
          reset();
          void navigate(location, { replace: true, state: location.state });
        }}
      />
      <p className="mt-4 text-center">
        <Link to="/" className="link inline-flex items-center gap-1">
          <HomeIcon size={16} aria-hidden="true" /> Pick another repository
        </Link>
      </p>
    </div>
  );
}

export function PageNotFound() {
  return (
    <div className="mx-auto max-w-xl py-16 text-center">
      <h1 className="text-2xl font-semibold">This page does not exist</h1>
      <p className="mt-2 text-fg-muted">The address matches no page of Issuescope. Repository pages look like /owner/name/issues.</p>
      <p className="mt-6">
        <Link to="/" className="btn">
          Go to the start page
        </Link>
      </p>
    </div>
  );
}
