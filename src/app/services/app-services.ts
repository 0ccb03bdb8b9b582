/**
 * Everything the app shares, wired once: the connection settings and the API
 * client they imply, the query client, the rate-limit and clock stores and the
 * lists kept on this device. Built in main.tsx; tests build their own with a
 * fake client.
 */
import type { QueryClient } from '@tanstack/react-query';
import { createApiClient, type ApiClientOptions } from '../api/api-client';
import { BadCredentialsError, RateLimitedError } from '../api/api-errors';
import type { ApiClient } from '../api/api-types';
import { createMemoryEtagStore, scopeEtagStore, type EtagStore } from '../api/etag-store';
import { createRateLimitStore, type RateLimitStore } from '../features/rate-limit/rate-limit-store';
import { createHeldRequests, type HeldRequests } from '../features/rate-limit/secondary-budget';
import { forgetPrivateRepos } from '../features/repo-picker/forget-private-repos';
import { createRecentRepos, type RecentRepo } from '../features/repo-picker/recent-repos';
import { createSavedViews, type SavedView } from '../features/saved-views/saved-views';
import { isAllowedBaseUrl, OPEN_CONNECT_POLICY, type ConnectPolicy } from '../features/settings/connect-policy';
import { createConnectionSettings, type ConnectionSettings } from '../features/settings/connection-settings';
import { createCredentialsNotice, type CredentialsNotice } from '../features/settings/credentials-notice';
import { createConnectivityStore, type ConnectivityStore } from '../features/connectivity/connectivity-store';
import type { SafeStorage } from '../storage/safe-storage';
import { createClock, type Clock } from './clock';
import { createConnectionStore, type ConnectionStore } from './connection-store';
import type { DeviceListStore } from './device-list-store';
import { createNavigationLocation, type NavigationLocation } from './navigation-location';
import { createQueryClient, identityOfKey } from './query-client';

export interface AppServices {
  queryClient: QueryClient;
  settings: ConnectionSettings;
  connection: ConnectionStore;
  rateLimit: RateLimitStore;
  /** secondary requests waiting for a low budget's reset (features/rate-limit/secondary-budget.ts) */
  heldRequests: HeldRequests;
  /** whether the service answers at all (the offline notice) */
  connectivity: ConnectivityStore;
  clock: Clock;
  now: () => number;
  recentRepos: DeviceListStore<RecentRepo>;
  savedViews: DeviceListStore<SavedView>;
  credentialsNotice: CredentialsNotice;
  navigation: NavigationLocation;
  /** The service the app starts with ("this service"). */
  defaultBaseUrl: string;
  /** The API origins this deployment's security policy lets the app reach. */
  connectPolicy: ConnectPolicy;
  /** A one-off client that keeps nothing (the settings' "Test token"): not the app's identity. */
  createProbeClient(baseUrl: string, token: string | null): ApiClient;
}

export interface AppServicesOptions {
  local: SafeStorage;
  session: SafeStorage;
  defaultBaseUrl: string;
  etagStore: EtagStore;
  /** What the serving page says about reachable API origins; every origin when absent. */
  connectPolicy?: ConnectPolicy;
  /** The real client unless a test passes a fake. */
  createClient?: (options: ApiClientOptions) => ApiClient;
  now?: () => number;
}

export function createAppServices(options: AppServicesOptions): AppServices {
  const { local, session, etagStore } = options;
  const now = options.now ?? (() => Date.now());
  const createClient = options.createClient ?? createApiClient;
  const connectPolicy = options.connectPolicy ?? OPEN_CONNECT_POLICY;

  const rateLimit = createRateLimitStore();
  const credentialsNotice = createCredentialsNotice();
  // Assigned below; the query client's listeners only run once requests do.
  let connection: ConnectionStore | null = null;
  const isCurrent = (queryKey: readonly unknown[]): boolean =>
    connection !== null && identityOfKey(queryKey) === connection.getSnapshot().identity;

  const queryClient = createQueryClient({
    now,
    onError(error, query) {
      if (!isCurrent(query.queryKey)) return;
      if (error instanceof BadCredentialsError) credentialsNotice.raise();
      if (error instanceof RateLimitedError) rateLimit.refuse(error);
    },
    onFailure(error, query) {
      // A 429 waited out by the retry policy still pauses paging meanwhile.
      if (error instanceof RateLimitedError && isCurrent(query.queryKey)) rateLimit.refuse(error);
    },
  });

  const connectivity = createConnectivityStore({
    now,
    // Back from an outage: refresh what was shown from saved copies or failed meanwhile (a 304 costs nothing).
    onRecover: () => void queryClient.invalidateQueries({ predicate: (query) => isCurrent(query.queryKey) }),
  });
  if (typeof window !== 'undefined') {
    window.addEventListener('offline', () => connectivity.setBrowserOffline(true));
    window.addEventListener('online', () => connectivity.setBrowserOffline(false));
  }

  const recentRepos = createRecentRepos(local);
  const savedViews = createSavedViews(local);

  const settings = createConnectionSettings({
    local,
    session,
    defaultBaseUrl: options.defaultBaseUrl,
    isAllowedBaseUrl: (baseUrl) => isAllowedBaseUrl(connectPolicy, baseUrl),
    onIdentityChange(previous, next) {
      // One identity never sees another's private data: drop every answer it got,
      // and, when the token goes, the private repositories it opened (the start page's lists).
      if (previous.token !== null && previous.baseUrl === next.baseUrl) forgetPrivateRepos(recentRepos, savedViews);
      void etagStore.clear();
      queryClient.clear();
      rateLimit.reset();
      connectivity.reset();
      credentialsNotice.dismiss();
    },
  });

  connection = createConnectionStore(settings, ({ baseUrl, token }, isCurrentIdentity) =>
    createClient({
      baseUrl,
      token,
      // A late answer for a replaced identity (a removed token) is not written back after the wipe.
      etagStore: scopeEtagStore(etagStore, isCurrentIdentity),
      now,
      onRateLimit(snapshot) {
        // An answer for the previous identity, landing late, is not this identity's quota.
        if (isCurrentIdentity()) rateLimit.record(snapshot);
      },
      onReachability(reachable) {
        if (isCurrentIdentity()) connectivity.report(reachable);
      },
    }),
  );

  return {
    queryClient,
    settings,
    connection,
    rateLimit,
    heldRequests: createHeldRequests(),
    connectivity,
    clock: createClock(now),
    now,
    recentRepos,
    savedViews,
    credentialsNotice,
    navigation: createNavigationLocation(),
    defaultBaseUrl: options.defaultBaseUrl,
    connectPolicy,
    createProbeClient: (baseUrl, token) => createClient({ baseUrl, token, etagStore: createMemoryEtagStore(), now }),
  };
}
