/**
 * The failure panel: an error in words (lib/error-messages.ts) with its next
 * step. Its messages and icons are a chunk of their own, so the list's first
 * paint does not wait for them. The chunk is fetched once the first page has
 * its data (see preloadErrorPanel), so a failure later on, even with the
 * network gone, does not depend on a download; if it still cannot load, a
 * plain panel says so and keeps Retry.
 */
import clsx from 'clsx';
import { lazy, Suspense } from 'react';
import type { ErrorPanelProps } from './error-panel-content';

const loadContent = () => import('./error-panel-content');

const ErrorPanelContent = lazy(() =>
  loadContent().then(
    (module) => ({ default: module.ErrorPanelContent }),
    () => ({ default: PlainErrorPanel }),
  ),
);

export function ErrorPanel(props: ErrorPanelProps) {
  return (
    <Suspense fallback={null}>
      <ErrorPanelContent {...props} />
    </Suspense>
  );
}

/** Fetches the panel's chunk ahead of need; main.tsx calls it in idle time once the first page's requests are answered. */
export function preloadErrorPanel(): void {
  loadContent().catch(() => {
    // The lazy component tries again when a failure is shown, and falls back to PlainErrorPanel.
  });
}

function PlainErrorPanel({ onRetry, retrying = false, className }: ErrorPanelProps) {
  return (
    <section role="alert" className={clsx('rounded-md border border-danger/40 bg-danger-subtle p-4', className)}>
      <p className="font-semibold">Something went wrong, and the details could not be loaded: check the network connection.</p>
      {onRetry ? (
        <button type="button" className="btn mt-2" onClick={onRetry} disabled={retrying}>
          {retrying ? 'Retrying…' : 'Retry'}
        </button>
      ) : null}
    </section>
  );
}
