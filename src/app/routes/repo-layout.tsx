/**
 * `/:owner/:repo`: the repository's heading above its pages, the notice of a
 * rename, and the github.com paths that map onto ours (`/pulls`, `/pull/12`).
 */
import { InfoIcon, LockIcon, RepoIcon } from '../components/icons';
import { Fragment } from 'react';
import { Link, Navigate, Outlet, useLocation, useMatch, useParams, type LoaderFunctionArgs, type ShouldRevalidateFunctionArgs } from 'react-router';
import { Skeleton } from '../components/skeleton';
import { formatCount } from '../lib/time-format';
import { activeBlock } from '../services/rate-limit-store';
import { rememberRepo } from '../services/recent-repos';
import { useRecentRepos } from '../services/use-services';
import { issueViewPath, listPath } from '../app-paths';
import { FollowRename, readRenamed } from '../components/follow-rename';
import { repositoryQuery } from '../services/repo-queries';
import { useRepository } from '../services/use-repository';
import type { AppServices } from '../services/app-services-context';
import { RouteError } from './route-error';

export function repoLayoutLoader(services: AppServices) {
  return ({ params }: LoaderFunctionArgs): null => {
    if (activeBlock(services.rateLimit.getSnapshot(), services.now()) !== null) return null;
    rememberVisitedRepo(services, params.owner ?? '', params.repo ?? '');
    return null;
  };
}

/**
 * Asks for the repository (or finds it in the cache) and remembers it among the recent ones once
 * it exists and we may read it. The loader does it; so does main.tsx for a page the service
 * rendered, whose loaders ran there, not here.
 */
export function rememberVisitedRepo(services: AppServices, owner: string, repo: string): void {
  const connection = services.connection.getSnapshot();
  services.queryClient
    .ensureQueryData(repositoryQuery(connection, owner, repo))
    .then((response) => {
      // Under the name the service uses (after a rename too).
      const { full_name, description } = response.data;
      rememberRepo(services.recentRepos, {
        fullName: full_name,
        description: description ?? null,
        private: response.data.private === true,
        visitedAt: services.now(),
      });
    })
    .catch(() => {
      // Not remembered; the page shows why.
    });
}

/** The repository's loader depends on its name only. */
export function shouldRevalidateRepo({ currentParams, nextParams, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs): boolean {
  if (currentParams.owner !== nextParams.owner || currentParams.repo !== nextParams.repo) return defaultShouldRevalidate;
  return false;
}

export function RepoLayout() {
  const { owner = '', repo = '' } = useParams();
  const location = useLocation();
  const repository = useRepository(owner, repo);
  const renamed = readRenamed(location.state);
  const data = repository.data?.data;
  const loading = repository.isPending && repository.fetchStatus !== 'idle';
  // Until (or unless: the rate limit spent, the service down) the repository answers, what an earlier visit kept.
  const remembered = useRecentRepos().find((item) => item.fullName.toLowerCase() === `${owner}/${repo}`.toLowerCase());
  const [rememberedOwner, rememberedName] = remembered?.fullName.split('/') ?? [];
  const visibility = data ? data.private === true : (remembered?.private ?? null);
  const description = data ? data.description : (remembered?.description ?? null);
  // The repository's name heads its list; an issue's page has the issue's title as its one h1.
  const RepoName = useMatch('/:owner/:repo/issues/:number') === null ? 'h1' : 'p';

  return (
    <div className="space-y-4">
      <title>{`${owner}/${repo} · Issuescope`}</title>
      <FollowRename owner={owner} repo={repo} movedTo={repository.data?.movedTo} />
      {renamed !== null ? (
        <p role="status" className="flex items-start gap-2 rounded-md border border-accent/40 bg-accent-subtle px-3 py-2">
          <InfoIcon size={16} aria-hidden="true" className="mt-0.5 shrink-0 text-accent" />
          <span>
            <strong>{renamed.renamedFrom}</strong> was renamed to <strong>{renamed.renamedTo}</strong>. The address now uses the new name; update
            your bookmarks.
          </span>
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <RepoName className="flex min-w-0 items-center gap-2 text-xl">
          <RepoIcon size={20} aria-hidden="true" className="shrink-0 text-fg-muted" />
          <Link to={listPath(owner, repo)} className="min-w-0 truncate text-accent hover:underline">
            <span>{data?.owner?.login ?? rememberedOwner ?? owner}</span>
            <span className="px-1 text-fg-muted">/</span>
            <span className="font-semibold">{data?.name ?? rememberedName ?? repo}</span>
          </Link>
        </RepoName>
        {/* Until the repository answers, placeholders hold the boxes its badge, count and description take. */}
        {visibility !== null ? (
          <span className="inline-flex h-[18px] items-center gap-1 rounded-full border border-line px-2 text-xs text-fg-muted">
            {visibility ? <LockIcon size={12} aria-hidden="true" /> : null}
            {visibility ? 'Private' : 'Public'}
          </span>
        ) : (
          <Placeholder shown={loading} className="h-[18px] w-[3.25rem] rounded-full" />
        )}
        {/* On a phone the count has a line of its own, whatever the name's length, so its placeholder wraps the same way. */}
        <span className="flex h-4 w-full items-center text-xs text-fg-muted sm:w-auto">
          {typeof data?.open_issues_count === 'number' ? (
            `${formatCount(data.open_issues_count)} open issues and pull requests`
          ) : (
            <Placeholder shown={loading} className="h-3 w-48" />
          )}
        </span>
      </div>
      {/* One line reserved (two on a phone); a longer description is cut there, in full in its title. */}
      <p className="-mt-2 line-clamp-2 min-h-10 text-fg-muted sm:min-h-5" title={description ?? undefined}>
        {data || remembered ? (
          description
        ) : loading ? (
          <span className="flex flex-col gap-2 py-1" aria-hidden="true">
            <Skeleton className="h-3 w-full sm:w-2/5" />
            <Skeleton className="h-3 w-3/5 sm:hidden" />
          </span>
        ) : null}
      </p>
      {/* A new repository starts its pages afresh: no rows of the previous one kept on screen while loading. */}
      <Fragment key={`${owner}/${repo}`.toLowerCase()}>
        <Outlet />
      </Fragment>
    </div>
  );
}

/** A skeleton while the repository loads; otherwise the same box, empty (failed, or waiting for the rate limit). */
function Placeholder({ shown, className }: { shown: boolean; className: string }) {
  return shown ? <Skeleton className={className} /> : <span aria-hidden="true" className={className} />;
}

export function RepoError() {
  return <RouteError subject="repository" />;
}

/** github.com/o/r: the repository's home is its issue list here. */
export function RepoIndexRedirect() {
  const { owner = '', repo = '' } = useParams();
  return <Navigate to={listPath(owner, repo)} replace />;
}

/** github.com/o/r/pull/12: a pull request is an issue here (a link to one of its comments, `#issuecomment-…`, included). */
export function PullRedirect() {
  const { owner = '', repo = '', number = '' } = useParams();
  const { hash } = useLocation();
  return <Navigate to={/^\d+$/.test(number) ? `${issueViewPath(owner, repo, Number(number))}${hash}` : listPath(owner, repo)} replace />;
}
