/**
 * `/:owner/:repo/issues/:number`: one issue (or pull request), its comments and events.
 * Opened from the list it shows at once from the list's page, then refreshes.
 * Loaded lazily (its own chunk): its loader, in issue-view-loader.ts, is not.
 */
import { ArrowLeftIcon } from '../components/page-icons';
import { Suspense, use, type ReactNode } from 'react';
import { Link, useLoaderData, useLocation, useNavigate, useParams, type To } from 'react-router';
import { ErrorPanel } from '../components/error-panel';
import { Skeleton } from '../components/skeleton';
import { useHotkeys } from '../hooks/use-hotkeys';
import { CommentCard } from '../features/issue-view/comment-card';
import { IssueHeader } from '../features/issue-view/issue-header';
import { IssueSidebar } from '../features/issue-view/issue-sidebar';
import { IssueTimeline } from '../features/issue-view/issue-timeline';
import { SubIssuesSection } from '../features/issue-view/sub-issues-section';
import { markdownRendererReady } from '../features/issue-view/markdown/markdown-ready';
import { isPullRequest } from '../lib/issue-state';
import { withSelectedIssue } from '../features/issues/selected-issue';
import { useIssue } from '../features/issues/use-issue';
import { listPath } from '../app-paths';
import { FollowRename } from '../components/follow-rename';
import { usePageOrigin } from '../services/use-services';
import { parseIssueNumber, TEXTS_AT_HAND, type IssueViewLoaderData } from './issue-view-loader';

/** Where "Back to issues" goes: the list as it was left (filters, page link), or the repository's list. */
function backTarget(state: unknown, owner: string, repo: string): { to: To; state: unknown } {
  if (typeof state === 'object' && state !== null && 'from' in state) {
    const from = (state as { from: unknown }).from;
    if (typeof from === 'object' && from !== null) {
      const { pathname, search, state: listState } = from as Record<string, unknown>;
      if (typeof pathname === 'string' && typeof search === 'string') return { to: { pathname, search }, state: listState };
    }
  }
  return { to: listPath(owner, repo), state: null };
}

export function IssueViewPage() {
  const { owner = '', repo = '', number: rawNumber } = useParams();
  const number = parseIssueNumber(rawNumber) ?? 0;
  const location = useLocation();
  const navigate = useNavigate();
  const pageOrigin = usePageOrigin();
  const query = useIssue(owner, repo, number);
  const { textsShown } = useLoaderData<IssueViewLoaderData | undefined>() ?? TEXTS_AT_HAND;
  const listed = backTarget(location.state, owner, repo);
  const back = { to: listed.to, state: withSelectedIssue(listed.state, number) };

  useHotkeys({
    u: () => void navigate(back.to, { state: back.state }),
  });

  const issue = query.data?.data;
  const kind = issue && isPullRequest(issue) ? 'pull request' : 'issue';

  return (
    <div className="space-y-4">
      <FollowRename owner={owner} repo={repo} movedTo={query.data?.movedTo} />
      <Link to={back.to} state={back.state} className="muted-link inline-flex items-center gap-1">
        <ArrowLeftIcon size={16} aria-hidden="true" />
        Back to issues
      </Link>

      {issue === undefined ? (
        query.isError ? (
          <ErrorPanel error={query.error} subject="issue" onRetry={() => void query.refetch()} retrying={query.isFetching} />
        ) : (
          <IssueSkeleton />
        )
      ) : (
        <>
          <title>{`${issue.title} · #${issue.number} · ${owner}/${repo} · Issuescope`}</title>
          <IssueHeader issue={issue} owner={owner} repo={repo} kind={kind} refreshing={query.isPlaceholderData && query.isFetching} />
          {query.data?.offline ? (
            <p role="status" className="rounded-md border border-attention/40 bg-attention-subtle px-3 py-2">
              <strong>You are offline.</strong> This is the copy saved on this device; it may be out of date.
            </p>
          ) : null}
          {query.isError ? (
            <ErrorPanel error={query.error} subject="issue" onRetry={() => void query.refetch()} retrying={query.isFetching} headingLevel={3} />
          ) : null}
          {/* Opened cold, the header shows first; what is below it appears in one go once its texts can render (see the loader). */}
          <Suspense fallback={<IssueBodySkeleton />}>
            <TextsShown until={textsShown}>
              {/* One column on a phone: the description, then assignees, labels and milestone, then the timeline,
                  not the sidebar after every comment. Side by side from md up, the sidebar spanning both rows. */}
              <div className="grid gap-6 md:grid-cols-[minmax(0,1fr)_16rem] md:grid-rows-[auto_1fr]">
                <div className="min-w-0 md:col-start-1 md:row-start-1">
                  <CommentCard
                    user={issue.user}
                    association={issue.author_association}
                    createdAt={issue.created_at}
                    verb="opened this"
                    body={issue.body}
                    owner={owner}
                    repo={repo}
                    reactions={issue.reactions}
                  />
                  {issue.sub_issues_summary && issue.sub_issues_summary.total > 0 ? (
                    <div className="mt-4">
                      <SubIssuesSection owner={owner} repo={repo} number={issue.number} summary={issue.sub_issues_summary} />
                    </div>
                  ) : null}
                </div>
                <div className="md:col-start-2 md:row-span-2 md:row-start-1">
                  <IssueSidebar issue={issue} owner={owner} repo={repo} pageOrigin={pageOrigin} />
                </div>
                <div className="min-w-0 md:col-start-1 md:row-start-2">
                  <IssueTimeline context={{ owner, repo, kind }} number={number} count={issue.comments} authorLogin={issue.user?.login ?? null} />
                </div>
              </div>
            </TextsShown>
          </Suspense>
        </>
      )}
    </div>
  );
}

/**
 * Shows what is below the header once its texts can render: the renderer's
 * chunk (started by the loader) is here, and, opened cold, the loader's wait
 * for the texts' trees is over. One swap from the skeleton, not a page whose
 * body grows and pushes the comments down as each text arrives.
 */
function TextsShown({ until, children }: { until: Promise<void>; children: ReactNode }) {
  use(until);
  use(markdownRendererReady());
  return children;
}

function IssueSkeleton() {
  return (
    <div className="space-y-4" role="status" aria-label="Loading the issue">
      <Skeleton className="h-8 w-3/4" />
      <Skeleton className="h-5 w-1/2" />
      <TextSkeleton />
    </div>
  );
}

function IssueBodySkeleton() {
  return (
    <div role="status" aria-label="Loading the description and comments">
      <TextSkeleton />
    </div>
  );
}

function TextSkeleton() {
  return (
    <div className="card space-y-2 p-4">
      <Skeleton className="h-4 w-11/12" />
      <Skeleton className="h-4 w-4/5" />
      <Skeleton className="h-4 w-2/3" />
    </div>
  );
}
