/**
 * How the browser takes over a page the service rendered (issue 48), a list or an issue:
 * whether this tab hydrates it, what goes into the app's stores before React
 * hydrates, and what follows once it has. main.tsx calls these in order.
 */
import type { EtagStore } from './api/etag-store';
import { hydrationLoaderData, seedFirstView, seedStoredAnswers, type FirstViewData } from './first-view-data';
import { rememberVisitedRepo } from './routes/repo-layout';
import type { AppServices } from './services/app-services-context';

/**
 * Whether this tab hydrates the page's first view (else it renders afresh, as
 * before): it does when it is an anonymous reader of the API the page was
 * rendered from. A tab with a token, or pointed at another API, would show
 * another reader's page.
 */
export function readsAsTheRenderDid(services: AppServices, data: FirstViewData): boolean {
  const connection = services.connection.getSnapshot();
  return !connection.hasToken && connection.baseUrl === data.apiBaseUrl;
}

/** Fills the query cache and the rate-limit readings from the page, and gives the router's `hydrationData`. */
export async function seedForHydration(services: AppServices, data: FirstViewData, now: number): Promise<{ loaderData: Record<string, unknown> }> {
  seedFirstView(services, data, now - data.renderedAt);
  return { loaderData: await hydrationLoaderData(data) };
}

/**
 * Whether the router is still at the address the page was rendered for. Back or Forward pressed
 * before the app took over (its scripts come after the first paint, seconds on a phone) moves the
 * tab to another address of the same document, and the router starts there or follows it: that
 * page is not the markup the service sent, and is drawn afresh rather than hydrated into it.
 */
export function routerIsAtRenderedAddress(router: { state: { location: { pathname: string; search: string } } }, data: FirstViewData): boolean {
  const { pathname, search } = router.state.location;
  return `${pathname}${search}` === data.address;
}

/**
 * Settles once the router has what the page rendered with: an issue's page is a route `lazy` chunk, whose
 * loader React Router runs again as it hydrates (first-view-data.ts), and until both are done the router
 * shows the root's fallback, which is not the markup the service sent.
 */
export function routerReady(router: { state: { initialized: boolean }; subscribe: (listener: (state: { initialized: boolean }) => void) => () => void }): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

/**
 * After hydrating, in idle time: the API client's store gets the page's
 * validators (the next revalidation is a conditional request, which costs no
 * credit), and the repository joins the recent ones, as its loader does on a
 * page rendered here (the loaders ran on the service).
 */
export async function afterHydration(services: AppServices, etagStore: EtagStore, data: FirstViewData, params: { owner?: string; repo?: string }): Promise<void> {
  if (params.owner !== undefined && params.repo !== undefined) rememberVisitedRepo(services, params.owner, params.repo);
  await seedStoredAnswers(etagStore, services, data);
}
