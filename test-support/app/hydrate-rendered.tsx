/**
 * A page the service's renderer wrote (issue 48), taken over as the browser's start does (src/app/main.tsx):
 * `renderedPageReady` does what comes before hydrating (the services, the routes readied and the router
 * started with the page's data, the markup in the test's document), so a test can take hold of the page's
 * elements first; `hydrateRendered` hydrates it with the app's providers and router, in StrictMode, and says
 * what React recovered from (a mismatch it rendered afresh) and what it said on the console.
 */
import { StrictMode, act } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { createApiClient } from '../../src/app/api/api-client';
import { createMemoryEtagStore, type EtagStore } from '../../src/app/api/etag-store';
import { AppProviders } from '../../src/app/app-providers';
import { createAppRouter, createAppRoutes } from '../../src/app/app-router';
import { createAppServices } from '../../src/app/app-services';
import type { FirstViewData } from '../../src/app/first-view-data';
import type { FirstViewResult } from '../../src/shared/first-view';
import { seedForHydration } from '../../src/app/first-view-start';
import type { AppServices } from '../../src/app/services/app-services-context';
import { createSafeStorage } from '../../src/app/storage/safe-storage';
import { TEST_BASE_URL } from './fake-api';
import { MemoryStorage } from './render-app';

// Testing Library sets this for its own render; these helpers call React's root themselves.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** The roots hydrateRendered made, which unmountHydrated takes down. */
const hydratedRoots = new Set<Root>();

/** The render as the service sends it, its data block as the page carries it (JSON); a render the service declined fails the test, saying why. */
export function asSent(result: FirstViewResult): { title: string; rootHtml: string; css: string; data: FirstViewData } {
  if (!result.rendered) throw new Error(`not rendered: ${result.why}`);
  return { ...result, data: JSON.parse(JSON.stringify(result.data)) as FirstViewData };
}

/** For `afterEach`: unmounts what hydrateRendered hydrated and empties the document. */
export function unmountHydrated(): void {
  act(() => {
    for (const root of hydratedRoots) root.unmount();
  });
  hydratedRoots.clear();
  document.body.innerHTML = '';
}

export interface RenderedPage {
  services: AppServices;
  etagStore: EtagStore;
  router: ReturnType<typeof createAppRouter>;
  /** holds the page's markup, in the document */
  container: HTMLElement;
}

/**
 * The page with `rootHtml` and its data block's `data`, ready to hydrate in a browser whose clock reads `now` and
 * whose API answers with `fetch`; `pageOrigin` is the window's (the services' default when left out).
 */
export async function renderedPageReady({ rootHtml, data, fetch, now, pageOrigin }: {
  rootHtml: string;
  data: FirstViewData;
  fetch: (request: Request) => Promise<Response>;
  now: number;
  pageOrigin?: string;
}): Promise<RenderedPage> {
  const etagStore = createMemoryEtagStore();
  const services = createAppServices({
    local: createSafeStorage('local', () => new MemoryStorage()),
    session: createSafeStorage('session', () => new MemoryStorage()),
    defaultBaseUrl: TEST_BASE_URL,
    etagStore,
    createClient: (options) => createApiClient({ ...options, fetch: (input, init) => fetch(new Request(input, init)) }),
    now: () => now,
    renderedAt: data.renderedAt,
    pageOrigin,
  });
  const routes = createAppRoutes(services);
  const hydrationData = await seedForHydration(services, data, now, routes);
  const router = createAppRouter(services, (readied) => createMemoryRouter(readied, { initialEntries: [data.address], hydrationData }), routes);
  const container = document.createElement('div');
  container.innerHTML = rootHtml;
  document.body.append(container);
  return { services, etagStore, router, container };
}

export interface Hydrated {
  root: Root;
  /** the errors React recovered from, a mismatch among them */
  recoverable: unknown[];
  /** what was said on the console while hydrating */
  said: string[];
}

export async function hydrateRendered(container: HTMLElement, services: AppServices, router: ReturnType<typeof createAppRouter>): Promise<Hydrated> {
  const recoverable: unknown[] = [];
  const said: string[] = [];
  let root: Root | undefined;
  const consoleError = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void said.push(args.map(String).join(' ')));
  try {
    await act(async () => {
      root = hydrateRoot(
        container,
        <StrictMode>
          <AppProviders services={services}>
            <RouterProvider router={router} />
          </AppProviders>
        </StrictMode>,
        { onRecoverableError: (error) => recoverable.push(error) },
      );
    });
  } finally {
    consoleError.mockRestore();
  }
  hydratedRoots.add(root!);
  return { root: root!, recoverable, said };
}
