/**
 * `/issues`: the reader's own open issues across every repository the token
 * sees, as github.com/issues (features/my-issues/my-issues-views.ts). The
 * views and the saved views of this page beside the list; the query in the
 * box and the address (`?q=`), paged by `Link`. A route `lazy` chunk: the page
 * and its data come together, so it has no loader of its own to start the
 * request earlier (the chunk is what it would wait for).
 */
import clsx from 'clsx';
import { useMemo, useRef, type ReactNode } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { ValidationError } from '../api/api-errors';
import { pageNumberOf } from '../api/link-header';
import { BookmarkIcon } from '../components/icons';
import { refusalMessage } from '../features/issues/list-heading';
import { withParams, type PageTarget } from '../features/issues/list-view';
import { QueryBox } from '../features/issues/query-box';
import type { QueryEdit } from '../features/issues/query-edit';
import { loadQueryTools } from '../features/issues/query-tools-chunk';
import { useIssuePage } from '../features/issues/use-issue-page';
import { MyIssuesList, MyIssuesNeedToken } from '../features/my-issues/my-issues-list';
import { builtInViewOf, DEFAULT_MY_ISSUES_VIEW, MY_ISSUES_PATH, MY_ISSUES_VIEWS, myIssuesRequestPath, myIssuesViewPath, readMyIssuesAddress } from '../features/my-issues/my-issues-views';
import { SaveViewButton } from '../features/saved-views/save-view-button';
import { savedViewPath } from '../features/saved-views/saved-view-path';
import { useSavedViews } from '../services/use-services';
import { useConnection } from '../services/app-services-context';
import { apiUrl } from '../services/connection-store';

/** The location state of a followed `Link` rel: its URL, for the query it was sent for. */
interface MyIssuesPageLink {
  pageLink: { url: string; filters: string };
}

function pageLinkOf(state: unknown): MyIssuesPageLink['pageLink'] | null {
  if (typeof state !== 'object' || state === null || !('pageLink' in state)) return null;
  const link = (state as { pageLink: unknown }).pageLink;
  if (typeof link !== 'object' || link === null) return null;
  const { url, filters } = link as Record<string, unknown>;
  return typeof url === 'string' && typeof filters === 'string' ? { url, filters } : null;
}

function ViewLink({ to, current, children }: { to: string; current: boolean; children: ReactNode }) {
  return (
    <Link
      to={to}
      aria-current={current ? 'page' : undefined}
      className={clsx('block rounded-md px-3 py-1.5 hover:bg-canvas-subtle', current ? 'bg-canvas-inset font-semibold text-fg' : 'text-fg-muted hover:text-fg')}
    >
      {children}
    </Link>
  );
}

export function MyIssuesPage() {
  const connection = useConnection();
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const boxRef = useRef<HTMLInputElement>(null);
  const address = useMemo(() => readMyIssuesAddress(searchParams), [searchParams]);
  const builtIn = builtInViewOf(address.q);
  const saved = useSavedViews().filter((view) => view.owner === '' && view.repo === '');
  const here = `${location.pathname}${location.search}`;

  // The page's request: the `Link` rel the pager followed, when it was sent for this query and this page; else the address's.
  const filters = myIssuesRequestPath({ ...address, page: 1 });
  const link = pageLinkOf(location.state);
  const followed =
    link !== null && link.filters === filters && new URL(link.url).origin === new URL(connection.baseUrl).origin && (pageNumberOf(link.url) ?? 1) === address.page ? link.url : null;
  const url = connection.hasToken ? (followed ?? apiUrl(connection, myIssuesRequestPath(address))) : null;
  const query = useIssuePage(url, 'search');
  const refused = query.error instanceof ValidationError ? refusalMessage(query.error.message, query.error.errors) : null;

  // The box suggests the people of the rows at hand, as the repository's list does.
  const people = () => [...new Set((query.data?.data ?? []).flatMap((issue) => [issue.user?.login, ...(issue.assignees ?? []).map((a) => a.login)]).filter((l): l is string => l !== undefined))];
  const showQuery = (q: string) => {
    // Any query is kept as typed (the repository list's default, `is:open`, is no default here); the default view's is no `q` at all.
    const next = withParams(searchParams, { q: q.trim() === DEFAULT_MY_ISSUES_VIEW.q ? null : q });
    void setSearchParams(next);
  };
  const edit = (one: QueryEdit) => void loadQueryTools().then((tools) => showQuery(tools.editQuery(address.q, one)));
  const target = (pageUrl: string): PageTarget => {
    const number = pageNumberOf(pageUrl) ?? 1;
    return { to: { search: withParams(searchParams, { page: number === 1 ? null : String(number) }).toString() }, state: { pageLink: { url: pageUrl, filters } } };
  };

  return (
    <div className="flex flex-col gap-4 lg:flex-row">
      <nav aria-label="Your issues" className="shrink-0 lg:w-56">
        <h1 className="mb-2 px-3 text-lg font-semibold">Your issues</h1>
        {/* On a phone the views wrap side by side above the list; beside it from `lg` up, one a line. */}
        <ul className="flex flex-wrap gap-1 lg:block lg:space-y-0.5">
          {MY_ISSUES_VIEWS.map((view) => (
            <li key={view.id}>
              <ViewLink to={myIssuesViewPath(view)} current={builtIn?.id === view.id}>
                {view.name}
              </ViewLink>
            </li>
          ))}
        </ul>
        {saved.length > 0 ? (
          <>
            <h2 className="mt-4 mb-1 px-3 text-xs font-semibold text-fg-muted">Saved views</h2>
            <ul className="flex flex-wrap gap-1 lg:block lg:space-y-0.5">
              {saved.map((view) => (
                <li key={view.id}>
                  <ViewLink to={savedViewPath(view)} current={savedViewPath(view) === here}>
                    <span className="flex items-center gap-1.5">
                      <BookmarkIcon size={14} aria-hidden="true" className="shrink-0" />
                      <span className="min-w-0 break-words">{view.name}</span>
                    </span>
                  </ViewLink>
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </nav>

      <div className="min-w-0 flex-1 space-y-3">
        <h2 className="text-base font-semibold">{builtIn?.name ?? 'Your query'}</h2>
        {connection.hasToken ? (
          <>
            <div className="flex gap-2">
              <QueryBox owner="" repo="" q={address.q} inputRef={boxRef} people={people} invalid={refused !== null} describedBy={undefined} onSubmit={showQuery} />
              <SaveViewButton owner="" repo="" search={searchParams} />
            </div>
            {refused !== null ? (
              <p role="alert" className="rounded-md border border-danger/40 bg-danger-subtle px-3 py-2 text-danger">
                <span className="font-semibold">The service refused this query:</span> {refused}
              </p>
            ) : null}
            <MyIssuesList
              address={address}
              query={query}
              search={searchParams}
              target={target}
              firstPage={{ to: { search: withParams(searchParams, { page: null }).toString() }, state: null }}
              linkState={{ from: { pathname: MY_ISSUES_PATH, search: location.search, state: location.state } }}
              onLabel={(name) => edit({ kind: 'label', name, on: true })}
              onAuthor={(login) => edit({ kind: 'user', role: 'author', login })}
              onAssignee={(login) => edit({ kind: 'user', role: 'assignee', login })}
            />
          </>
        ) : (
          <div className="card">
            <MyIssuesNeedToken />
          </div>
        )}
      </div>
    </div>
  );
}
