/**
 * `/settings`: which service to talk to (features/settings/service-form.tsx),
 * and the token to talk to it with (features/settings/token-form.tsx).
 */
import { useSyncExternalStore } from 'react';
import { ServiceForm } from '../features/settings/service-form';
import { TokenForm } from '../features/settings/token-form';
import { useAppServices } from '../services/app-services-context';

export function SettingsPage() {
  const { settings, defaultBaseUrl } = useAppServices();
  const snapshot = useSyncExternalStore(settings.subscribe, settings.getSnapshot, settings.getSnapshot);
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <title>Settings · Issuescope</title>
      <h1 className="text-2xl font-semibold">Settings</h1>
      {/* Keyed by service: switching services starts the token form afresh, with that service's token. */}
      <ServiceForm baseUrl={snapshot.baseUrl} defaultBaseUrl={defaultBaseUrl} />
      <TokenForm key={snapshot.baseUrl} baseUrl={snapshot.baseUrl} token={snapshot.token} persistence={snapshot.persistence} />
    </div>
  );
}

