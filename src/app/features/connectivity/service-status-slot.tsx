/**
 * Where the service-status notice (./service-status-notice) appears. The
 * notice and its messages are a chunk of their own, rendered only while
 * there may be something to say: the connectivity store reports an outage,
 * or a query of the current connection is fetching again after a failed
 * attempt. Like the error panel, the chunk is fetched once the page has
 * loaded (see preloadServiceStatusNotice): an outage later on must not
 * depend on a download.
 */
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useSyncExternalStore } from 'react';
import { useAppServices, useConnection } from '../../services/app-services-context';
import { identityOfKey } from '../../services/query-client';
import { isOffline } from './connectivity-store';

const loadNotice = () => import('./service-status-notice');

const ServiceStatusNotice = lazy(async () => ({ default: (await loadNotice()).ServiceStatusNotice }));

/** Fetches the notice's chunk ahead of need; main.tsx calls it in idle time once the first page's requests are answered. */
export function preloadServiceStatusNotice(): void {
  loadNotice().catch(() => {
    // The lazy component tries again when there is something to show.
  });
}

export function ServiceStatusSlot() {
  const { connectivity } = useAppServices();
  const offline = useSyncExternalStore(connectivity.subscribe, () => isOffline(connectivity.getSnapshot()));
  const retrying = useSomeQueryRetrying(useConnection().identity);
  if (!offline && !retrying) return null;
  return (
    <Suspense fallback={null}>
      <ServiceStatusNotice />
    </Suspense>
  );
}

/** Whether a query of this connection is fetching with a failed attempt behind it (the notice decides what, if anything, to say). */
function useSomeQueryRetrying(identity: string): boolean {
  const queryCache = useQueryClient().getQueryCache();
  const subscribe = useCallback((listener: () => void) => queryCache.subscribe(listener), [queryCache]);
  return useSyncExternalStore(subscribe, () =>
    queryCache
      .getAll()
      .some((query) => query.state.fetchStatus === 'fetching' && query.state.fetchFailureCount > 0 && identityOfKey(query.queryKey) === identity),
  );
}
