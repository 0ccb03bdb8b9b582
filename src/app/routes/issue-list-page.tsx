/**
 * `/:owner/:repo/issues`: the list. The view is in the URL: GitHub's query in
 * `q` (as github.com keeps it), `per_page`, `page` and `view`. The list
 * endpoint or a search answers it, whichever answers it exactly
 * (features/issues/query-route.ts). Above the list, the query box and the
 * filter bar; below, one page at a time (paged-issue-list.tsx), or one long
 * list with `view=continuous` (continuous-issue-list.tsx). Part of the entry
 * chunk (see app-router.tsx); its loader is issue-list-loader.ts.
 */
import { FilterIcon, XIcon } from '../components/icons';
import clsx from 'clsx';
import { lazy, Suspense, useId, useMemo, useRef, useState } from 'react';
import { useLoaderData, useLocation, useNavigate, useParams, useSearchParams, type To } from 'react-router';
import { ValidationError } from '../api/api-errors';
import { useHotkeys } from '../hooks/use-hotkeys';
import { loadContinuousIssueList } from '../features/issues/continuous-issue-list-chunk';
import { importOutlastingOutage } from '../lib/import-outlasting-outage';
import { DEFAULT_SUMMARY, LabelMenu, PerPageSelect, SortSelect, StateTabs, TypeTabs } from '../features/issues/filter-controls';
import type { EditQuery } from '../features/issues/query-edit';
import { MilestoneMenu } from '../features/issues/milestone-menu';
import { PersonMenu } from '../features/issues/person-menu';
import { IssueTypesMenu } from '../features/issues/issue-types-menu';
import { IssueListSkeleton } from '../features/issues/issue-list-states';
import { PagedIssueList } from '../features/issues/paged-issue-list';
import { refusalMessage } from '../features/issues/list-heading';
import { ListModeToggle } from '../features/issues/list-mode-toggle';
import { withQuery } from '../lib/list-query';
import { DEFAULT_QUERY, defaultQueryWithState } from '../../shared/default-list-query';
import { continuousRequestUrl, pageRequestUrl, readListView, resourceOf, withParams } from '../features/issues/list-view';
import { QueryBox } from '../features/issues/query-box';
import { loadQueryTools } from '../features/issues/query-tools-chunk';
import { useIssuePage } from '../features/issues/use-issue-page';
import { useRepository } from '../services/use-repository';
import { isViewFatal } from '../lib/view-fatal';
import { listPath } from '../app-paths';
import { SaveViewButton } from '../features/saved-views/save-view-button';
import { useConnection } from '../services/app-services-context';
import type { IssueListLoaderData } from './issue-list-loader';

const ContinuousIssueList = lazy(async () => ({ default: (await importOutlastingOutage(loadContinuousIssueList)).ContinuousIssueList }));

export function IssueListPage() {
  const { tools } = useLoaderData() as IssueListLoaderData;
  const { owner = '', repo = '' } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const connection = useConnection();
  const boxRef = useRef<HTMLInputElement>(null);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const ids = useId();

  const view = useMemo(() => readListView(searchParams, tools), [searchParams, tools]);
  const resource = resourceOf(view.route);
  const continuous = view.mode === 'continuous';
  // The page the address asks for (none in continuous mode): the loader has started it.
  const query = useIssuePage(continuous ? null : pageRequestUrl(connection, owner, repo, view, location.state), resource);
  const summary = useMemo(() => (tools !== null && searchParams.has('q') ? tools.summarizeQuery(view.q) : DEFAULT_SUMMARY), [tools, searchParams, view.q]);
  const highlight = useMemo(() => (view.route?.kind === 'search' ? (tools?.highlighterFor(view.q) ?? undefined) : undefined), [tools, view.route, view.q]);
  const ownParse = query.error instanceof ValidationError && tools !== null ? tools.parseQuery(view.q).result : null;
  const refused = query.error instanceof ValidationError ? refusalMessage(query.error.message, query.error.errors, ownParse?.ok === false ? ownParse.errors : []) : null;
  const filtered = view.q.trim() !== DEFAULT_QUERY;
  const repository = useRepository(owner, repo);

  const showQuery = (q: string) => void setSearchParams(withQuery(searchParams, q));
  const onEdit: EditQuery = (edit) => {
    void loadQueryTools().then((loaded) => showQuery((Array.isArray(edit) ? edit : [edit]).reduce((q, one) => loaded.editQuery(q, one), view.q)));
  };
  const stateTo = (state: 'open' | 'closed' | 'all'): To => {
    const value = state === 'all' ? null : state;
    // Without a `q` the query is the default, whose edits need no parser.
    const q = tools !== null ? tools.editQuery(view.q, { kind: 'state', value }) : defaultQueryWithState(value);
    return { search: withQuery(searchParams, q).toString() };
  };
  const people = () => [...new Set((query.data?.data ?? []).flatMap((issue) => [issue.user?.login, ...(issue.assignees ?? []).map((a) => a.login)]).filter((l): l is string => l !== undefined))];

  useHotkeys({
    '/': (event) => {
      event.preventDefault();
      setFiltersOpen(true);
      boxRef.current?.focus();
    },
  });

  // A search names its repository in `q`: one that does not exist, or that the token may not read, is
  // a 422 of the query there (GitHub's "cannot be searched"), while the repository's own answer (404,
  // 401, 403) says what is wrong. Since the default view is a search (issue 45), that is most views.
  if (view.route?.kind === 'search' && query.data === undefined && isViewFatal(repository.error)) throw repository.error;

  const modeToggle = <ListModeToggle mode={view.mode} onChange={(mode) => void setSearchParams(withParams(searchParams, { view: mode === 'continuous' ? 'continuous' : null }))} />;
  const list = {
    owner,
    repo,
    view,
    tools,
    state: summary.state,
    highlight,
    emptyTitle: !filtered ? 'No open issues' : view.route?.kind === 'search' ? 'No results match this search' : 'No issues match this query',
    linkState: { from: { pathname: location.pathname, search: location.search, state: location.state } },
    toolbar: modeToggle,
    onLabel: (name: string) => onEdit({ kind: 'label', name, on: true }),
    onAuthor: (login: string) => onEdit({ kind: 'user', role: 'author', login }),
    onAssignee: (login: string) => onEdit({ kind: 'user', role: 'assignee', login }),
  };

  return (
    <div className="space-y-3">
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
          <IssueTypesMenu owner={owner} repo={repo} selected={summary.issueType} onEdit={onEdit} />
          <MilestoneMenu owner={owner} repo={repo} selected={summary.milestone} none={summary.noMilestone} onEdit={onEdit} />
          <PersonMenu owner={owner} repo={repo} role="author" selected={summary.author} onEdit={onEdit} />
          <PersonMenu owner={owner} repo={repo} role="assignee" selected={summary.assignee} none={summary.noAssignee} onEdit={onEdit} />
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
          <ContinuousIssueList {...list} firstUrl={continuousRequestUrl(connection, owner, repo, view)} perPage={view.perPage} resource={resource} />
        </Suspense>
      ) : (
        <PagedIssueList {...list} query={query} filtered={filtered} />
      )}
    </div>
  );
}
