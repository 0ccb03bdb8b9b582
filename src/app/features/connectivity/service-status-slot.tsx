/**
 * Where the service-status notice (./service-status-notice) appears. The
 * notice and its messages are a chunk of their own, rendered only while
 * there may be something to say: the connectivity store reports an outage,
 * or a query of the current connection is fetching again after a failed
 * attempt. Like the error panel, the chunk is fetched once the page has
 * loaded (see preloadServiceStatusNotice), so an outage later on does not
 * depend on a download. An outage that comes sooner (the app's own service
 * stops before that) finds no chunk and cannot fetch it: the slot then says
 * so in plain words while the download is asked for again every few seconds
 * (importOutlastingOutage), which is also how it notices that the service is back.
 */
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useSyncExternalStore } from 'react';
import { importOutlastingOutage } from '../../lib/import-outlasting-outage';
import { useAppServices, useConnection } from '../../services/app-services-context';
import { identityOfKey } from '../../services/query-client';
import { isOffline } from '../../services/connectivity-store';
import { OutageHeadline } from './outage-headline';

type NoticeModule = typeof import('./service-status-notice');

const loadNotice = () => import('./service-status-notice');
let preloaded: NoticeModule | undefined;
/** Set when the notice's chunk is gone for good (the server answers but has it no more, after a redeploy). */
let noticeGone = false;
/**
 * The notice when it was not preloaded: its download outlasts an outage, the plain bar showing
 * meanwhile. A chunk gone for good leaves the slot to its plain words, never to an error screen.
 */
const NoticeLoadedLate = lazy(() =>
  importOutlastingOutage(loadNotice).then(
    (module) => ({ default: module.ServiceStatusNotice }),
    () => {
      noticeGone = true;
      return { default: () => null };
    },
  ),
);

/** Fetches the notice's chunk ahead of need; main.tsx calls it in idle time once the first page's requests are answered. */
export function preloadServiceStatusNotice(): void {
  loadNotice().then(
    (module) => {
      preloaded = module;
    },
    () => {
      // The slot asks again when there is something to show.
    },
  );
}

export function ServiceStatusSlot() {
  const { connectivity } = useAppServices();
  const connection = useConnection();
  const readOffline = () => isOffline(connectivity.getSnapshot());
  const readBrowserOffline = () => connectivity.getSnapshot().browserOffline;
  // The service renders a page online, and the browser hydrates it before any request could fail.
  const offline = useSyncExternalStore(connectivity.subscribe, readOffline, readOffline);
  const browserOffline = useSyncExternalStore(connectivity.subscribe, readBrowserOffline, readBrowserOffline);
  const retrying = useSomeQueryRetrying(connection.identity);
  if (!offline && !retrying) return null;
  // Without its chunk a retried request has nothing to say that the page does not show; an outage has.
  const plainBar = offline ? <PlainOutageBar browserOffline={browserOffline} origin={new URL(connection.baseUrl).origin} /> : null;
  if (noticeGone) return plainBar;
  const Notice = preloaded?.ServiceStatusNotice ?? NoticeLoadedLate;
  return (
    <Suspense fallback={plainBar}>
      <Notice />
    </Suspense>
  );
}

/** The outage, said without the notice's chunk: no countdown, no Retry button. */
function PlainOutageBar({ browserOffline, origin }: { browserOffline: boolean; origin: string }) {
  return (
    // header-notice: while it shows, a link scrolls to below the taller header (styles.css).
    <div role="status" className="header-notice border-t border-danger/40 bg-danger-subtle">
      <p className="mx-auto max-w-6xl px-3 py-2 sm:px-6">
        <OutageHeadline browserOffline={browserOffline} origin={origin} /> — showing saved pages; retrying.
      </p>
    </div>
  );
}

/** Whether a query of this connection is fetching with a failed attempt behind it (the notice decides what, if anything, to say). */
function useSomeQueryRetrying(identity: string): boolean {
  const queryCache = useQueryClient().getQueryCache();
  const subscribe = useCallback((listener: () => void) => queryCache.subscribe(listener), [queryCache]);
  const read = () =>
    queryCache
      .getAll()
      .some((query) => query.state.fetchStatus === 'fetching' && query.state.fetchFailureCount > 0 && identityOfKey(query.queryKey) === identity);
  return useSyncExternalStore(subscribe, read, read);
}
