/**
 * Issuescope's offline shell (issue 45; docs/app.md, "When the service fails").
 *
 * Reading offline must survive a reload or a new tab: the answers already
 * seen are kept by the app itself (IndexedDB, keyed by service and token),
 * but the page that reads them has to load first. This worker keeps only the
 * app's own files, never an answer of the API: the last page (index.html,
 * the same for every address of the app) and the hashed build files under
 * /assets/ that the page has used.
 *
 * - A navigation goes to the network first; a good answer refreshes the kept
 *   page (a new build's page drops the old build's files), and without an
 *   answer the kept page is served.
 * - A build file comes from the cache when kept (its name holds its hash, so
 *   it never changes), else from the network, and is kept.
 * - Everything else (the API on this origin or another, images) is not
 *   touched: the app's own cache and its outage bar deal with those.
 *
 * Plain script, no inline code: the CSP's `script-src 'self'` and
 * `worker-src 'self'` allow it as a file of this origin.
 */
const CACHE = 'issuescope-shell-v1';
const PAGE_KEY = '/index.html';

self.addEventListener('install', () => {
  // Take over at once: the page that registered this worker is the one that wants to survive a reload.
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name !== CACHE) await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});

/** The page tells which build files it loaded before this worker controlled it. */
self.addEventListener('message', (event) => {
  const data = event.data;
  if (data === null || typeof data !== 'object' || data.type !== 'keep' || !Array.isArray(data.urls)) return;
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      const page = await cache.match(PAGE_KEY);
      if (page === undefined) await keepPage(cache, await fetch('/', { credentials: 'same-origin' }));
      for (const url of data.urls) {
        if (typeof url !== 'string' || !isBuildFile(new URL(url, self.location.origin))) continue;
        if ((await cache.match(url)) === undefined) await keepFile(cache, url, await fetch(url));
      }
    })().catch(() => {}),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') event.respondWith(page(request));
  else if (isBuildFile(url)) event.respondWith(buildFile(request));
});

function isBuildFile(url) {
  return url.origin === self.location.origin && url.pathname.startsWith('/assets/');
}

async function keepPage(cache, response) {
  if (!response.ok || !(response.headers.get('content-type') ?? '').includes('text/html')) return;
  const kept = await cache.match(PAGE_KEY);
  const text = await response.clone().text();
  // Another build: its page names other files, and the old ones will not be asked for again.
  if (kept !== undefined && (await kept.text()) !== text) {
    for (const key of await cache.keys()) await cache.delete(key);
  }
  await cache.put(PAGE_KEY, response);
}

async function keepFile(cache, url, response) {
  if (response.ok) await cache.put(url, response);
}

async function page(request) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    await keepPage(cache, response.clone()).catch(() => {});
    return response;
  } catch (error) {
    const kept = await cache.match(PAGE_KEY);
    if (kept !== undefined) return kept;
    throw error;
  }
}

async function buildFile(request) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(request);
  if (kept !== undefined) return kept;
  const response = await fetch(request);
  await keepFile(cache, request.url, response.clone()).catch(() => {});
  return response;
}
