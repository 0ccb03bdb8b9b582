import { startTransition, StrictMode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { preloadErrorMapping } from './api/api-client';
import { createIndexedDbEtagStore } from './api/etag-store';
import { AppProviders } from './app-providers';
import { createAppRouter } from './app-router';
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
import './styles.css';

/** Lets the browser paint and handle input between the steps of start-up, instead of one long task. */
function yieldToBrowser(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

async function start(): Promise<void> {
  preloadMarkdownForAddress(window.location.pathname);
  const services = createAppServices({
    local: createSafeStorage('local'),
    session: createSafeStorage('session'),
    defaultBaseUrl: defaultBaseUrl(window.location),
    etagStore: createIndexedDbEtagStore(),
    connectPolicy: readConnectPolicy(document, window.location.origin),
  });
  keepFirstAnswersCookie(services.settings);
  await yieldToBrowser();
  // Runs the first page's loaders: its requests start here, before anything renders.
  const router = createAppRouter(services);
  await yieldToBrowser();
  const root = createRoot(document.getElementById('root')!);
  // As a transition, the first render yields to the browser every few milliseconds instead of
  // holding the main thread for one long task; index.html's static shell stays on screen until
  // it commits, so nothing is lost by waiting.
  startTransition(() => {
    root.render(
      <StrictMode>
        <AppProviders services={services}>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    );
  });
  setTimeout(() => preloadWhenSettled(services.queryClient), SETTLED_POLL_MS);
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
