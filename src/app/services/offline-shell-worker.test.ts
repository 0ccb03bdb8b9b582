/**
 * public/sw.js, the offline copy (issue 45), with pages the service renders (issue 48): it keeps
 * the shell, never a rendered list, and tells a new build by the build files its page names, not
 * by the page's bytes (a rendered page differs per address and per data). The worker runs here as
 * the browser runs it, as a plain script, against a cache and a network of plain objects.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIRST_VIEW_DATA_ID } from '../../shared/first-view';

const ORIGIN = 'https://issuescope.test';
// Vitest runs from the repository's root.
const WORKER = readFileSync(path.resolve('public/sw.js'), 'utf8');

/** A build's head as `vite build` writes the shell's, or as the rendered page's template has it (scripts/first-view-build.ts). */
function shell(build: string, extraHead = ''): string {
  return `<!doctype html><html><head>${extraHead}<link rel="icon" href="/favicon.svg" /><link rel="stylesheet" crossorigin href="/assets/index-${build}.css"><script fetchpriority="low" type="module" crossorigin src="/assets/index-${build}.js"></script><link fetchpriority="low" rel="modulepreload" crossorigin href="/assets/framework-${build}.js"></head><body><div id="root"><div aria-busy="true"></div></div></body></html>`;
}

function rendered(build: string, rows: string): string {
  return `<!doctype html><html><head><link rel="icon" href="/favicon.svg" /><link rel="stylesheet" crossorigin href="/assets/index-${build}.css"><script src="/assets/start-after-paint-L00ADER.js" data-entry="/assets/index-${build}.js" data-preload="/assets/framework-${build}.js" defer></script></head><body><div id="root"><ul>${rows}</ul></div><script type="application/json" id="${FIRST_VIEW_DATA_ID}">{"address":"/acme/rocket/issues"}</script></body></html>`;
}

function html(text: string): Response {
  return new Response(text, { headers: { 'content-type': 'text/html; charset=utf-8' } });
}

interface FakeRequest {
  url: string;
  method: string;
  mode: string;
}

/** The worker in a world of plain objects: one cache storage, a network answering by path, its events. */
function startWorker(network: Map<string, () => Response>) {
  const stores = new Map<string, Map<string, Response>>();
  const keyOf = (request: string | FakeRequest) => new URL(typeof request === 'string' ? request : request.url, ORIGIN).href;
  const openCache = (name: string) => {
    let entries = stores.get(name);
    if (entries === undefined) stores.set(name, (entries = new Map()));
    const store = entries;
    return {
      match: async (request: string | FakeRequest) => store.get(keyOf(request))?.clone(),
      put: async (request: string | FakeRequest, response: Response) => void store.set(keyOf(request), response),
      keys: async () => [...store.keys()],
      delete: async (request: string) => store.delete(keyOf(request)),
    };
  };
  const caches = { open: async (name: string) => openCache(name), keys: async () => [...stores.keys()], delete: async (name: string) => stores.delete(name) };
  const asked: string[] = [];
  const fetch = async (request: string | FakeRequest) => {
    const url = new URL(keyOf(request));
    asked.push(url.pathname);
    const answer = network.get(url.pathname);
    if (answer === undefined) throw new TypeError('Failed to fetch');
    return answer();
  };
  const listeners = new Map<string, (event: unknown) => void>();
  const self = {
    location: { origin: ORIGIN },
    addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, listener),
    skipWaiting: () => undefined,
    clients: { claim: async () => undefined },
  };
  new Function('self', 'caches', 'fetch', WORKER)(self, caches, fetch);

  return {
    asked,
    /** A navigation to `path`, as the browser hands it to the worker: what the page gets, once the worker is done with it. */
    async navigate(path: string): Promise<string> {
      let answer: Promise<Response> | undefined;
      listeners.get('fetch')!({ request: { url: `${ORIGIN}${path}`, method: 'GET', mode: 'navigate' }, respondWith: (response: Promise<Response>) => (answer = response) });
      const text = await (await answer!).text();
      // keepPage runs beside the answer: let it finish.
      await new Promise((resolve) => setTimeout(resolve, 0));
      return text;
    },
    async kept(): Promise<{ page: string | undefined; files: string[] }> {
      const cache = await caches.open('issuescope-shell-v1');
      const page = await cache.match('/index.html');
      return { page: page === undefined ? undefined : await page.text(), files: (await cache.keys()).map((key) => new URL(key).pathname).filter((path) => path.startsWith('/assets/')).sort() };
    },
    async keepFile(path: string) {
      await (await caches.open('issuescope-shell-v1')).put(path, new Response('built'));
    },
  };
}

async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 0));
}

describe('the offline copy with pages the service renders', () => {
  it('keeps the shell of the build, not the rendered list it was opened on', async () => {
    const network = new Map([
      ['/acme/rocket/issues', () => html(rendered('b1', '<li>Rocket explodes on launch</li>'))],
      ['/', () => html(shell('b1'))],
    ]);
    const worker = startWorker(network);
    expect(await worker.navigate('/acme/rocket/issues')).toContain('Rocket explodes on launch');
    await settle();
    expect((await worker.kept()).page).toBe(shell('b1'));
  });

  it('offline, a reload of a rendered address opens the kept shell', async () => {
    const network = new Map([
      ['/acme/rocket/issues', () => html(rendered('b1', '<li>Rocket explodes on launch</li>'))],
      ['/', () => html(shell('b1'))],
    ]);
    const worker = startWorker(network);
    await worker.navigate('/acme/rocket/issues');
    await settle();
    network.clear();
    expect(await worker.navigate('/acme/rocket/issues')).toBe(shell('b1'));
  });

  it("rendered pages of the same build, other addresses and other rows, keep the build's files and its shell", async () => {
    const network = new Map([
      ['/acme/rocket/issues', () => html(rendered('b1', '<li>Rocket explodes on launch</li>'))],
      ['/acme/docs/issues', () => html(rendered('b1', '<li>Write the launch guide</li>'))],
      ['/', () => html(shell('b1'))],
    ]);
    const worker = startWorker(network);
    await worker.navigate('/acme/rocket/issues');
    await settle();
    await worker.keepFile('/assets/index-b1.js');
    await worker.navigate('/acme/docs/issues');
    await settle();
    expect(await worker.kept()).toEqual({ page: shell('b1'), files: ['/assets/index-b1.js'] });
    // The shell was asked for once, for the first rendered page.
    expect(worker.asked.filter((path) => path === '/')).toEqual(['/']);
  });

  it("a shell whose bytes differ but whose build files do not (the service's settings in a meta) is the same build", async () => {
    const network = new Map([['/', () => html(shell('b1'))]]);
    const worker = startWorker(network);
    await worker.navigate('/');
    await settle();
    await worker.keepFile('/assets/index-b1.js');
    network.set('/', () => html(shell('b1', '<meta name="issuescope-connect-origins" content="https://api.github.com">')));
    await worker.navigate('/');
    await settle();
    expect((await worker.kept()).files).toEqual(['/assets/index-b1.js']);
  });

  it("a page of a new build (other scripts) drops the old build's files and keeps the new build's shell", async () => {
    const network = new Map([
      ['/acme/rocket/issues', () => html(rendered('b1', '<li>Rocket explodes on launch</li>'))],
      ['/', () => html(shell('b1'))],
    ]);
    const worker = startWorker(network);
    await worker.navigate('/acme/rocket/issues');
    await settle();
    await worker.keepFile('/assets/index-b1.js');
    network.set('/acme/rocket/issues', () => html(rendered('b2', '<li>Rocket explodes on launch</li>')));
    network.set('/', () => html(shell('b2')));
    await worker.navigate('/acme/rocket/issues');
    await settle();
    expect(await worker.kept()).toEqual({ page: shell('b2'), files: [] });
  });

  it("keeps no page rather than a rendered one, should the shell's address answer with one", async () => {
    const network = new Map([
      ['/acme/rocket/issues', () => html(rendered('b1', '<li>Rocket explodes on launch</li>'))],
      ['/', () => html(rendered('b1', '<li>Someone else’s start page</li>'))],
    ]);
    const worker = startWorker(network);
    await worker.navigate('/acme/rocket/issues');
    await settle();
    expect((await worker.kept()).page).toBeUndefined();
  });
});
