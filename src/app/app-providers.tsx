import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { AppServices } from './services/app-services-context';
import { AppServicesProvider } from './services/app-services-context';

/** The providers around the router: the app's services and the query client. */
export function AppProviders({ services, children }: { services: AppServices; children: ReactNode }) {
  return (
    <AppServicesProvider services={services}>
      <QueryClientProvider client={services.queryClient}>{children}</QueryClientProvider>
    </AppServicesProvider>
  );
}
