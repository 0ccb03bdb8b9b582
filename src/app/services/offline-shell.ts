/**
 * Keeps the app's own page and build files on this device (public/sw.js), so
 * a reload or a new tab during an outage opens the app, which then shows the
 * answers it kept, instead of the browser's error page (issue 45). The
 * worker keeps no answer of the API.
 *
 * Registered once the first page has settled, off its path; the files loaded
 * before the worker took over are named to it, later ones it keeps as they pass.
 */
const SHELL_WORKER_URL = '/sw.js';
const BUILD_FILES = '/assets/';

function loadedBuildFiles(): string[] {
  return performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((name) => {
      const url = new URL(name);
      return url.origin === window.location.origin && url.pathname.startsWith(BUILD_FILES);
    });
}

export function keepShellForOffline(): void {
  // The dev server's modules are not a build; private windows and old browsers have no workers: nothing to keep.
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker
    .register(SHELL_WORKER_URL)
    .then(() => navigator.serviceWorker.ready)
    .then((registration) => registration.active?.postMessage({ type: 'keep', urls: loadedBuildFiles() }))
    .catch(() => {
      // Without the worker the app works as before; only a reload during an outage shows the browser's page.
    });
}
