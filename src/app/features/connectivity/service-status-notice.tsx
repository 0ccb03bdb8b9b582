/**
 * A bar at the foot of the sticky header, on every page, that says what the app is doing
 * about a failing service, without blocking what is on screen:
 * - the service does not answer: "Can't reach the service at … — showing saved
 *   pages; retrying in N s" (it looks again by itself, and the notice goes
 *   away once it answers);
 * - a request is being retried: "Service unavailable (503) — retrying in 2 s,
 *   attempt 2 of 4", "Rate limited by the service — retrying in 12 s".
 * Everything is derived from the query cache and the connectivity store.
 */
import { ClockIcon } from '../../components/icons';
import { AlertIcon, PlugIcon, SyncIcon } from '../../components/page-icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import clsx from 'clsx';
import { useCallback, useSyncExternalStore, type ReactNode } from 'react';
import { useNow } from '../../services/use-services';
import { useAppServices, useConnection } from '../../services/app-services-context';
import { apiUrl, type Connection } from '../../services/connection-store';
import { identityOfKey } from '../../services/query-client';
import { isOffline, probeIntervalMs, type ConnectivityState } from '../../services/connectivity-store';
import { OutageHeadline } from './outage-headline';
import { retryAtOf } from '../../services/retry-schedule';
import { retryingQueryHash, retryKindOf, retryStatusText } from './retry-status';

const PROBE_TIMEOUT_MS = 10_000;

export function ServiceStatusNotice() {
  const { connectivity } = useAppServices();
  const state = useSyncExternalStore(connectivity.subscribe, connectivity.getSnapshot, connectivity.getSnapshot);
  const connection = useConnection();
  const retrying = useRetryingQuery(connection.identity);
  if (isOffline(state)) return <OfflineNotice state={state} connection={connection} />;
  if (retrying !== null) return <RetryNotice hash={retrying} />;
  return null;
}

/** The hash of the query the notice speaks for, re-rendering only when that changes. */
function useRetryingQuery(identity: string): string | null {
  const queryCache = useQueryClient().getQueryCache();
  const subscribe = useCallback((listener: () => void) => queryCache.subscribe(listener), [queryCache]);
  const read = () => {
    const hash = retryingQueryHash(queryCache.getAll(), (key) => identityOfKey(key) === identity);
    return hash === null ? null : hash.slice(0, hash.lastIndexOf('\u0000'));
  };
  return useSyncExternalStore(subscribe, read, read);
}

function Bar({ tone, icon, children }: { tone: 'attention' | 'danger'; icon: ReactNode; children: ReactNode }) {
  return (
    // header-notice: while it shows, a link scrolls to below the taller header (styles.css).
    <div role="status" className={clsx('header-notice border-t', tone === 'danger' ? 'border-danger/40 bg-danger-subtle' : 'border-attention/40 bg-attention-subtle')}>
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2 sm:px-6">
        <span className={clsx('shrink-0', tone === 'danger' ? 'text-danger' : 'text-attention')}>{icon}</span>
        {children}
      </div>
    </div>
  );
}

function RetryNotice({ hash }: { hash: string }) {
  const queryClient = useQueryClient();
  const now = useNow();
  const query = queryClient.getQueryCache().get(hash);
  if (query === undefined) return null;
  const error = query.state.fetchFailureReason;
  const text = retryStatusText(error, query.state.fetchFailureCount, retryAtOf(error), now);
  if (text === null) return null;
  const limited = retryKindOf(error) === 'rate-limited';
  return (
    <Bar tone="attention" icon={limited ? <ClockIcon size={16} aria-hidden="true" /> : <SyncIcon size={16} aria-hidden="true" />}>
      <p className="flex-1 tabular-nums">{text}</p>
    </Bar>
  );
}

function OfflineNotice({ state, connection }: { state: ConnectivityState; connection: Connection }) {
  const { now: readNow } = useAppServices();
  const now = useNow();
  // Look again by itself, less often the longer the outage lasts; any answer ends the outage.
  const probe = useQuery({
    queryKey: ['connectivity', connection.identity, 'probe'],
    // A look that hangs must not hold up the next one.
    queryFn: ({ signal }) =>
      connection.client.get<unknown>(apiUrl(connection, '/rate_limit'), { signal: AbortSignal.any([signal, AbortSignal.timeout(PROBE_TIMEOUT_MS)]) }),
    refetchInterval: () => probeIntervalMs(state, readNow()),
    refetchIntervalInBackground: true,
    retry: false,
    gcTime: 0,
  });
  const lastTry = Math.max(probe.dataUpdatedAt, probe.errorUpdatedAt, state.unreachableSince ?? 0);
  const nextTry = lastTry + probeIntervalMs(state, lastTry);
  const seconds = Math.max(0, Math.ceil((nextTry - now) / 1000));
  const origin = new URL(connection.baseUrl).origin;
  return (
    <Bar tone="danger" icon={state.browserOffline ? <AlertIcon size={16} aria-hidden="true" /> : <PlugIcon size={16} aria-hidden="true" />}>
      <p className="min-w-0 flex-1">
        <OutageHeadline browserOffline={state.browserOffline} origin={origin} /> — showing saved pages; retrying{probe.isFetching || seconds === 0 ? ' now' : <span className="tabular-nums"> in {seconds} s</span>}.
      </p>
      <button type="button" className="btn btn-sm" onClick={() => void probe.refetch()} disabled={probe.isFetching}>
        Retry now
      </button>
    </Bar>
  );
}
