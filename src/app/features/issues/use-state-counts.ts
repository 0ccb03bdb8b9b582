/**
 * How many open and how many closed entries a view's query selects, as
 * GitHub's tabs say ("12 Open · 40 Closed"), spending as little as it can:
 *
 * - the view's own count comes from its page (./entry-count);
 * - the other state's, on the list endpoint, only from what is already held:
 *   that state's first page, if it was visited, or the repository's
 *   `open_issues_count` when the query filters nothing but the state. No
 *   request: the list endpoint has no count to ask for;
 * - on the search endpoint, one search of one entry with the state swapped,
 *   cached like any page, and only while counting would leave three quarters
 *   of the window's search budget (10 to 30 a minute) to searching.
 */
import { useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { searchIssuesPath } from '../../api/api-client';
import { useAppServices, useConnection } from '../../services/app-services-context';
import { apiUrl } from '../../services/connection-store';
import { useRateLimitBlock } from '../rate-limit/use-rate-limit-block';
import { useRepository } from '../repository/use-repository';
import { countFromPage, countWithout, exactCount, narrowCount, sumCounts, type EntryCount } from './entry-count';
import { issuePageQuery, type IssuePage } from './issue-queries';
import { searchText } from './list-query';
import { viewRequestPath, type ListView } from './list-view';
import type { ListFilters, QueryRoute } from './query-route';
import type { QueryTools } from './query-tools';

/** The share of a window's search budget counting may take. */
const COUNT_SEARCH_SHARE = 0.25;
/** Counts of the other state are not worth a search each minute: they are kept this long. */
const COUNT_STALE_MS = 5 * 60_000;

export interface StateCounts {
  open: EntryCount | null;
  closed: EntryCount | null;
  /** open and closed together */
  all: EntryCount | null;
}

type State = 'open' | 'closed' | null;

/** The query filters by state alone: the repository's own open count is this query's. */
function filtersOnlyState(filters: ListFilters): boolean {
  return filters.labels.length === 0 && [filters.since, filters.creator, filters.assignee, filters.mentioned, filters.milestone].every((value) => value === null);
}

/** Where the other state's count is found: the first page of the same query with the state swapped (the open one, for a view of both). */
function otherStateUrl(owner: string, repo: string, view: ListView, route: QueryRoute, state: State, tools: QueryTools | null): string | null {
  const other = state === 'open' ? 'closed' : 'open';
  if (route.kind === 'list') return viewRequestPath(owner, repo, view, { kind: 'list', filters: { ...route.filters, state: other } }, 1);
  if (tools === null) return null;
  const q = tools.editQuery(view.q, { kind: 'state', value: other });
  return searchIssuesPath({ q: searchText(owner, repo, q, route.advanced), perPage: 1, page: 1, advanced: route.advanced });
}

/** The view whose entries are counted. */
export interface CountedView {
  owner: string;
  repo: string;
  view: ListView;
  tools: QueryTools | null;
  /** the state the query selects; null for both */
  state: State;
  /**
   * the view's own page, with its number; undefined while another page of it
   * loads (then its first page counts, when held), null while the rows on
   * screen are still another view's (nothing is counted then)
   */
  page: { answer: IssuePage; number: number } | undefined | null;
}

export function useStateCounts({ owner, repo, view, tools, state, page }: CountedView): StateCounts {
  const connection = useConnection();
  const { rateLimit } = useAppServices();
  const { search } = useSyncExternalStore(rateLimit.subscribe, rateLimit.getSnapshot);
  const searchBlock = useRateLimitBlock('search');
  const route = view.route;
  const repository = useRepository(owner, repo).data?.data;

  // Another page of the same query on its way: its first page, if held, says the same.
  const firstPath = route !== null ? viewRequestPath(owner, repo, view, route, 1) : null;
  const heldFirst = useQuery({ ...issuePageQuery(connection, firstPath !== null ? apiUrl(connection, firstPath) : ''), enabled: false }).data;
  const counted = page === null ? undefined : (page ?? (heldFirst !== undefined ? { answer: heldFirst, number: 1 } : undefined));
  const lastUrl = counted?.answer.links.last;
  const lastPage = useQuery({ ...issuePageQuery(connection, lastUrl ?? ''), enabled: false }).data;
  const otherPath = route !== null ? otherStateUrl(owner, repo, view, route, state, tools) : null;
  const searchAllowed = searchBlock === null && search !== null && search.remaining > search.limit * (1 - COUNT_SEARCH_SHARE);
  const other = useQuery({
    ...issuePageQuery(connection, otherPath !== null ? apiUrl(connection, otherPath) : ''),
    // A list page of the other state only when held; a search once the view's own has answered, within the share.
    enabled: route?.kind === 'search' && otherPath !== null && counted !== undefined && searchAllowed,
    staleTime: COUNT_STALE_MS,
    refetchOnWindowFocus: false,
  }).data;

  const current = counted !== undefined ? countFromPage(counted.answer, counted.number, view.perPage, lastUrl !== undefined ? lastPage : undefined) : null;
  const otherCount = other !== undefined ? countFromPage(other, 1, view.perPage) : null;
  const repositoryOpen =
    route?.kind === 'list' && filtersOnlyState(route.filters) && typeof repository?.open_issues_count === 'number' ? exactCount(repository.open_issues_count) : null;

  // Nothing at all matches: none open and none closed, with nothing to ask.
  if (state === null && current !== null && current.max === 0) return { open: current, closed: current, all: current };
  const openReading = state === 'open' ? current : otherCount;
  const open = openReading !== null ? narrowCount(openReading, repositoryOpen) : repositoryOpen;
  if (state === null) return { open, closed: current !== null && open !== null ? countWithout(current, open) : null, all: current };
  const closed = state === 'closed' ? current : otherCount;
  return { open, closed, all: open !== null && closed !== null ? sumCounts(open, closed) : null };
}
