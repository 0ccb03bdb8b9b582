import { useDeferredValue, useMemo } from 'react';
import type { IssueComment } from '../../../shared/wire-types';
import { CommentIcon } from '../../components/icons';
import { ErrorPanel } from '../../components/error-panel';
import { Skeleton } from '../../components/skeleton';
import { formatCount } from '../../components/time-format';
import { useIssueComments } from '../issues/use-issue-comments';
import { useRateLimitBlock } from '../rate-limit/use-rate-limit-block';
import { CommentCard } from './comment-card';
import { commentScope } from './markdown/markdown-ready';
import { useLinkedComment, useLoadLinkedComment } from './use-linked-comment';

const NO_COMMENTS: IssueComment[] = [];

/** The comments, a page at a time: "Load more" follows the service's `next` link. */
export function IssueComments({ owner, repo, number, count, authorLogin }: {
  owner: string;
  repo: string;
  number: number;
  /** the issue's own count, when known: 0 skips the request */
  count: number | null;
  authorLogin: string | null;
}) {
  const comments = useIssueComments(owner, repo, number, count !== 0);
  const loaded = useMemo(() => comments.data?.pages.flatMap((page) => page.data) ?? NO_COMMENTS, [comments.data]);
  // The cards render after the description has painted, in a transition: React renders them
  // one component at a time and yields between, so parsing every comment's Markdown is not
  // one long task in front of the first paint (Lighthouse's total blocking time).
  const shown = useDeferredValue(loaded, NO_COMMENTS);
  const linked = useLinkedComment(useMemo(() => shown.map((comment) => commentScope(comment.id)), [shown]));
  const block = useRateLimitBlock();
  useLoadLinkedComment(linked, useMemo(() => loaded.map((comment) => comment.id), [loaded]), {
    pages: comments.data?.pages.length ?? 0,
    hasNextPage: comments.hasNextPage,
    held: comments.isFetching || comments.isFetchNextPageError || block !== null,
    fetchNextPage: comments.fetchNextPage,
  });
  const offline = comments.data?.pages.some((page) => page.offline) ?? false;

  return (
    <section id="comments" aria-labelledby="comments-heading" className="space-y-4">
      <h2 id="comments-heading" className="flex items-center gap-2 text-base font-semibold">
        <CommentIcon size={16} aria-hidden="true" />
        {count === null ? 'Comments' : count === 0 ? 'No comments yet' : `${formatCount(count)} ${count === 1 ? 'comment' : 'comments'}`}
      </h2>
      {offline ? <p className="text-xs text-attention">Offline: these comments are the copy saved on this device.</p> : null}
      {count !== 0 && comments.isPending && comments.fetchStatus !== 'idle' ? (
        <div className="space-y-3" role="status" aria-label="Loading comments">
          {[0, 1].map((i) => (
            <div key={i} className="card space-y-2 p-4">
              <Skeleton className="h-3 w-40" />
              <Skeleton className="h-4 w-5/6" />
              <Skeleton className="h-4 w-2/3" />
            </div>
          ))}
        </div>
      ) : null}
      {comments.isError && loaded.length === 0 ? (
        <ErrorPanel error={comments.error} subject="issue" onRetry={() => void comments.refetch()} retrying={comments.isFetching} headingLevel={3} />
      ) : null}
      {shown.map((comment) => (
        <CommentCard
          key={comment.id}
          id={commentScope(comment.id)}
          user={comment.user}
          association={comment.author_association}
          createdAt={comment.created_at}
          verb="commented"
          body={comment.body}
          owner={owner}
          repo={repo}
          highlight={authorLogin !== null && comment.user?.login === authorLogin}
          targeted={linked === commentScope(comment.id)}
        />
      ))}
      {comments.hasNextPage || comments.isFetchNextPageError ? (
        <div className="flex flex-col items-center gap-2">
          {comments.isFetchNextPageError ? (
            <ErrorPanel error={comments.error} subject="issue" headingLevel={3} className="w-full" />
          ) : null}
          <button type="button" className="btn" disabled={comments.isFetchingNextPage} onClick={() => void comments.fetchNextPage()}>
            {comments.isFetchingNextPage ? 'Loading…' : 'Load more comments'}
          </button>
          <p className="text-xs text-fg-muted" aria-live="polite">
            Showing {formatCount(loaded.length)}
            {count !== null ? ` of ${formatCount(count)}` : ''} comments
          </p>
        </div>
      ) : null}
    </section>
  );
}
