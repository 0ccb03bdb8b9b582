import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../api/api-types';
import type { Clock } from './clock';
import type { ConnectPolicy } from './connect-policy';
import type { ConnectionSettings } from './connection-settings';
import type { Connection, ConnectionStore } from './connection-store';
import type { ConnectivityStore } from './connectivity-store';
import type { CredentialsNotice } from './credentials-notice';
import type { DeviceListStore } from './device-list-store';
import type { HeldRequests } from './held-requests';
import type { NavigationLocation } from './navigation-location';
import type { RateLimitStore } from './rate-limit-store';
import type { RecentRepo } from './recent-repos';
import type { SavedView } from './saved-views';

/** What the app shares, wired once by the composition root (app-services.ts beside main.tsx). */
export interface AppServices {
  queryClient: QueryClient;
  settings: ConnectionSettings;
  connection: ConnectionStore;
  rateLimit: RateLimitStore;
  /** secondary requests waiting for a low budget's reset (services/secondary-budget.ts) */
  heldRequests: HeldRequests;
  /** whether the service answers at all (the offline notice) */
  connectivity: ConnectivityStore;
  clock: Clock;
  now: () => number;
  recentRepos: DeviceListStore<RecentRepo>;
  savedViews: DeviceListStore<SavedView>;
  credentialsNotice: CredentialsNotice;
  navigation: NavigationLocation;
  /**
   * The origin of the page the app runs in (links to it stay in the app, links elsewhere open in a
   * new tab): the window's in the browser, the page's address on the service, which renders it
   * with no window (issue 48). Read during render, so both sides write the same markup.
   */
  pageOrigin: string;
  /** The service the app starts with ("this service"). */
  defaultBaseUrl: string;
  /** The API origins this deployment's security policy lets the app reach. */
  connectPolicy: ConnectPolicy;
  /** A one-off client that keeps nothing (the settings' "Test token"): not the app's identity. */
  createProbeClient(baseUrl: string, token: string | null): ApiClient;
}


const AppServicesContext = createContext<AppServices | null>(null);

export function AppServicesProvider({ services, children }: { services: AppServices; children: ReactNode }) {
  return <AppServicesContext value={services}>{children}</AppServicesContext>;
}

export function useAppServices(): AppServices {
  const services = useContext(AppServicesContext);
  if (services === null) throw new Error('useAppServices must be used inside <AppServicesProvider>.');
  return services;
}

/** The current API client and the identity query keys carry. */
export function useConnection(): Connection {
  const { connection } = useAppServices();
  // A page rendered on the service is hydrated only by the connection it was rendered for (main.tsx).
  return useSyncExternalStore(connection.subscribe, connection.getSnapshot, connection.getSnapshot);
}
