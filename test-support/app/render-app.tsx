/** Renders the whole app (routes, providers) at a URL, over a fake API. */
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type InitialEntry } from 'react-router';
import { createMemoryEtagStore } from '../../src/app/api/etag-store';
import { AppProviders } from '../../src/app/app-providers';
import { createAppRouter } from '../../src/app/app-router';
import type { ConnectPolicy } from '../../src/app/services/connect-policy';
import { createAppServices } from '../../src/app/app-services';
import { createSafeStorage } from '../../src/app/storage/safe-storage';
import { createFakeApi, TEST_BASE_URL, type Handler } from './fake-api';

export class MemoryStorage implements Storage {
  private map = new Map<string, string>();
  get length(): number {
    return this.map.size;
  }
  clear(): void {
    this.map.clear();
  }
  getItem(key: string): string | null {
    return this.map.get(key) ?? null;
  }
  key(index: number): string | null {
    return [...this.map.keys()][index] ?? null;
  }
  removeItem(key: string): void {
    this.map.delete(key);
  }
  setItem(key: string, value: string): void {
    this.map.set(key, value);
  }
}

export interface RenderAppOptions {
  handler?: Handler;
  /** a token already saved for this tab */
  token?: string | null;
  /** device storage, to share between renders (recent repositories, saved views) */
  localStorage?: MemoryStorage;
  /** keep the retry policy's decisions but not its waits (5xx, network) */
  fastRetries?: boolean;
  /** the API origins the serving page allows (its `<meta>`); every origin when absent */
  connectPolicy?: ConnectPolicy;
}

export function renderApp(initialEntries: InitialEntry[], { handler = () => undefined, token = null, localStorage = new MemoryStorage(), fastRetries = false, connectPolicy }: RenderAppOptions = {}) {
  const { api, factory } = createFakeApi(handler);
  const sessionStore = new MemoryStorage();
  if (token !== null) sessionStore.setItem(`issuescope.token:${TEST_BASE_URL}`, token);
  const services = createAppServices({
    local: createSafeStorage('local', () => localStorage),
    session: createSafeStorage('session', () => sessionStore),
    defaultBaseUrl: TEST_BASE_URL,
    etagStore: createMemoryEtagStore(),
    createClient: factory,
    connectPolicy,
  });
  if (fastRetries) {
    services.queryClient.setDefaultOptions({ queries: { ...services.queryClient.getDefaultOptions().queries, retryDelay: 1 } });
  }
  const router = createAppRouter(services, (routes) => createMemoryRouter(routes, { initialEntries }));
  const view = render(
    <AppProviders services={services}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, api, services, router };
}
