/**
 * The issue list's state lives in the URL: `q` (GitHub's query, ../../lib/list-query.ts),
 * `per_page`, `page` and `view`. This reads it and turns it into the request
 * of the page shown: the list endpoint or the search endpoint, whichever
 * answers the query exactly (./query-route). Paging follows the `Link` URLs
 * the service sent (spec 4.2 rule 3), carried in the router's location state.
 */
import type { To } from 'react-router';
import { DEFAULT_PER_PAGE } from '../../../shared/api-constants';
import type { ListParams } from '../../../shared/list-params';
import { parsePage, parsePerPage } from '../../../shared/list-params';
import { searchIssuesPath } from '../../../shared/default-list-query';
import {  } from '../../../shared/default-list-query';
import { pageNumberOf } from '../../api/link-header';
import { apiUrl, type Connection } from '../../services/connection-store';
import type { RateLimitResource } from '../../services/rate-limit-store';
import { repoPath } from '../../services/query-keys';
import { effectiveQuery } from '../../lib/list-query';
import { DEFAULT_QUERY, searchText } from '../../../shared/default-list-query';
import type { MilestoneNumber, QueryRoute } from './query-route';
import type { QueryTools } from './query-tools';

/** One page at a time with a pager, or one long list that loads the next page near its end (`view=continuous`). */
export type ListMode = 'pages' | 'continuous';

/** What the per-page menu offers; the default is one of them. */
export const PER_PAGE_CHOICES = [10, DEFAULT_PER_PAGE, 50, 100] as const;

/** The URL search parameters the list writes besides `q`. */
export type ListParamName = 'q' | 'per_page' | 'page' | 'view';

export interface ListView {
  /** the query the box shows: the URL's `q`, or the default */
  q: string;
  /** which endpoint answers it; null until the query tools have loaded (the loader waits for them) */
  route: QueryRoute | null;
  page: number;
  perPage: number;
  mode: ListMode;
}

/** The default view's route, known without the parser: a search of the open issues (../../lib/list-query.ts). */
const DEFAULT_ROUTE: QueryRoute = { kind: 'search', advanced: false, text: DEFAULT_QUERY };

export function readListView(search: URLSearchParams, tools: QueryTools | null, milestoneNumber?: MilestoneNumber): ListView {
  const q = effectiveQuery(search);
  return {
    q,
    route: !search.has('q') ? DEFAULT_ROUTE : tools === null ? null : tools.routeQuery(q, milestoneNumber),
    page: parsePage(search.get('page')),
    perPage: parsePerPage(search.get('per_page')),
    mode: search.get('view') === 'continuous' ? 'continuous' : 'pages',
  };
}

/** The budget a view's requests spend. */
export function resourceOf(route: QueryRoute | null): RateLimitResource {
  return route?.kind === 'search' ? 'search' : 'core';
}

/** The path of the list request for these parameters (the first request of a view). */
export function issueListPath(owner: string, repo: string, params: ListParams): string {
  const query = new URLSearchParams();
  query.set('state', params.state);
  if (params.labels.length > 0) query.set('labels', params.labels.join(','));
  if (params.since !== null) query.set('since', params.since);
  query.set('sort', params.sort);
  query.set('direction', params.direction);
  for (const name of ['creator', 'assignee', 'mentioned', 'milestone'] as const) {
    const value = params[name];
    if (value !== null) query.set(name, value);
  }
  query.set('per_page', String(params.perPage));
  query.set('page', String(params.page));
  return `${repoPath(owner, repo)}/issues?${query.toString()}`;
}

/** The path of the request for page `page` of a view, to the endpoint its route names. */
export function viewRequestPath(owner: string, repo: string, view: ListView, route: QueryRoute, page: number): string {
  if (route.kind === 'list') return issueListPath(owner, repo, { ...route.filters, page, perPage: view.perPage });
  return searchIssuesPath({ q: searchText(owner, repo, route.text), perPage: view.perPage, page, advanced: route.advanced });
}

/** The first request of the continuous list: page 1 of the view; the rest follows `next` links (spec 4.2 rule 3). */
export function continuousRequestUrl(connection: Pick<Connection, 'baseUrl'>, owner: string, repo: string, view: ListView): string | null {
  return view.route === null ? null : apiUrl(connection, viewRequestPath(owner, repo, view, view.route, 1));
}

/** Names a view's query regardless of its page, so a page link is used only with the query it was sent for. */
export function filterSignature(owner: string, repo: string, view: ListView, route: QueryRoute): string {
  return viewRequestPath(owner.toLowerCase(), repo.toLowerCase(), view, route, 1);
}

/** What the pager puts in the location state when it follows a `Link` rel. */
export interface PageLinkState {
  pageLink: { url: string; filters: string };
}

function readPageLink(state: unknown): PageLinkState['pageLink'] | null {
  if (typeof state !== 'object' || state === null || !('pageLink' in state)) return null;
  const link = (state as { pageLink: unknown }).pageLink;
  if (typeof link !== 'object' || link === null) return null;
  const { url, filters } = link as Record<string, unknown>;
  return typeof url === 'string' && typeof filters === 'string' ? { url, filters } : null;
}

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * The URL to request for this view: the `Link` URL the pager followed when the
 * location state carries one for this query, this page and this service;
 * otherwise the request built from the URL's parameters (a shared link, a
 * changed query). Null until the view's route is known.
 */
export function pageRequestUrl(connection: Pick<Connection, 'baseUrl'>, owner: string, repo: string, view: ListView, locationState: unknown): string | null {
  const route = view.route;
  if (route === null) return null;
  const link = readPageLink(locationState);
  if (
    link !== null &&
    link.filters === filterSignature(owner, repo, view, route) &&
    originOf(link.url) === originOf(connection.baseUrl) &&
    (pageNumberOf(link.url) ?? 1) === view.page
  ) {
    return link.url;
  }
  return apiUrl(connection, viewRequestPath(owner, repo, view, route, view.page));
}

/** The location state that makes the list request `url` (a `Link` rel) for this view's query. */
export function pageLinkState(owner: string, repo: string, view: ListView, url: string): PageLinkState | null {
  return view.route === null ? null : { pageLink: { url, filters: filterSignature(owner, repo, view, view.route) } };
}

/** Where a page of the list is: the address, and the location state (a `Link` rel to request, or none). */
export interface PageTarget {
  to: To;
  state: unknown;
}

/** A copy of `search` with some parameters set (or removed with null/''); any change but the page's own starts at page 1. */
export function withParams(search: URLSearchParams, changes: Partial<Record<ListParamName, string | null>>): URLSearchParams {
  const next = new URLSearchParams(search);
  let resetsPage = false;
  for (const [name, value] of Object.entries(changes) as [ListParamName, string | null][]) {
    if (value === null || value === '') next.delete(name);
    else next.set(name, value);
    if (name !== 'page') resetsPage = true;
  }
  if (resetsPage) next.delete('page');
  return next;
}

export interface SortChoice {
  id: string;
  label: string;
  field: 'created' | 'updated' | 'comments';
  order: 'asc' | 'desc';
}

export const SORT_CHOICES: readonly SortChoice[] = [
  { id: 'created-desc', label: 'Newest', field: 'created', order: 'desc' },
  { id: 'created-asc', label: 'Oldest', field: 'created', order: 'asc' },
  { id: 'updated-desc', label: 'Recently updated', field: 'updated', order: 'desc' },
  { id: 'updated-asc', label: 'Least recently updated', field: 'updated', order: 'asc' },
  { id: 'comments-desc', label: 'Most commented', field: 'comments', order: 'desc' },
  { id: 'comments-asc', label: 'Least commented', field: 'comments', order: 'asc' },
];
