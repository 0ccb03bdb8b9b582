/**
 * Where the service-status notice (./service-status-notice) appears. The
 * notice and its messages are a chunk of their own, rendered only while
 * there may be something to say: the connectivity store reports an outage,
 * or a query of the current connection is fetching again after a failed
 * attempt. Like the error panel, the chunk is fetched once the page has
 * loaded (see preloadServiceStatusNotice), so an outage later on does not
 * depend on a download. An outage that comes sooner (the app's own service
 * stops before that) finds no chunk and cannot fetch it: the slot then says
 * so in plain words and fetches it again every few seconds, which is also how
 * it notices that the service is back.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { useAppServices, useConnection } from '../../services/app-services-context';
import { identityOfKey } from '../../services/query-client';
import { isOffline } from './connectivity-store';

type NoticeModule = typeof import('./service-status-notice');

/** How long after a failed download of the notice's chunk the slot tries again. */
export const NOTICE_RELOAD_MS = 2_000;

let loaded: NoticeModule | undefined;
let loading: Promise<NoticeModule> | undefined;

function loadNotice(): Promise<NoticeModule> {
  loading ??= import('./service-status-notice').then(
    (module) => (loaded = module),
    (error: unknown) => {
      // Browsers do not remember a failed module download: the next import fetches it again.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** Fetches the notice's chunk ahead of need; main.tsx calls it in idle time once the first page's requests are answered. */
export function preloadServiceStatusNotice(): void {
  loadNotice().catch(() => {
    // The slot tries again when there is something to show.
  });
}

/** The notice's module, fetched while `wanted` and tried again after each failure; undefined until it is here. */
function useNoticeModule(wanted: boolean): NoticeModule | undefined {
  const [module, setModule] = useState(loaded);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!wanted || module !== undefined) return;
    let active = true;
    let retry: number | undefined;
    loadNotice().then(
      (arrived) => {
        if (active) setModule(arrived);
      },
      () => {
        if (active) retry = window.setTimeout(() => setAttempt((n) => n + 1), NOTICE_RELOAD_MS);
      },
    );
    return () => {
      active = false;
      window.clearTimeout(retry);
    };
  }, [wanted, module, attempt]);
  return module ?? loaded;
}

export function ServiceStatusSlot() {
  const { connectivity } = useAppServices();
  const connection = useConnection();
  const offline = useSyncExternalStore(connectivity.subscribe, () => isOffline(connectivity.getSnapshot()));
  const browserOffline = useSyncExternalStore(connectivity.subscribe, () => connectivity.getSnapshot().browserOffline);
  const retrying = useSomeQueryRetrying(connection.identity);
  const notice = useNoticeModule(offline || retrying);
  if (!offline && !retrying) return null;
  if (notice !== undefined) return <notice.ServiceStatusNotice />;
  // Without its chunk a retried request has nothing to say that the page does not show; an outage has.
  if (!offline) return null;
  return (
    <div role="status" className="border-t border-danger/40 bg-danger-subtle">
      <p className="mx-auto max-w-6xl px-3 py-2 sm:px-6">
        {browserOffline ? (
          <strong>You are offline</strong>
        ) : (
          <>
            <strong>Can’t reach the service</strong>
            <span className="hidden sm:inline">
              {' '}
              at <span className="font-mono break-all">{new URL(connection.baseUrl).origin}</span>
            </span>
          </>
        )}{' '}
        — showing saved pages; retrying.
      </p>
    </div>
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
