/**
 * `/:owner/:repo/issues`: the list. The view is in the URL: GitHub's query in
 * `q` (as github.com keeps it), `per_page`, `page` and `view`. The list
 * endpoint or a search answers it, whichever answers it exactly
 * (features/issues/query-route.ts); paging follows the service's `Link` rels
 * through the location state (spec 4.2 rule 3). `view=continuous` shows one
 * long list instead (continuous-issue-list.tsx). Part of the entry chunk (see
 * app-router.tsx); its loader is issue-list-loader.ts.
 */
import { FilterIcon, XIcon } from '../components/icons';
import { useQueryClient } from '@tanstack/react-query';
import clsx from 'clsx';
import { lazy, Suspense, useDeferredValue, useId, useMemo, useRef, useState } from 'react';
import { useLoaderData, useLocation, useNavigate, useParams, useSearchParams, type To } from 'react-router';
import { ValidationError } from '../api/api-errors';
import { pageNumberOf } from '../api/link-header';
import { ProgressBar } from '../components/progress-bar';
import { useHotkeys } from '../components/use-hotkeys';
import { loadContinuousIssueList } from '../features/issues/continuous-issue-list-chunk';
import { importOutlastingOutage } from '../components/import-outlasting-outage';
import { DEFAULT_SUMMARY, LabelMenu, PeopleMenu, PerPageSelect, SortSelect, StateTabs, TypeTabs, type EditQuery } from '../features/issues/filter-controls';
import { IssueListSkeleton } from '../features/issues/issue-list-states';
import { issuePageQuery } from '../features/issues/issue-queries';
import { IssueListBody } from '../features/issues/issue-list-body';
import { refusalMessage } from '../features/issues/list-heading';
import { ListModeToggle } from '../features/issues/list-mode-toggle';
import { DEFAULT_QUERY, withQuery } from '../features/issues/list-query';
import { continuousRequestUrl, pageLinkState, pageRequestUrl, readListView, resourceOf, withParams } from '../features/issues/list-view';
import { pageCount } from '../features/issues/page-count';
import { QueryBox } from '../features/issues/query-box';
import { loadQueryTools } from '../features/issues/query-tools-chunk';
import { RetryNotice } from '../features/issues/retry-notice';
import { useIssuePage } from '../features/issues/use-issue-page';
import { useRowsShown } from '../features/issues/use-rows-shown';
import { useRateLimitBlock } from '../features/rate-limit/use-rate-limit-block';
import { listPath } from '../features/repo-picker/app-paths';
import { FollowRename } from '../features/repository/follow-rename';
import { SaveViewButton } from '../features/saved-views/save-view-button';
import { useConnection } from '../services/app-services-context';
import type { IssueListLoaderData } from './issue-list-loader';

const ContinuousIssueList = lazy(async () => ({ default: (await importOutlastingOutage(loadContinuousIssueList)).ContinuousIssueList }));
// Chunks of their own, loaded once the rows are on screen (useRowsShown).
const Pager = lazy(async () => ({ default: (await importOutlastingOutage(() => import('../features/issues/pager'))).Pager }));
const Counted = lazy(async () => ({ default: (await importOutlastingOutage(() => import('../features/issues/list-counts'))).PagedListCount }));

export function IssueListPage() {
  const { tools } = useLoaderData() as IssueListLoaderData;
  const { owner = '', repo = '' } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const connection = useConnection();
  const boxRef = useRef<HTMLInputElement>(null);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const ids = useId();

  const view = useMemo(() => readListView(searchParams, tools), [searchParams, tools]);
  const resource = resourceOf(view.route);
  const block = useRateLimitBlock(resource);
  const continuous = view.mode === 'continuous';
  const requestUrl = continuous ? null : pageRequestUrl(connection, owner, repo, view, location.state);
  const query = useIssuePage(requestUrl, resource);
  const summary = useMemo(() => (tools !== null && searchParams.has('q') ? tools.summarizeQuery(view.q) : DEFAULT_SUMMARY), [tools, searchParams, view.q]);
  const highlight = useMemo(() => (view.route?.kind === 'search' ? (tools?.highlighterFor(view.q) ?? undefined) : undefined), [tools, view.route, view.q]);

  // A page's rows render in a background pass React splits into short tasks, so a page
  // arriving never blocks input; until that pass commits, the previous page (or the
  // skeleton) stays on screen. Everything about the list (rows, counts, pager) describes
  // the page on screen. spec 4.1: a request without `page` asks for page 1.
  const response = useDeferredValue(query.data);
  const rowsShown = useRowsShown(response !== undefined);
  const shownPage = response ? (pageNumberOf(response.url) ?? 1) : view.page;
  const issues = response?.data ?? [];
  const pages = response ? pageCount(response.links, shownPage) : null;
  const refused = query.error instanceof ValidationError ? refusalMessage(query.error.message, query.error.errors) : null;
  // Counted from the page on screen when it is the view's own answer; not while the rows on screen lag behind it.
  const counted = response !== query.data ? null : response !== undefined && !query.isPlaceholderData ? { answer: response, number: shownPage } : undefined;
  const countedView = { owner, repo, view, tools, state: summary.state, page: counted, onPage: issues.length };

  const showQuery = (q: string) => void setSearchParams(withQuery(searchParams, q));
  const onEdit: EditQuery = (edit) => {
    void loadQueryTools().then((loaded) => showQuery((Array.isArray(edit) ? edit : [edit]).reduce((q, one) => loaded.editQuery(q, one), view.q)));
  };
  const stateTo = (state: 'open' | 'closed' | 'all'): To => {
    const value = state === 'all' ? null : state;
    // Without a `q` the query is the default, `is:open`, whose edits need no parser.
    const q = tools !== null ? tools.editQuery(view.q, { kind: 'state', value }) : value === null ? '' : `is:${value}`;
    return { search: withQuery(searchParams, q).toString() };
  };
  const addLabel = (name: string) => onEdit({ kind: 'label', name, on: true });
  const onAuthor = (login: string) => onEdit({ kind: 'user', role: 'author', login });
  const onAssignee = (login: string) => onEdit({ kind: 'user', role: 'assignee', login });
  const toPage = (url: string) => {
    const page = pageNumberOf(url) ?? 1;
    return { to: { search: withParams(searchParams, { page: page === 1 ? null : String(page) }).toString() }, state: pageLinkState(owner, repo, view, url) };
  };
  // Start the request on the click; the loader of the navigation finds it in flight.
  const followPage = (url: string) => void queryClient.prefetchQuery(issuePageQuery(connection, url));
  const people = () => [...new Set(issues.flatMap((issue) => [issue.user?.login, ...(issue.assignees ?? []).map((a) => a.login)]).filter((l): l is string => l !== undefined))];

  useHotkeys({
    '/': (event) => {
      event.preventDefault();
      setFiltersOpen(true);
      boxRef.current?.focus();
    },
  });

  const refreshing = query.isFetching && query.isPlaceholderData;
  const modeToggle = <ListModeToggle mode={view.mode} onChange={(mode) => void setSearchParams(withParams(searchParams, { view: mode === 'continuous' ? 'continuous' : null }))} />;
  const filtered = view.q.trim() !== DEFAULT_QUERY;
  const emptyTitle = view.route?.kind === 'search' ? 'No results match this search' : filtered ? 'No issues match this query' : 'No open issues or pull requests';
  const status = query.isPending ? (
    query.fetchStatus === 'fetching' ? 'Loading issues…' : ''
  ) : response && rowsShown ? (
    // Said once the counts' chunk is here.
    <Suspense fallback="">
      <Counted {...countedView} status={{ page: shownPage, pages }} />
    </Suspense>
  ) : (
    ''
  );
  const listProps = { owner, repo, linkState: { from: { pathname: location.pathname, search: location.search, state: location.state } }, onLabel: addLabel, onAuthor, onAssignee, highlight };

  return (
    <div className="space-y-3">
      {continuous ? null : (
        <>
          <FollowRename owner={owner} repo={repo} movedTo={response?.movedTo} />
          <p className="sr-only" aria-live="polite" role="status">
            {status}
          </p>
        </>
      )}
      <h2 className="sr-only">Issues</h2>

      <div className="space-y-2">
        <div className="flex gap-2">
          <QueryBox owner={owner} repo={repo} q={view.q} inputRef={boxRef} people={people} invalid={refused !== null} describedBy={refused !== null ? `${ids}-refused` : undefined} onSubmit={showQuery} />
          <button type="button" className="btn md:hidden" aria-expanded={filtersOpen} aria-controls={`${ids}-filters`} onClick={() => setFiltersOpen((open) => !open)}>
            <FilterIcon size={16} aria-hidden="true" />
            Filters
          </button>
          <SaveViewButton owner={owner} repo={repo} search={searchParams} />
        </div>
        {refused !== null ? (
          <p id={`${ids}-refused`} role="alert" className="flex items-start gap-1.5 rounded-md border border-danger/40 bg-danger-subtle px-3 py-2 text-danger">
            <XIcon size={16} aria-hidden="true" className="mt-0.5 shrink-0" />
            <span>
              <span className="font-semibold">The service refused this query:</span> {refused}
            </span>
          </p>
        ) : null}

        <div id={`${ids}-filters`} className={clsx('flex-wrap items-center gap-2 md:flex', filtersOpen ? 'flex' : 'hidden')}>
          <StateTabs state={summary.state} to={stateTo} />
          <TypeTabs type={summary.type} onEdit={onEdit} />
          <LabelMenu owner={owner} repo={repo} selected={summary.labels} onEdit={onEdit} />
          <PeopleMenu summary={summary} onEdit={onEdit} />
          <SortSelect summary={summary} searching={view.route?.kind === 'search'} onEdit={onEdit} />
          <PerPageSelect perPage={view.perPage} onChange={(perPage) => void setSearchParams(withParams(searchParams, { per_page: perPage }))} />
          {filtered ? (
            <button type="button" className="link text-xs" onClick={() => void navigate(listPath(owner, repo))}>
              Clear the query
            </button>
          ) : null}
        </div>
      </div>

      {continuous ? (
        <Suspense
          fallback={
            <div className="card">
              <div className="flex justify-end border-b border-line bg-canvas-subtle px-4 py-2">{modeToggle}</div>
              <IssueListSkeleton rows={Math.min(view.perPage, 10)} />
            </div>
          }
        >
          <ContinuousIssueList {...listProps} view={view} tools={tools} state={summary.state} firstUrl={continuousRequestUrl(connection, owner, repo, view)} perPage={view.perPage} resource={resource} emptyTitle={emptyTitle} toolbar={modeToggle} />
        </Suspense>
      ) : (
        <>
          {response?.offline ? (
            <div role="status" className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-attention/40 bg-attention-subtle px-3 py-2">
              <span>
                <strong>You are offline.</strong> This is the copy of this page saved on this device; it may be out of date.
              </span>
              <button type="button" className="btn btn-sm" onClick={() => void query.refetch()}>
                Try again
              </button>
            </div>
          ) : null}
          <RetryNotice fetching={query.isFetching} failureCount={query.failureCount} failureReason={query.failureReason} />

          <section aria-labelledby={`${ids}-count`} aria-busy={query.isFetching} className="card relative overflow-hidden">
            {refreshing ? <ProgressBar label="Loading the page" /> : null}
            <header className="flex items-center justify-between gap-2 border-b border-line bg-canvas-subtle px-4 py-2 text-fg-muted">
              <h3 id={`${ids}-count`} className="text-sm">
                {response && rowsShown ? (
                  <Suspense fallback="Issues and pull requests">
                    <Counted {...countedView} />
                  </Suspense>
                ) : (
                  'Issues and pull requests'
                )}
                {response?.incomplete ? <span title="The search timed out before it saw everything: there may be more."> (incomplete)</span> : null}
              </h3>
              <span className="flex items-center gap-3">
                <span className="hidden text-xs lg:inline">
                  Press <kbd className="font-mono">?</kbd> for keyboard shortcuts
                </span>
                {modeToggle}
              </span>
            </header>
            <div className={clsx(refreshing && 'opacity-60 transition-opacity')}>
              <IssueListBody
                {...listProps}
                query={query}
                response={response}
                page={shownPage}
                perPage={view.perPage}
                block={block}
                emptyTitle={emptyTitle}
                filtered={filtered}
                toPage={toPage}
                firstPage={{ to: { search: withParams(searchParams, { page: null }).toString() }, state: null }}
              />
            </div>
          </section>

          {response && rowsShown && issues.length > 0 ? (
            <Suspense fallback={null}>
              <Pager
                {...{ owner, repo, view, block }}
                search={searchParams}
                links={response.links}
                page={shownPage}
                target={toPage}
                onFollow={followPage}
                notModified={response.notModified}
                offline={response.offline}
              />
            </Suspense>
          ) : null}
        </>
      )}
    </div>
  );
}
