/**
 * The first view rendered by the service (issue 48; the contract is
 * src/shared/first-view.ts): renders a repository's issue list, or one of its
 * issues, with the app's own routes, providers and components, as an anonymous
 * reader of the service would first see it, and says what the browser needs
 * to hydrate it without asking again (first-view-data.ts). `npm run build`
 * builds it, on its own, to dist/server/first-view.js (vite.config.ts); the
 * service loads that file.
 *
 * Only a page that rendered whole from good answers is a page: any other
 * address, a redirect, a loader's error, an API answer other than 200 or a
 * part still loading (a Suspense boundary left to the browser) is
 * `rendered: false`, and the service sends the shell, whose app then does
 * what it always did (asks again, shows the failure, waits out the limit).
 * An issue's texts are parsed here, in this thread (markdown-trees.ts: no
 * `Worker` on a server), before the render that writes them.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { dehydrate, type Query, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider } from 'react-router';
import type { FirstViewRequest, FirstViewResult } from '../shared/first-view';
import { createApiClient } from './api/api-client';
import { createMemoryEtagStore, type EtagStore, type StoredResponse } from './api/etag-store';
import { AppProviders } from './app-providers';
import { createAppRoutes } from './app-router';
import { createAppServices } from './app-services';
import { readListView } from './features/issues/list-view';
import { ISSUE_LIST_ROUTE_ID, type IssueListLoaderData } from './routes/issue-list-loader';
import { ISSUE_VIEW_ROUTE_ID, type IssueViewLoaderData } from './routes/issue-view-loader';
import { createSafeStorage } from './storage/safe-storage';
import { collectingSink, StyleRuleSinkContext } from './styles/dynamic-classes';
import { firstViewLoaderData, type FirstViewData } from './first-view-data';

/** Renders stop when a render asks for nothing new; a page that keeps asking is a bug, not a page. */
const MAX_RENDER_PASSES = 5;
/** How React's server render marks a Suspense boundary it wrote as its fallback, for the browser to render. */
const CLIENT_RENDERED_BOUNDARY = '<!--$!-->';

/**
 * Whether the hook that built a query would fetch it: a query a hook holds back (`enabled: false`:
 * the labels until their menu opens, a view whose request is not known yet) is not the page's to
 * ask for, in the browser or here.
 */
function isEnabled(query: Query<unknown, Error, unknown, QueryKey>): boolean {
  // The observer's options, which the cache keeps on the query it built: `enabled` is one of them.
  const { enabled } = query.options as { enabled?: boolean | ((query: Query<unknown, Error, unknown, QueryKey>) => boolean) };
  return typeof enabled === 'function' ? enabled(query) : enabled !== false;
}

/** What the page's render asked for and nobody has fetched yet: on a server a hook's query is built in the cache, not fetched. */
async function fetchWhatTheRenderAskedFor(queryClient: QueryClient): Promise<number> {
  const waiting = queryClient
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.status === 'pending' && query.state.fetchStatus === 'idle' && query.options.queryFn !== undefined && isEnabled(query));
  // A failure is seen below, in the query's state and among the answers.
  await Promise.all(waiting.map((query) => query.fetch().catch(() => undefined)));
  return waiting.length;
}

/** Resolves once no query of the client is fetching. */
function settled(queryClient: QueryClient): Promise<void> {
  if (queryClient.isFetching() === 0) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = queryClient.getQueryCache().subscribe(() => {
      if (queryClient.isFetching() === 0) {
        unsubscribe();
        resolve();
      }
    });
  });
}

/** An ETag store that can say what it holds, for the page to hand over. */
function recordingEtagStore(): { store: EtagStore; entries: Map<string, StoredResponse> } {
  const inner = createMemoryEtagStore();
  const entries = new Map<string, StoredResponse>();
  return {
    entries,
    store: {
      get: (key) => inner.get(key),
      async set(key, value) {
        entries.set(key, value);
        await inner.set(key, value);
      },
      async clear() {
        entries.clear();
        await inner.clear();
      },
    },
  };
}

/**
 * The service's fetch, as the API client calls it, keeping what did not answer
 * 200: a page that shows a refusal, a missing repository or a failure is not
 * one to hand out as the list (the browser asks again and shows it itself).
 */
function watchedFetch(serviceFetch: FirstViewRequest['fetch'], failures: string[]): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const asked = `GET ${new URL(request.url).pathname}${new URL(request.url).search}`;
    let response: Response;
    try {
      response = await serviceFetch(request);
    } catch (error) {
      failures.push(`${asked} failed: ${error instanceof Error ? error.message : String(error)}`);
      throw error;
    }
    if (response.status !== 200) failures.push(`${asked} answered ${response.status}`);
    return response;
  };
}

export async function renderFirstView(request: FirstViewRequest): Promise<FirstViewResult> {
  const url = new URL(request.url);
  const failures: string[] = [];
  const etags = recordingEtagStore();
  const services = createAppServices({
    // Nothing of a device on the service: no token, no list mode, no recent repositories.
    local: createSafeStorage('local', () => null),
    session: createSafeStorage('session', () => null),
    defaultBaseUrl: request.apiBaseUrl,
    etagStore: etags.store,
    now: () => request.now,
    renderedAt: request.now,
    // Every request goes to the service's own fetch, anonymous (no token is stored here), as from a page on its origin.
    createClient: (options) => createApiClient({ ...options, fetch: watchedFetch(request.fetch, failures), pageOrigin: url.origin }),
    // No window here: the page's links and its texts' trees are made for the address rendered, as the browser will.
    pageOrigin: url.origin,
  });
  // A failed answer makes no page, so waiting out a retry (spec 7.2) would only hold the page back.
  services.queryClient.setDefaultOptions({ queries: { ...services.queryClient.getDefaultOptions().queries, retry: false } });

  const routes = createAppRoutes(services);
  const page = matchRoutes(routes, url.pathname)?.at(-1)?.route.id;
  if (page !== ISSUE_LIST_ROUTE_ID && page !== ISSUE_VIEW_ROUTE_ID) return { rendered: false, why: `${url.pathname} is not a repository's issue list or one of its issues` };
  // The continuous list's rows are drawn by its virtualiser, which measures the window: on a server it draws none, and the
  // page would say "Scroll down to load more" over an empty list until the scripts ran. The skeleton says it better.
  if (readListView(url.searchParams, null).mode === 'continuous') return { rendered: false, why: `${url.pathname}${url.search} is the continuous list, whose rows a server cannot draw` };

  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(url));
  if (context instanceof Response) return { rendered: false, why: `${url.pathname}${url.search} answers ${context.status} (${context.headers.get('location') ?? 'no location'}), not a page` };
  if (context.errors !== null) return { rendered: false, why: `${url.pathname}${url.search}'s loader failed: ${describeErrors(context.errors)}` };

  // The list's loader takes the query tools for a view without a `q` only when their chunk is already
  // loaded, which in this process depends on the renders before: rendered as a new tab would have it.
  const list = context.loaderData[ISSUE_LIST_ROUTE_ID] as IssueListLoaderData | undefined;
  if (list !== undefined && !url.searchParams.has('q')) context.loaderData[ISSUE_LIST_ROUTE_ID] = { ...list, tools: null } satisfies IssueListLoaderData;
  // An issue's loader hands the page a promise of its texts (its description's and comments' trees, or its
  // cold-open wait running out): the page is rendered once they are here, never with their skeleton.
  await (context.loaderData[ISSUE_VIEW_ROUTE_ID] as IssueViewLoaderData | undefined)?.textsShown;

  const router = createStaticRouter(handler.dataRoutes, context);
  const render = () => {
    const sink = collectingSink();
    const html = renderToString(
      <StrictMode>
        <StyleRuleSinkContext.Provider value={sink}>
          <AppProviders services={services}>
            {/* hydrate={false}: React Router would write an inline script, which the CSP refuses; the data block carries it. */}
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </AppProviders>
        </StyleRuleSinkContext.Provider>
      </StrictMode>,
    );
    return { html, css: sink.css() };
  };

  let rendered: { html: string; css: string };
  try {
    await settled(services.queryClient);
    rendered = render();
    for (let pass = 1; pass < MAX_RENDER_PASSES; pass++) {
      const asked = await fetchWhatTheRenderAskedFor(services.queryClient);
      await settled(services.queryClient);
      if (asked === 0) break;
      rendered = render();
    }
  } catch (error) {
    // A query's error thrown to its error boundary, which a server render does not have (React runs none).
    const thrown = `${url.pathname}${url.search} failed to render: ${error instanceof Error ? error.message : String(error)}`;
    return { rendered: false, why: [...failures, thrown].join('; ') };
  }

  const failedQuery = services.queryClient
    .getQueryCache()
    .getAll()
    .find((query) => query.state.status === 'error');
  if (failures.length > 0) return { rendered: false, why: failures.join('; ') };
  // React writes a boundary that suspended as its fallback, marked for the browser to render (`<!--$!-->`): a page
  // with a skeleton the scripts must fill is the shell's job, and its hydration would draw that part anew.
  if (rendered.html.includes(CLIENT_RENDERED_BOUNDARY)) return { rendered: false, why: `${url.pathname}${url.search} has a part its render could not finish (still loading, or failed)` };
  if (failedQuery !== undefined) return { rendered: false, why: `a query failed: ${failedQuery.state.error?.message ?? 'no message'}` };

  const snapshot = services.rateLimit.getSnapshot();
  const data: FirstViewData = {
    address: `${url.pathname}${url.search}`,
    apiBaseUrl: request.apiBaseUrl,
    renderedAt: request.now,
    loaderData: firstViewLoaderData(context.loaderData),
    queries: dehydrate(services.queryClient),
    rateLimit: [snapshot.core, snapshot.search].filter((reading) => reading !== null),
    // The bodies are the queries' own data: carried once (seedStoredAnswers puts them back).
    etags: [...etags.entries].map(([key, { body: _body, ...stored }]) => ({ ...stored, request: key.slice(key.indexOf(' ') + 1) })),
  };
  const { title, markup } = withoutTitle(rendered.html);
  return { rendered: true, title, rootHtml: markup, data, css: rendered.css };
}

// React writes a page's <title> where the page renders it; the page's head is where a title belongs (one per document).
const TITLE = /<title>([^<]*)<\/title>/g;
const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#x27;': "'" };

/**
 * The rendered markup without its `<title>`s, and the page's title's text (the app's name when the page set
 * none). Each route may write one (an issue's layout names its repository, its page the issue): the innermost,
 * written last, is the page's, as in the browser, where React puts each title it mounts before those in the head.
 */
function withoutTitle(html: string): { title: string; markup: string } {
  const found = [...html.matchAll(TITLE)].at(-1);
  if (found === undefined) return { title: 'Issuescope', markup: html };
  const title = found[1]!.replace(/&(amp|lt|gt|quot|#x27);/g, (entity) => ENTITIES[entity]!);
  return { title, markup: html.replace(TITLE, '') };
}

function describeErrors(errors: Record<string, unknown>): string {
  return Object.values(errors)
    .map((error) => (error instanceof Error ? error.message : JSON.stringify(error)))
    .join('; ');
}
