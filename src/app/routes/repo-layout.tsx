/**
 * `/:owner/:repo`: the repository's heading above its pages, the notice of a
 * rename, and the github.com paths that map onto ours (`/pulls`, `/pull/12`).
 */
import { InfoIcon, LockIcon, RepoIcon } from '../components/icons';
import { Fragment } from 'react';
import { Link, Navigate, Outlet, useLocation, useParams, type LoaderFunctionArgs, type ShouldRevalidateFunctionArgs } from 'react-router';
import { formatCount } from '../components/time-format';
import { activeBlock } from '../features/rate-limit/rate-limit-store';
import { rememberRepo } from '../features/repo-picker/recent-repos';
import { issueViewPath, listPath } from '../features/repo-picker/app-paths';
import { FollowRename, readRenamed } from '../features/repository/follow-rename';
import { repositoryQuery } from '../features/repository/repo-queries';
import { useRepository } from '../features/repository/use-repository';
import type { AppServices } from '../services/app-services';
import { RouteError } from './route-error';

export function repoLayoutLoader(services: AppServices) {
  return ({ params }: LoaderFunctionArgs): null => {
    const owner = params.owner ?? '';
    const repo = params.repo ?? '';
    if (activeBlock(services.rateLimit.getSnapshot(), services.now()) !== null) return null;
    const connection = services.connection.getSnapshot();
    services.queryClient
      .ensureQueryData(repositoryQuery(connection, owner, repo))
      .then((response) => {
        // Remembered once it exists and we may read it, under the name the service uses (after a rename too).
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
    return null;
  };
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
        <h1 className="flex min-w-0 items-center gap-2 text-xl">
          <RepoIcon size={20} aria-hidden="true" className="shrink-0 text-fg-muted" />
          <Link to={listPath(owner, repo)} className="min-w-0 truncate text-accent hover:underline">
            <span>{data?.owner?.login ?? owner}</span>
            <span className="px-1 text-fg-muted">/</span>
            <span className="font-semibold">{data?.name ?? repo}</span>
          </Link>
        </h1>
        {data ? (
          <span className="inline-flex items-center gap-1 rounded-full border border-line px-2 text-xs text-fg-muted">
            {data.private ? <LockIcon size={12} aria-hidden="true" /> : null}
            {data.private ? 'Private' : 'Public'}
          </span>
        ) : null}
        {typeof data?.open_issues_count === 'number' ? (
          <span className="text-xs text-fg-muted">
            {formatCount(data.open_issues_count)} open issues and pull requests
          </span>
        ) : null}
      </div>
      {data?.description ? <p className="-mt-2 text-fg-muted">{data.description}</p> : null}
      {/* A new repository starts its pages afresh: no rows of the previous one kept on screen while loading. */}
      <Fragment key={`${owner}/${repo}`.toLowerCase()}>
        <Outlet />
      </Fragment>
    </div>
  );
}

export function RepoError() {
  return <RouteError subject="repository" />;
}

/** github.com/o/r: the repository's home is its issue list here. */
export function RepoIndexRedirect() {
  const { owner = '', repo = '' } = useParams();
  return <Navigate to={listPath(owner, repo)} replace />;
}

/** github.com/o/r/pull/12: a pull request is an issue here. */
export function PullRedirect() {
  const { owner = '', repo = '', number = '' } = useParams();
  return <Navigate to={/^\d+$/.test(number) ? issueViewPath(owner, repo, Number(number)) : listPath(owner, repo)} replace />;
}
