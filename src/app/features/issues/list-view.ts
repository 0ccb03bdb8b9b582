/**
 * The issue list's state lives in the URL: this reads it, writes it, and turns
 * it into the first request of a view with the shared parameter rules
 * (src/shared/list-params.ts). Paging follows the `Link` URLs the service sent
 * (spec 4.2 rule 3), carried in the router's location state.
 */
import {
  parseListParams,
  parsePage,
  type ListParams,
  type ParseResult,
  type SortDirection,
  type SortField,
  type StateFilter,
} from '../../../shared/list-params';
import { pageNumberOf } from '../../api/link-header';
import { apiUrl, type Connection } from '../../services/connection-store';
import { repoPath } from '../repository/repo-queries';

/** The API has no such parameter: the loaded page is filtered in the browser. */
export type TypeFilter = 'issue' | 'pr' | 'all';

/** One page at a time with a pager, or one long list that loads the next page near its end (`view=continuous`). */
export type ListMode = 'pages' | 'continuous';

export const PER_PAGE_CHOICES = [10, 30, 50, 100] as const;
const TYPES: readonly TypeFilter[] = ['issue', 'pr', 'all'];

/** The URL search parameters the list understands (those not sent to the API are `type` and `q`). */
export const LIST_PARAM_NAMES = [
  'state',
  'labels',
  'since',
  'sort',
  'direction',
  'per_page',
  'page',
  'type',
  'q',
  'creator',
  'assignee',
  'mentioned',
  'milestone',
  'view',
] as const;
export type ListParamName = (typeof LIST_PARAM_NAMES)[number];

export interface ListView {
  /** what is sent to the service, or the filters that are invalid (spec 7.1: `since`, `labels`) */
  request: ParseResult<ListParams>;
  type: TypeFilter;
  /** the quick text filter over the loaded page */
  q: string;
  page: number;
  /** the `since` date as the date input shows it (`YYYY-MM-DD`), or the raw value */
  sinceInput: string;
  labels: string[];
  /** the view's settings as the controls show them, also while `request` is invalid */
  shown: ListParams;
  mode: ListMode;
}

const PLAIN_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The date input writes `since=2024-05-01` (a readable URL); the service wants
 * an ISO 8601 instant, so a plain date means the start of that day in UTC.
 */
export function sinceForRequest(raw: string | null): string | null {
  if (raw === null) return null;
  const trimmed = raw.trim();
  return PLAIN_DATE.test(trimmed) ? `${trimmed}T00:00:00Z` : raw;
}

export function readListView(search: URLSearchParams): ListView {
  const request = parseListParams((name) => (name === 'since' ? sinceForRequest(search.get(name)) : search.get(name)));
  const rawType = search.get('type');
  const rawSince = search.get('since')?.trim() ?? '';
  const rawLabels = search.get('labels') ?? '';
  // The controls still show state, sort and page size while `since` or `labels` is invalid.
  const shown = parseListParams((name) => (name === 'since' || name === 'labels' ? null : search.get(name)));
  return {
    request,
    shown: shown.ok ? shown.value : DEFAULT_LIST_PARAMS,
    type: rawType !== null && (TYPES as readonly string[]).includes(rawType) ? (rawType as TypeFilter) : 'all',
    q: search.get('q') ?? '',
    mode: search.get('view') === 'continuous' ? 'continuous' : 'pages',
    page: parsePage(search.get('page')),
    sinceInput: PLAIN_DATE.test(rawSince) ? rawSince : rawSince.slice(0, 10),
    labels: request.ok
      ? request.value.labels
      : rawLabels
          .split(',')
          .map((name) => name.trim())
          .filter((name) => name !== ''),
  };
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

/** The first request of the continuous list: page 1 of these filters; the rest follows `next` links (spec 4.2 rule 3). */
export function continuousRequestUrl(connection: Pick<Connection, 'baseUrl'>, owner: string, repo: string, params: ListParams): string {
  return apiUrl(connection, issueListPath(owner, repo, { ...params, page: 1 }));
}

/** Names the filter set of a view regardless of its page, so a page link is used only with the filters it was sent for. */
export function filterSignature(owner: string, repo: string, params: ListParams): string {
  return issueListPath(owner.toLowerCase(), repo.toLowerCase(), { ...params, page: 1 });
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
 * location state carries one for these filters, this page and this service;
 * otherwise the request built from the URL's parameters (a shared link, a
 * changed filter).
 */
export function pageRequestUrl(
  connection: Pick<Connection, 'baseUrl'>,
  owner: string,
  repo: string,
  params: ListParams,
  locationState: unknown,
): string {
  const link = readPageLink(locationState);
  if (
    link !== null &&
    link.filters === filterSignature(owner, repo, params) &&
    originOf(link.url) === originOf(connection.baseUrl) &&
    (pageNumberOf(link.url) ?? 1) === params.page
  ) {
    return link.url;
  }
  return apiUrl(connection, issueListPath(owner, repo, params));
}

/** The location state that makes the list request `url` (a `Link` rel) for these filters. */
export function pageLinkState(owner: string, repo: string, params: ListParams, url: string): PageLinkState {
  return { pageLink: { url, filters: filterSignature(owner, repo, params) } };
}

/**
 * A copy of `search` with some parameters set (or removed with null/''). A
 * change to what the service is asked resets the page; `type` and `q` filter
 * the loaded page and keep it, and so does `view` (the mode): it drops the page.
 */
export function withParams(search: URLSearchParams, changes: Partial<Record<ListParamName, string | null>>): URLSearchParams {
  const next = new URLSearchParams(search);
  let resetsPage = false;
  for (const [name, value] of Object.entries(changes) as [ListParamName, string | null][]) {
    if (value === null || value === '') next.delete(name);
    else next.set(name, value);
    if (name !== 'type' && name !== 'q' && name !== 'page') resetsPage = true;
  }
  if (resetsPage) next.delete('page');
  return next;
}

export interface SortChoice {
  id: string;
  label: string;
  sort: SortField;
  direction: SortDirection;
}

export const SORT_CHOICES: readonly SortChoice[] = [
  { id: 'created-desc', label: 'Newest', sort: 'created', direction: 'desc' },
  { id: 'created-asc', label: 'Oldest', sort: 'created', direction: 'asc' },
  { id: 'updated-desc', label: 'Recently updated', sort: 'updated', direction: 'desc' },
  { id: 'updated-asc', label: 'Least recently updated', sort: 'updated', direction: 'asc' },
  { id: 'comments-desc', label: 'Most commented', sort: 'comments', direction: 'desc' },
  { id: 'comments-asc', label: 'Least commented', sort: 'comments', direction: 'asc' },
];

export const DEFAULT_STATE: StateFilter = 'open';

const DEFAULT_LIST_PARAMS: ListParams = {
  page: 1,
  perPage: 30,
  state: DEFAULT_STATE,
  sort: 'created',
  direction: 'desc',
  labels: [],
  since: null,
  creator: null,
  assignee: null,
  mentioned: null,
  milestone: null,
};
