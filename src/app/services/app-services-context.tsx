import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { AppServices } from './app-services';
import type { Connection } from './connection-store';

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
  return useSyncExternalStore(connection.subscribe, connection.getSnapshot);
}
