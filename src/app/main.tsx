import { startTransition, StrictMode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { preloadErrorMapping } from './api/api-client';
import { createIndexedDbEtagStore } from './api/etag-store';
import { AppProviders } from './app-providers';
import { createAppRouter, createAppRoutes } from './app-router';
import { preloadErrorPanel } from './components/error-panel';
import { preloadShortcutsDialog } from './components/shortcuts-dialog';
import { preloadServiceStatusNotice } from './features/connectivity/service-status-slot';
import { preloadMarkdownForAddress } from './features/issue-view/markdown/preload-markdown';
import { preloadSaveViewDialog } from './features/saved-views/save-view-button';
import { loadHovercards } from './features/hovercards/hovercards-chunk';
import { readConnectPolicy } from './services/connect-policy';
import { defaultBaseUrl } from './services/connection-settings';
import { createAppServices } from './app-services';
import { keepFirstAnswersCookie } from './services/first-answers-cookie';
import { createSafeStorage } from './storage/safe-storage';
import { readFirstViewData } from './first-view-data';
import { afterHydration, readsAsTheRenderDid, routerIsAtRenderedAddress, seedForHydration } from './first-view-start';
import './styles.css';

/** Lets the browser paint and handle input between the steps of start-up, instead of one long task. */
function yieldToBrowser(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

async function start(): Promise<void> {
  preloadMarkdownForAddress(window.location.pathname);
  const etagStore = createIndexedDbEtagStore();
  const baseUrl = defaultBaseUrl(window.location);
  // A page the service rendered (a list or an issue, issue 48) carries its first view for its address; while
  // hydrating, the clock reads the time it was rendered at.
  const firstView = readFirstViewData(document, `${window.location.pathname}${window.location.search}`, baseUrl);
  const services = createAppServices({
    local: createSafeStorage('local'),
    session: createSafeStorage('session'),
    defaultBaseUrl: baseUrl,
    etagStore,
    connectPolicy: readConnectPolicy(document, window.location.origin),
    renderedAt: firstView?.renderedAt,
  });
  keepFirstAnswersCookie(services.settings);
  const readsAsRendered = firstView !== null && readsAsTheRenderDid(services, firstView);
  const routes = createAppRoutes(services);
  // A chunk the page needs (the query tools of a filtered list, an issue's page) may fail to arrive: the page is
  // then rendered here, from the answers it carries.
  const hydrationData = readsAsRendered ? await seedForHydration(services, firstView, Date.now(), routes).catch(() => undefined) : undefined;
  let hydrating = hydrationData !== undefined ? firstView : null;
  await yieldToBrowser();
  // Runs the first page's loaders: its requests start here, before anything renders. A page the
  // service rendered had its loaders run there (or, for an issue, by seedForHydration): the router
  // starts with their data.
  let router = createAppRouter(services, hydrationData !== undefined ? (readied) => createBrowserRouter(readied, { hydrationData }) : undefined, routes);
  if (hydrating !== null && !routerIsAtRenderedAddress(router, hydrating)) {
    // Back or Forward while the scripts loaded: the page the router shows is not the one rendered. It is drawn
    // afresh, as on the shell, by a router of its own: one made to hydrate leaves the scroll where the page put it,
    // where Back should return the reader to where they were on that page.
    router.dispose();
    router = createAppRouter(services);
    hydrating = null;
  }
  await yieldToBrowser();
  const app = (
    <StrictMode>
      <AppProviders services={services}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );
  const container = document.getElementById('root')!;
  // As a transition, the first render (or hydration) yields to the browser every few milliseconds
  // instead of holding the main thread for one long task; the page's markup stays on screen until
  // it commits, so nothing is lost by waiting.
  startTransition(() => {
    if (hydrating !== null) {
      hydrateRoot(container, app, {
        // React renders afresh where the markup does not match: said, so it is seen.
        onRecoverableError: (error) => console.error('Issuescope: the page the service rendered did not hydrate as it was', error),
      });
    } else {
      createRoot(container).render(app);
    }
  });
  if (hydrating !== null) {
    const params = router.state.matches.at(-1)?.params ?? {};
    whenIdle(() => void afterHydration(services, etagStore, hydrating, params));
  }
  setTimeout(() => preloadWhenSettled(services.queryClient), SETTLED_POLL_MS);
}

function whenIdle(task: () => void): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(task);
  else setTimeout(task, 0);
}
void start();

// Off the first page's path, but in hand before any failure (the network may be gone by then)
// and before the first click on a dialog.
function preloadLaterChunks(): void {
  preloadErrorMapping();
  preloadErrorPanel();
  preloadServiceStatusNotice();
  preloadShortcutsDialog();
  preloadSaveViewDialog();
  // The cards render once it is here (features/hovercards/hovercards-chunk.ts).
  loadHovercards().catch(() => {});
  // Its own chunk: the first paint never waits for it, and it is fetched while the service answers.
  import('./services/offline-shell')
    .then((shell) => shell.keepShellForOffline())
    .catch(() => {
      // Not at hand (the service went away first): the app works as before, without the offline copy.
    });
}

const SETTLED_POLL_MS = 500;

/**
 * Once the first page's requests (started by its loaders) are answered, in idle time: before
 * that these chunks would share the network and the main thread with what the page is waiting
 * for. The page's `load` event, which this used to wait for, comes long before its data.
 */
function preloadWhenSettled(queryClient: QueryClient): void {
  if (queryClient.isFetching() > 0) setTimeout(() => preloadWhenSettled(queryClient), SETTLED_POLL_MS);
  else if ('requestIdleCallback' in window) window.requestIdleCallback(preloadLaterChunks);
  else setTimeout(preloadLaterChunks, 0);
}
