import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { preloadErrorMapping } from './api/api-client';
import { createIndexedDbEtagStore } from './api/etag-store';
import { AppProviders } from './app-providers';
import { createAppRouter } from './app-router';
import { preloadErrorPanel } from './components/error-panel';
import { preloadShortcutsDialog } from './components/shortcuts-dialog';
import { preloadServiceStatusNotice } from './features/connectivity/service-status-slot';
import { preloadSaveViewDialog } from './features/saved-views/save-view-button';
import { readConnectPolicy } from './features/settings/connect-policy';
import { defaultBaseUrl } from './features/settings/connection-settings';
import { createAppServices } from './services/app-services';
import { createSafeStorage } from './storage/safe-storage';
import './styles.css';

const services = createAppServices({
  local: createSafeStorage('local'),
  session: createSafeStorage('session'),
  defaultBaseUrl: defaultBaseUrl(window.location),
  etagStore: createIndexedDbEtagStore(),
  connectPolicy: readConnectPolicy(document, window.location.origin),
});
const router = createAppRouter(services);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders services={services}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);

// Off the first paint's path, but in hand before any failure (the network may be gone by then)
// and before the first click on a dialog.
function preloadLaterChunks(): void {
  preloadErrorMapping();
  preloadErrorPanel();
  preloadServiceStatusNotice();
  preloadShortcutsDialog();
  preloadSaveViewDialog();
}
window.addEventListener(
  'load',
  () => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(preloadLaterChunks);
    else setTimeout(preloadLaterChunks, 0);
  },
  { once: true },
);
