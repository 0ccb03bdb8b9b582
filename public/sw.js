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
 *   page, and without an answer the kept page is served.
 * - The kept page is always the shell, never a list page the service rendered
 *   (issue 48: one address's rows at one moment, with their data block): for
 *   such a page the worker keeps its build's shell, asked for at `/` (the
 *   start page, which the service does not render).
 * - A build is told by the build files its page's head names (stylesheet,
 *   entry script and module preloads, or the rendered page's loader's entry and
 *   preloads), not by the page's bytes, which differ per address and per data
 *   (and with the service's settings): a page of another build drops the old
 *   build's files.
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
/** Where the shell is asked for when the page at hand is a rendered one: the start page, which the service never renders. */
const SHELL_URL = '/';
/** The id of a rendered page's data block (src/shared/first-view.ts's FIRST_VIEW_DATA_ID): only a rendered page has the element. */
const FIRST_VIEW_DATA_ID = 'issuescope-first-view';

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
      if (page === undefined) await keepShell(cache);
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

/** The build files a page's head asks for, as one string: the same for every page of one build, the shell's or a rendered one's. */
function buildOf(html) {
  const end = html.indexOf('</head>');
  const head = end < 0 ? html : html.slice(0, end);
  const names = new Set();
  for (const [tag] of head.matchAll(/<(?:script|link)\b[^>]*>/g)) {
    const entry = /\bdata-entry="([^"]*)"/.exec(tag);
    if (entry !== null) {
      // A rendered page's loader: it names the entry and its preloads, which the shell's head asks for itself.
      names.add(entry[1]);
      for (const name of (/\bdata-preload="([^"]*)"/.exec(tag)?.[1] ?? '').split(',')) if (name !== '') names.add(name);
    } else {
      for (const [, name] of tag.matchAll(/\b(?:src|href)="([^"]*)"/g)) if (isBuildFile(new URL(name, self.location.origin))) names.add(name);
    }
  }
  return [...names].sort().join(' ');
}

function isRenderedPage(html) {
  return html.includes(`id="${FIRST_VIEW_DATA_ID}"`);
}

function isPage(response) {
  return response.ok && (response.headers.get('content-type') ?? '').includes('text/html');
}

async function keepPage(cache, response) {
  if (!isPage(response)) return;
  const text = await response.clone().text();
  const kept = await cache.match(PAGE_KEY);
  const keptBuild = kept === undefined ? null : buildOf(await kept.text());
  const build = buildOf(text);
  // Another build: its page names other files, and the old ones will not be asked for again.
  if (keptBuild !== null && keptBuild !== build) {
    for (const key of await cache.keys()) await cache.delete(key);
  }
  if (!isRenderedPage(text)) await cache.put(PAGE_KEY, response);
  else if (keptBuild !== build) await keepShell(cache);
}

/** The shell of the build at hand, kept in place of a rendered page; never a rendered page itself. */
async function keepShell(cache) {
  const response = await fetch(SHELL_URL, { credentials: 'same-origin' });
  if (!isPage(response) || isRenderedPage(await response.clone().text())) return;
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
