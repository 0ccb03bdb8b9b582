/**
 * How the browser takes over a page the service rendered (issue 48), a list or an issue:
 * whether this tab hydrates it, what goes into the app's stores before React
 * hydrates, and what follows once it has. main.tsx calls these in order.
 */
import { matchRoutes, type RouteObject } from 'react-router';
import type { EtagStore } from './api/etag-store';
import { hydrationLoaderData, seedFirstView, seedStoredAnswers, type FirstViewData } from './first-view-data';
import { ISSUE_VIEW_ROUTE_ID, issueViewLoader } from './routes/issue-view-loader';
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

/**
 * Fills the query cache and the rate-limit readings from the page, and readies `routes` (the ones the
 * router will be made with) for the page's address: gives the router's `hydrationData`.
 */
export async function seedForHydration(services: AppServices, data: FirstViewData, now: number, routes: RouteObject[]): Promise<{ loaderData: Record<string, unknown> }> {
  seedFirstView(services, data, now - data.renderedAt);
  const loaderData = await hydrationLoaderData(data);
  await readyToHydrate(services, routes, data.address, loaderData);
  return { loaderData };
}

/**
 * So that the router starts at the rendered address already initialized, as React Router's guide to
 * hydrating lazy routes does: the lazy routes it matches are loaded into their route objects, and
 * what the page does not carry (an issue's loader data, first-view-data.ts) is made here, by the
 * loader's own work. A router that had to initialize would navigate to the address it is at: it
 * would show its fallback until then, and then scroll to the top a page the reader may have
 * scrolled already, as the app takes over.
 */
async function readyToHydrate(services: AppServices, routes: RouteObject[], address: string, loaderData: Record<string, unknown>): Promise<void> {
  const matches = matchRoutes(routes, address) ?? [];
  await Promise.all(matches.map(({ route }) => loadLazyRoute(route)));
  const issue = matches.find(({ route }) => route.id === ISSUE_VIEW_ROUTE_ID);
  if (issue !== undefined && !(ISSUE_VIEW_ROUTE_ID in loaderData)) loaderData[ISSUE_VIEW_ROUTE_ID] = await issueViewLoader(services)({ params: issue.params });
}

/** The route's `lazy` parts put into the route itself: app-router.tsx writes `lazy` as an object of a function per part. */
async function loadLazyRoute(route: RouteObject): Promise<void> {
  if (typeof route.lazy !== 'object') return;
  for (const [part, load] of Object.entries(route.lazy)) Object.assign(route, { [part]: await (load as () => Promise<unknown>)() });
  route.lazy = undefined;
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
 * After hydrating, in idle time: the API client's store gets the page's
 * validators (the next revalidation is a conditional request, which costs no
 * credit), and the repository joins the recent ones, as its loader does on a
 * page rendered here (the loaders ran on the service).
 */
export async function afterHydration(services: AppServices, etagStore: EtagStore, data: FirstViewData, params: { owner?: string; repo?: string }): Promise<void> {
  if (params.owner !== undefined && params.repo !== undefined) rememberVisitedRepo(services, params.owner, params.repo);
  await seedStoredAnswers(etagStore, services, data);
}
