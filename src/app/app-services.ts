/**
 * Everything the app shares, wired once: the connection settings and the API
 * client they imply, the query client, the rate-limit and clock stores and the
 * lists kept on this device. The app's composition root: built in main.tsx;
 * tests build their own with a fake client. The services' shape is
 * services/app-services-context.tsx's.
 */
import { createApiClient, type ApiClientOptions } from './api/api-client';
import { BadCredentialsError, RateLimitedError } from './api/api-errors';
import type { ApiClient } from './api/api-types';
import { createMemoryEtagStore, scopeEtagStore, type EtagStore } from './api/etag-store';
import { createRateLimitStore } from './services/rate-limit-store';
import { createHeldRequests } from './services/held-requests';
import { forgetPrivateRepos } from './services/forget-private-repos';
import { createRecentRepos } from './services/recent-repos';
import { createSavedViews } from './services/saved-views';
import { isAllowedBaseUrl, OPEN_CONNECT_POLICY, type ConnectPolicy } from './services/connect-policy';
import { createConnectionSettings } from './services/connection-settings';
import { createCredentialsNotice } from './services/credentials-notice';
import { createConnectivityStore } from './services/connectivity-store';
import type { SafeStorage } from './storage/safe-storage';
import type { AppServices } from './services/app-services-context';
import { CLOCK_TICK_MS, createClock } from './services/clock';
import { createConnectionStore, type ConnectionStore } from './services/connection-store';
import { createNavigationLocation } from './services/navigation-location';
import { createQueryClient, identityOfKey } from './services/query-client';

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
  /** When the page being hydrated was rendered on the service (the clock's server snapshot); absent for a page rendered here. */
  renderedAt?: number;
  /** The page's origin; the window's unless given (the service's render has no window, and gives the address it renders). */
  pageOrigin?: string;
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
    clock: createClock(now, CLOCK_TICK_MS, options.renderedAt ?? now()),
    now,
    recentRepos,
    savedViews,
    credentialsNotice,
    navigation: createNavigationLocation(),
    pageOrigin: options.pageOrigin ?? window.location.origin,
    defaultBaseUrl: options.defaultBaseUrl,
    connectPolicy,
    createProbeClient: (baseUrl, token) => createClient({ baseUrl, token, etagStore: createMemoryEtagStore(), now }),
  };
}
