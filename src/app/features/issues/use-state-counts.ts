/**
 * How many open and how many closed entries a view's query selects, as
 * GitHub's tabs say ("12 Open · 40 Closed"), exactly (issue 45: never a
 * range where an exact total can be had), spending as little as it can:
 *
 * - what the pages at hand tell exactly comes first: a search's
 *   `total_count`, a list view's last page, the repository's
 *   `open_issues_count` when the query filters nothing but the state
 *   (./entry-count);
 * - anything else is one search of one entry for that state (the query
 *   grouped, then the state: ./query-edit), cached like any page, and only
 *   while counting would leave three quarters of the window's search budget
 *   (10 to 30 a minute) to searching;
 * - a count that would spend a credit the budget cannot spare is said to
 *   wait for credits (`uncounted`), not guessed; it is asked for by itself
 *   once the budget allows. A budget not read yet is taken as whole, so a
 *   URL counts the same in every browser.
 */
import { useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { searchIssuesPath } from '../../../shared/default-list-query';
import {  } from '../../../shared/default-list-query';
import { useAppServices, useConnection } from '../../services/app-services-context';
import { apiUrl } from '../../services/connection-store';
import { useRateLimitBlock } from '../../services/use-rate-limit-block';
import { useSecondaryRequest } from '../../services/secondary-budget';
import { useRepository } from '../../services/use-repository';
import { countFromPage, countWithout, exactCount, isExact, narrowCount, sumCounts, type EntryCount } from './entry-count';
import { issuePageQuery, type IssuePage } from '../../services/issue-queries';
import { DEFAULT_QUERY, defaultQueryWithState, searchText } from '../../../shared/default-list-query';
import { viewRequestPath, type ListView } from './list-view';
import type { ListFilters, QueryRoute } from './query-route';
import type { QueryTools } from './query-tools';

/** The share of a window's search budget counting may take. */
const COUNT_SEARCH_SHARE = 0.25;
/** Counts are not worth a search each minute: they are kept this long. */
const COUNT_STALE_MS = 5 * 60_000;

type CountedState = 'open' | 'closed';

export interface StateCounts {
  open: EntryCount | null;
  closed: EntryCount | null;
  /** open and closed together */
  all: EntryCount | null;
  /** states whose count would spend a search credit the budget cannot spare now */
  uncounted: CountedState[];
}

type State = CountedState | null;

/** A count as the gauge names what waits. */
function countName(state: State): string {
  return state === null ? 'the count' : `the ${state} count`;
}

/** The query filters by state alone: the repository's own open count is this query's. */
function filtersOnlyState(filters: ListFilters): boolean {
  return filters.labels.length === 0 && [filters.since, filters.creator, filters.assignee, filters.mentioned, filters.milestone].every((value) => value === null);
}

/** The view's query with its state set (or removed); without the parser, only the default query's. */
function withState(q: string, value: State, tools: QueryTools | null): string | null {
  if (tools !== null) return tools.editQuery(q, { kind: 'state', value });
  return q.trim() === DEFAULT_QUERY ? defaultQueryWithState(value) : null;
}

/** The search of one entry that counts the view's query as it is (`'view'`), or with its state set to `value`. */
function countSearchPath(owner: string, repo: string, view: ListView, route: QueryRoute, value: State | 'view', tools: QueryTools | null): string | null {
  if (value === 'view' && route.kind === 'search') return searchIssuesPath({ q: searchText(owner, repo, route.text), perPage: 1, page: 1, advanced: route.advanced });
  const q = value === 'view' ? view.q : withState(view.q, value, tools);
  if (q === null) return null;
  // Without the parser the query is the default's, which has no advanced syntax.
  const request = tools !== null ? tools.searchRequestOf(q) : { advanced: false, text: q.trim() };
  return searchIssuesPath({ q: searchText(owner, repo, request.text), perPage: 1, page: 1, advanced: request.advanced });
}

/** The first list page of the other state, whose rows may tell its count for free once it was visited. */
function otherListPath(owner: string, repo: string, view: ListView, route: QueryRoute, state: State): string | null {
  if (route.kind !== 'list') return null;
  return viewRequestPath(owner, repo, view, { kind: 'list', filters: { ...route.filters, state: state === 'open' ? 'closed' : 'open' } }, 1);
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

/**
 * One entry counted by a search, when `wanted` and the budget can spare it; its total, or null. A count is
 * not what the reader asked for: on a low budget it waits, listed as `what` for the gauge (issue 47).
 */
function useCountSearch(path: string | null, what: string, wanted: boolean, spare: boolean): EntryCount | null {
  const connection = useConnection();
  const { allowed } = useSecondaryRequest(what, 'search', path !== null && wanted);
  const answer = useQuery({
    ...issuePageQuery(connection, path !== null ? apiUrl(connection, path) : ''),
    enabled: path !== null && wanted && spare && allowed,
    staleTime: COUNT_STALE_MS,
    refetchOnWindowFocus: false,
  }).data;
  return answer !== undefined && answer.total !== null ? exactCount(answer.total) : null;
}

export function useStateCounts({ owner, repo, view, tools, state, page }: CountedView): StateCounts {
  const connection = useConnection();
  const { rateLimit } = useAppServices();
  const { search } = useSyncExternalStore(rateLimit.subscribe, rateLimit.getSnapshot, rateLimit.getSnapshot);
  const searchBlock = useRateLimitBlock('search');
  const route = view.route;
  const repository = useRepository(owner, repo).data?.data;

  // Another page of the same query on its way: its first page, if held, says the same.
  const firstPath = route !== null ? viewRequestPath(owner, repo, view, route, 1) : null;
  const heldFirst = useQuery({ ...issuePageQuery(connection, firstPath !== null ? apiUrl(connection, firstPath) : ''), enabled: false }).data;
  const counted = page === null ? undefined : (page ?? (heldFirst !== undefined ? { answer: heldFirst, number: 1 } : undefined));
  const lastUrl = counted?.answer.links.last;
  const lastPage = useQuery({ ...issuePageQuery(connection, lastUrl ?? ''), enabled: false }).data;
  const otherListUrl = route !== null ? otherListPath(owner, repo, view, route, state) : null;
  const heldOther = useQuery({ ...issuePageQuery(connection, otherListUrl !== null ? apiUrl(connection, otherListUrl) : ''), enabled: false }).data;
  // Counting's own share of the search budget (issue 45): stricter than the floor every secondary request keeps (issue 47).
  const searchSpare = searchBlock === null && (search === null || search.remaining > search.limit * (1 - COUNT_SEARCH_SHARE));

  const fromPages = counted !== undefined ? countFromPage(counted.answer, counted.number, view.perPage, lastUrl !== undefined ? lastPage : undefined) : null;
  const repositoryOpen =
    route?.kind === 'list' && filtersOnlyState(route.filters) && typeof repository?.open_issues_count === 'number' ? exactCount(repository.open_issues_count) : null;
  const otherState: CountedState = state === 'open' ? 'closed' : 'open';
  const heldOtherCount = heldOther !== undefined ? countFromPage(heldOther, 1, view.perPage) : null;
  const otherFromPages = otherState === 'open' && heldOtherCount !== null ? narrowCount(heldOtherCount, repositoryOpen) : otherState === 'open' ? repositoryOpen : heldOtherCount;
  const ownReading = state === 'open' && fromPages !== null ? narrowCount(fromPages, repositoryOpen) : (fromPages ?? (state === 'open' ? repositoryOpen : null));

  // Searches only once the view's own page has answered, and only for what the pages do not tell exactly.
  const ownNeedsSearch = counted !== undefined && (ownReading === null || !isExact(ownReading)) && !(ownReading !== null && ownReading.max === 0);
  const otherNeedsSearch = counted !== undefined && (otherFromPages === null || !isExact(otherFromPages)) && !(state === null && fromPages !== null && fromPages.max === 0);
  const ownSearch = useCountSearch(route !== null ? countSearchPath(owner, repo, view, route, 'view', tools) : null, countName(state), ownNeedsSearch && searchBlock === null, searchSpare);
  const otherSearch = useCountSearch(route !== null ? countSearchPath(owner, repo, view, route, otherState, tools) : null, countName(otherState), otherNeedsSearch && searchBlock === null, searchSpare);

  const uncounted: CountedState[] = [];
  const settle = (reading: EntryCount | null, searched: EntryCount | null, needsSearch: boolean, which: CountedState): EntryCount | null => {
    if (searched !== null) return searched;
    if (!needsSearch) return reading;
    if (!searchSpare) {
      uncounted.push(which);
      return null;
    }
    // Being counted (or the count search failed): what the pages tell meanwhile.
    return reading;
  };

  const current = settle(ownReading, ownSearch, ownNeedsSearch, state ?? 'open');
  // Nothing at all matches: none open and none closed, with nothing to ask.
  if (state === null && current !== null && current.max === 0) return { open: current, closed: current, all: current, uncounted: [] };
  if (state === null) {
    // The view's own count is of both states here; closed is what the open count leaves of it.
    const allWaits = uncounted.length > 0;
    uncounted.length = 0;
    const open = settle(otherFromPages, otherSearch, otherNeedsSearch, 'open');
    const waits: CountedState[] = uncounted.length > 0 ? ['open', 'closed'] : allWaits ? ['closed'] : [];
    return { open, closed: current !== null && open !== null ? countWithout(current, open) : null, all: current, uncounted: waits };
  }
  const other = settle(otherFromPages, otherSearch, otherNeedsSearch, otherState);
  const open = state === 'open' ? current : other;
  const closed = state === 'closed' ? current : other;
  return { open, closed, all: open !== null && closed !== null ? sumCounts(open, closed) : null, uncounted };
}
