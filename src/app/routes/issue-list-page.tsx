/**
 * `/:owner/:repo/issues`: the list. Every filter is in the URL; paging follows
 * the service's `Link` rels through the location state (spec 4.2 rule 3).
 * `view=continuous` shows one long list instead (continuous-issue-list.tsx).
 * Part of the entry chunk (see app-router.tsx); its loader is issue-list-loader.ts.
 */
import { FilterIcon, SearchIcon, XIcon } from '../components/icons';
import { useQueryClient } from '@tanstack/react-query';
import clsx from 'clsx';
import { lazy, Suspense, useDeferredValue, useId, useMemo, useRef, useState } from 'react';
import { Navigate, useLoaderData, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import type { ValidationErrorDetail } from '../../shared/wire-types';
import { ValidationError } from '../api/api-errors';
import { pageNumberOf } from '../api/link-header';
import { ProgressBar } from '../components/progress-bar';
import { formatCount } from '../components/time-format';
import { useHotkeys, type Hotkeys } from '../components/use-hotkeys';
import { useUrlBoundInput } from '../components/use-url-bound-input';
import { loadContinuousIssueList } from '../features/issues/continuous-issue-list-chunk';
import { importOutlastingOutage } from '../components/import-outlasting-outage';
import { FilterChips } from '../features/issues/filter-chips';
import {
  LabelMenu,
  PeopleMenu,
  PerPageSelect,
  SinceField,
  SortSelect,
  StateTabs,
  TypeTabs,
  type ChangeFilters,
} from '../features/issues/filter-controls';
import { visibleIssues } from '../features/issues/issue-filter';
import { EmptyState, IssueListSkeleton, ListBeforeFirstPage, PastTheEnd } from '../features/issues/issue-list-states';
import { issuePageQuery } from '../features/issues/issue-queries';
import { IssueRow } from '../features/issues/issue-row';
import { ListModeToggle } from '../features/issues/list-mode-toggle';
import { continuousRequestUrl, pageLinkState, pageRequestUrl, readListView, withParams } from '../features/issues/list-view';
import { Pager, pageCount } from '../features/issues/pager';
import { RetryNotice } from '../features/issues/retry-notice';
import { useIssuePage } from '../features/issues/use-issue-page';
import { useRateLimitBlock } from '../features/rate-limit/use-rate-limit-block';
import { issueViewPath, listPath } from '../features/repo-picker/app-paths';
import { FollowRename } from '../features/repository/follow-rename';
import { useRepoLabels } from '../features/repository/use-repo-labels';
import { SaveViewButton } from '../features/saved-views/save-view-button';
import { useConnection } from '../services/app-services-context';
import type { IssueListLoaderData } from './issue-list-loader';

const ContinuousIssueList = lazy(async () => ({ default: (await importOutlastingOutage(loadContinuousIssueList)).ContinuousIssueList }));

const FIELD_HELP: Record<string, string> = {
  since: 'Use a date such as 2024-05-01, or an ISO 8601 time such as 2024-05-01T12:00:00Z.',
  labels: 'Label names are separated by commas, each 1 to 50 characters, at most 20 of them.',
};

function fieldMessages(errors: readonly ValidationErrorDetail[], fromService: string | null): Map<string, string> {
  const messages = new Map<string, string>();
  for (const e of errors) {
    const value = e.value !== undefined ? ` “${e.value}”` : '';
    const base = e.message ?? `Invalid ${e.field}${value}.`;
    messages.set(e.field, `${fromService ? `${fromService}: ` : ''}${base} ${FIELD_HELP[e.field] ?? ''}`.trim());
  }
  return messages;
}

export function IssueListPage() {
  const loaderData = useLoaderData() as IssueListLoaderData;
  if (loaderData?.translate) {
    return <Navigate to={loaderData.translate.to} replace state={{ ignoredQualifiers: loaderData.translate.ignored }} />;
  }
  return <IssueList />;
}

function readIgnored(state: unknown): string[] {
  if (typeof state !== 'object' || state === null || !('ignoredQualifiers' in state)) return [];
  const ignored = (state as { ignoredQualifiers: unknown }).ignoredQualifiers;
  return Array.isArray(ignored) ? ignored.filter((x): x is string => typeof x === 'string') : [];
}

function IssueList() {
  const { owner = '', repo = '' } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const connection = useConnection();
  const block = useRateLimitBlock();
  const filterInputRef = useRef<HTMLInputElement>(null);
  const titleLinks = useRef(new Map<number, HTMLAnchorElement>());
  const [selected, setSelected] = useState<number | null>(null);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const ids = useId();

  const view = useMemo(() => readListView(searchParams), [searchParams]);
  const continuous = view.mode === 'continuous';
  const requestUrl = view.request.ok && !continuous ? pageRequestUrl(connection, owner, repo, view.request.value, location.state) : null;
  const query = useIssuePage(requestUrl);
  const cachedLabels = useRepoLabels(owner, repo, false);
  useUrlBoundInput(filterInputRef, view.q);

  // A page's rows render in a background pass React splits into short tasks, so a page
  // arriving never blocks input; until that pass commits, the previous page (or the
  // skeleton) stays on screen. React Query's store update alone would render them in one.
  const response = useDeferredValue(query.data);
  // Everything about the list (rows, count, pager, Next) describes the page on screen, which is
  // the previous one until the requested page arrives and renders: naming the URL's page over
  // the previous page's rows and links would send Next back to the page being loaded.
  // spec 4.1: a request without `page` asks for page 1 (its default).
  const shownPage = response ? (pageNumberOf(response.url) ?? 1) : view.page;
  const issues = response?.data ?? [];
  const rows = visibleIssues(issues, view.type, view.q);
  const clientFiltered = view.type !== 'all' || view.q.trim() !== '';
  const total = response ? pageCount(response.links, shownPage) : null;

  // Invalid filters, caught before sending (shared rules) or answered 422 by the service.
  const validation = query.error instanceof ValidationError ? query.error : null;
  const fieldErrors = !view.request.ok
    ? fieldMessages(view.request.errors, null)
    : validation
      ? fieldMessages(validation.errors, validation.message)
      : new Map<string, string>();
  const invalidFields = new Set(fieldErrors.keys());

  const changeFilters: ChangeFilters = (changes, options) => {
    const onlyPageFilters = Object.keys(changes).every((name) => name === 'q' || name === 'type');
    // `q` and `type` filter the loaded page: keep following the same page link. Anything else is a new first request.
    void setSearchParams(withParams(searchParams, changes), {
      replace: options?.replace ?? false,
      state: onlyPageFilters ? location.state : null,
    });
  };

  const toPage = (url: string) => {
    const page = pageNumberOf(url) ?? 1;
    return {
      to: { search: withParams(searchParams, { page: page === 1 ? null : String(page) }).toString() },
      state: view.request.ok ? pageLinkState(owner, repo, view.request.value, url) : null,
    };
  };
  const followPage = (url: string) => {
    // Start the request on the click; the loader of the navigation finds it in flight.
    void queryClient.prefetchQuery(issuePageQuery(connection, url));
  };

  const issueState = { from: { pathname: location.pathname, search: location.search, state: location.state } };
  const selectedIndex = rows.findIndex((issue) => issue.number === selected);

  function select(index: number): void {
    const issue = rows[index];
    if (issue === undefined) return;
    setSelected(issue.number);
    titleLinks.current.get(issue.number)?.focus();
  }

  // In continuous mode the list moves its own selection (it knows which rows are rendered).
  const rowKeys: Hotkeys = continuous
    ? {}
    : {
        j: () => select(selectedIndex < 0 ? 0 : Math.min(selectedIndex + 1, rows.length - 1)),
        k: () => select(selectedIndex < 0 ? 0 : Math.max(selectedIndex - 1, 0)),
        o: () => {
          const issue = rows[selectedIndex];
          if (issue) void navigate(issueViewPath(owner, repo, issue.number), { state: issueState });
        },
        Enter: (event: KeyboardEvent) => {
          // A focused link opens itself; only a selection without focus needs us.
          if (event.target instanceof HTMLAnchorElement || event.target instanceof HTMLButtonElement) return;
          const issue = rows[selectedIndex];
          if (issue) void navigate(issueViewPath(owner, repo, issue.number), { state: issueState });
        },
      };
  useHotkeys({
    ...rowKeys,
    '/': (event) => {
      event.preventDefault();
      setFiltersOpen(true);
      filterInputRef.current?.focus();
    },
  });

  const labelColor = (name: string): string | null => {
    const lower = name.toLowerCase();
    const fromRepo = cachedLabels.data?.data.find((l) => l.name.toLowerCase() === lower);
    if (fromRepo) return fromRepo.color;
    for (const issue of issues) {
      const found = issue.labels.find((l) => l.name.toLowerCase() === lower);
      if (found) return found.color;
    }
    return null;
  };

  const addLabel = (name: string) => {
    if (view.labels.some((n) => n.toLowerCase() === name.toLowerCase())) return;
    changeFilters({ labels: [...view.labels, name].join(',') });
  };

  const refreshing = query.isFetching && query.isPlaceholderData;
  const modeToggle = <ListModeToggle mode={view.mode} onChange={(mode) => changeFilters({ view: mode === 'continuous' ? 'continuous' : null })} />;
  const filtered = ['labels', 'since', 'creator', 'assignee', 'mentioned', 'milestone'].some((name) => searchParams.has(name));
  const emptyTitle = filtered ? 'No issues match these filters' : `No ${view.shown.state === 'all' ? '' : `${view.shown.state} `}issues or pull requests`;
  const ignored = readIgnored(location.state);
  const status = query.isPending
    ? query.fetchStatus === 'fetching'
      ? 'Loading issues…'
      : ''
    : response
      ? clientFiltered
        ? `${rows.length} of ${issues.length} on this page match.`
        : `${issues.length} ${issues.length === 1 ? 'entry' : 'entries'} on page ${shownPage}${total !== null ? ` of ${total}` : ''}.`
      : '';

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
          <div className="relative min-w-0 flex-1">
            <label htmlFor={`${ids}-q`} className="sr-only">
              Filter the issues on this page by text
            </label>
            <span className="pointer-events-none absolute top-1/2 left-2.5 -translate-y-1/2 text-fg-muted">
              <SearchIcon size={16} aria-hidden="true" />
            </span>
            <input
              ref={filterInputRef}
              id={`${ids}-q`}
              type="search"
              defaultValue={view.q}
              placeholder="Filter this page by title, #number, label or author"
              className="input pl-8"
              autoComplete="off"
              spellCheck={false}
              aria-keyshortcuts="/"
              onChange={(event) => changeFilters({ q: event.currentTarget.value }, { replace: true })}
            />
          </div>
          <button
            type="button"
            className="btn md:hidden"
            aria-expanded={filtersOpen || invalidFields.size > 0}
            aria-controls={`${ids}-filters`}
            onClick={() => setFiltersOpen((open) => !open)}
          >
            <FilterIcon size={16} aria-hidden="true" />
            Filters
          </button>
          <SaveViewButton owner={owner} repo={repo} search={searchParams} />
        </div>

        <div
          id={`${ids}-filters`}
          className={clsx('flex-wrap items-center gap-2 md:flex', filtersOpen || invalidFields.size > 0 ? 'flex' : 'hidden')}
        >
          <StateTabs search={searchParams} state={view.shown.state} />
          <TypeTabs type={view.type} onChange={changeFilters} />
          <LabelMenu
            owner={owner}
            repo={repo}
            selected={view.labels}
            onChange={changeFilters}
            error={fieldErrors.get('labels') ?? null}
            errorId={`${ids}-labels-error`}
          />
          <PeopleMenu view={view} onChange={changeFilters} />
          <SinceField value={view.sinceInput} onChange={changeFilters} error={fieldErrors.get('since') ?? null} errorId={`${ids}-since-error`} />
          <SortSelect view={view} onChange={changeFilters} />
          <PerPageSelect perPage={view.shown.perPage} onChange={changeFilters} />
        </div>

        {[...fieldErrors].map(([field, message]) => (
          <p
            key={field}
            id={field === 'labels' || field === 'since' ? `${ids}-${field}-error` : undefined}
            role="alert"
            className="flex items-start gap-1.5 rounded-md border border-danger/40 bg-danger-subtle px-3 py-2 text-danger"
          >
            <XIcon size={16} aria-hidden="true" className="mt-0.5 shrink-0" />
            <span>
              <span className="font-semibold">{field === 'labels' ? 'Labels' : field === 'since' ? 'Updated since' : field}:</span> {message}
            </span>
          </p>
        ))}

        <FilterChips view={view} onChange={changeFilters} labelColor={labelColor} clearTo={listPath(owner, repo)} invalidFields={invalidFields} />
      </div>

      {ignored.length > 0 ? (
        <p role="note" className="rounded-md border border-attention/40 bg-attention-subtle px-3 py-2">
          Not applied, as the API has no equivalent: <span className="font-mono">{ignored.join(' ')}</span>
        </p>
      ) : null}
      {continuous ? (
        <Suspense
          fallback={
            <div className="card">
              <div className="flex justify-end border-b border-line bg-canvas-subtle px-4 py-2">{modeToggle}</div>
              <IssueListSkeleton rows={Math.min(view.shown.perPage, 10)} />
            </div>
          }
        >
          <ContinuousIssueList
            owner={owner}
            repo={repo}
            firstUrl={view.request.ok ? continuousRequestUrl(connection, owner, repo, view.request.value) : null}
            shown={view.shown}
            type={view.type}
            q={view.q}
            emptyTitle={emptyTitle}
            linkState={issueState}
            toolbar={modeToggle}
            onLabel={addLabel}
            onAuthor={(login) => changeFilters({ creator: login })}
            onAssignee={(login) => changeFilters({ assignee: login })}
            onClearPageFilters={() => changeFilters({ q: null, type: null }, { replace: true })}
          />
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
              {response ? (
                clientFiltered ? (
                  <>
                    <span className="font-semibold text-fg">{formatCount(rows.length)}</span> of {formatCount(issues.length)} on this page
                  </>
                ) : (
                  <>
                    <span className="font-semibold text-fg">{formatCount(issues.length)}</span> on this page
                  </>
                )
              ) : (
                'Issues and pull requests'
              )}
            </h3>
            <span className="flex items-center gap-3">
              <span className="hidden text-xs lg:inline">
                Press <kbd className="font-mono">?</kbd> for keyboard shortcuts
              </span>
              {modeToggle}
            </span>
          </header>
          <div className={clsx(refreshing && 'opacity-60 transition-opacity')}>
            {renderListBody()}
          </div>
        </section>

        {response && issues.length > 0 ? (
          <Pager
            links={response.links}
            page={shownPage}
            target={toPage}
            onFollow={followPage}
            block={block}
            notModified={response.notModified}
            offline={response.offline}
          />
        ) : null}
        </>
      )}
    </div>
  );

  function renderListBody() {
    if (!view.request.ok || response === undefined) {
      return <ListBeforeFirstPage sendable={view.request.ok} query={query} block={block} skeletonRows={Math.min(view.shown.perPage, 10)} />;
    }
    if (issues.length === 0) {
      if (shownPage > 1) {
        const lastUrl = response.links.last ?? response.links.prev;
        const lastPage = pageNumberOf(lastUrl);
        return (
          <PastTheEnd
            page={shownPage}
            last={lastUrl !== undefined && lastPage !== null && lastPage < shownPage ? { ...toPage(lastUrl), page: lastPage } : null}
            first={response.links.first ? toPage(response.links.first) : { to: { search: withParams(searchParams, { page: null }).toString() }, state: null }}
          />
        );
      }
      return (
        <EmptyState title={emptyTitle}>
          {filtered ? (
            <p>
              Try removing a filter, or{' '}
              <a
                href={listPath(owner, repo)}
                className="link"
                onClick={(event) => {
                  event.preventDefault();
                  void navigate(listPath(owner, repo));
                }}
              >
                clear them all
              </a>
              .
            </p>
          ) : view.shown.state === 'open' ? (
            <p>Everything is closed here. Look at the Closed tab.</p>
          ) : null}
        </EmptyState>
      );
    }
    if (rows.length === 0) {
      return (
        <EmptyState title={`None of the ${issues.length} on this page match`}>
          <p>
            The {view.type === 'pr' ? 'pull request' : view.type === 'issue' ? 'issue' : 'type'} and text filters apply to the loaded page only. Try the next page, or clear them.
          </p>
          <p>
            <button type="button" className="btn" onClick={() => changeFilters({ q: null, type: null }, { replace: true })}>
              Clear the page filters
            </button>
          </p>
        </EmptyState>
      );
    }
    return (
      <ul aria-label={`Issues, page ${shownPage}`} className="divide-line-muted">
        {rows.map((issue, index) => (
          <IssueRow
            key={issue.id ?? issue.number}
            issue={issue}
            to={issueViewPath(owner, repo, issue.number)}
            linkState={issueState}
            selected={index === selectedIndex}
            titleRef={(element) => {
              if (element) titleLinks.current.set(issue.number, element);
              else titleLinks.current.delete(issue.number);
            }}
            onFocusRow={() => setSelected(issue.number)}
            onLabel={addLabel}
            onAuthor={(login) => changeFilters({ creator: login })}
            onAssignee={(login) => changeFilters({ assignee: login })}
          />
        ))}
      </ul>
    );
  }
}
