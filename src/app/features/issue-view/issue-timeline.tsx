import { useDeferredValue, useMemo } from 'react';
import type { TimelineCommentEvent } from '../../api/timeline-types';
import { CommentIcon } from '../../components/icons';
import { ErrorPanel } from '../../components/error-panel';
import { Skeleton } from '../../components/skeleton';
import { formatCount } from '../../lib/time-format';
import { useRateLimitBlock } from '../../services/use-rate-limit-block';
import { useHydrated } from '../../hooks/use-hydrated';
import { CommentCard } from './comment-card';
import type { EventContext } from './event-summary';
import { commentScope } from './markdown/markdown-ready';
import { TimelineEventLine } from './timeline-event-line';
import { groupLabelChanges, isComment, readTimelineEvents, timelineEventKey, withoutMergeCloses, type TimelineEntry } from './timeline-events';
import { useIssueTimeline } from './use-issue-timeline';
import { useLinkedComment, useLoadLinkedComment } from './use-linked-comment';

const NO_EVENTS: readonly TimelineEntry[] = [];

/**
 * The issue's story below its description, a page at a time: comments as
 * cards and every other event as a line, in time order (one actor's label
 * changes made together on one line, as GitHub's page shows them). "Load
 * more" follows the service's `next` link. A service without the timeline
 * shows the comments alone (timeline-queries.ts).
 */
export function IssueTimeline({ context, number, count, authorLogin }: {
  context: EventContext;
  number: number;
  /** the issue's own count of comments, when known */
  count: number | null;
  authorLogin: string | null;
}) {
  const { owner, repo } = context;
  const timeline = useIssueTimeline(owner, repo, number);
  const loaded = useMemo(
    () => (timeline.data ? groupLabelChanges(withoutMergeCloses(timeline.data.pages.flatMap((page) => readTimelineEvents(page.data)))) : NO_EVENTS),
    [timeline.data],
  );
  // The cards render after the description has painted, in a transition: React renders them
  // one component at a time and yields between, so parsing every comment's Markdown is not
  // one long task in front of the first paint (Lighthouse's total blocking time).
  // A page the service rendered has its cards in the markup as sent: there (and while the browser adopts it)
  // they are all rendered at once, as they were written, and the deferral is for a page drawn here.
  const hydrated = useHydrated();
  const shown = useDeferredValue(loaded, hydrated ? NO_EVENTS : loaded);
  const loadedComments = useMemo(() => loaded.filter(isComment), [loaded]);
  const linked = useLinkedComment(useMemo(() => shown.filter(isComment).map((comment) => commentScope(comment.id)), [shown]));
  const block = useRateLimitBlock();
  useLoadLinkedComment(linked, useMemo(() => loadedComments.map((comment) => comment.id), [loadedComments]), {
    pages: timeline.data?.pages.length ?? 0,
    hasNextPage: timeline.hasNextPage,
    held: timeline.isFetching || timeline.isFetchNextPageError || block !== null,
    fetchNextPage: timeline.fetchNextPage,
  });
  const offline = timeline.data?.pages.some((page) => page.offline) ?? false;

  return (
    <section id="comments" aria-labelledby="comments-heading" className="space-y-4">
      <h2 id="comments-heading" className="flex items-center gap-2 text-base font-semibold">
        <CommentIcon size={16} aria-hidden="true" />
        {count === null ? 'Comments' : count > 0 ? `${formatCount(count)} ${count === 1 ? 'comment' : 'comments'}` : loaded.length > 0 ? 'History' : 'No comments yet'}
      </h2>
      {offline ? <p className="text-xs text-attention">Offline: this history is the copy saved on this device.</p> : null}
      {timeline.isPending && timeline.fetchStatus !== 'idle' ? <TimelineSkeleton /> : null}
      {timeline.isError && loaded.length === 0 ? (
        <ErrorPanel error={timeline.error} subject="issue" onRetry={() => void timeline.refetch()} retrying={timeline.isFetching} headingLevel={3} />
      ) : null}
      {shown.map((event, index) =>
        isComment(event) ? (
          <Comment key={timelineEventKey(event, index)} comment={event} context={context} authorLogin={authorLogin} targeted={linked === commentScope(event.id)} />
        ) : (
          <TimelineEventLine key={timelineEventKey(event, index)} event={event} context={context} />
        ),
      )}
      {timeline.hasNextPage || timeline.isFetchNextPageError ? (
        <div className="flex flex-col items-center gap-2">
          {timeline.isFetchNextPageError ? <ErrorPanel error={timeline.error} subject="issue" headingLevel={3} className="w-full" /> : null}
          <button type="button" className="btn" disabled={timeline.isFetchingNextPage} onClick={() => void timeline.fetchNextPage()}>
            {timeline.isFetchingNextPage ? 'Loading…' : 'Load more'}
          </button>
          <p className="text-xs text-fg-muted" aria-live="polite">
            Showing {formatCount(loadedComments.length)}
            {count !== null ? ` of ${formatCount(count)}` : ''} comments
          </p>
        </div>
      ) : null}
    </section>
  );
}

function Comment({ comment, context, authorLogin, targeted }: { comment: TimelineCommentEvent; context: EventContext; authorLogin: string | null; targeted: boolean }) {
  return (
    <CommentCard
      id={commentScope(comment.id)}
      user={comment.user ?? comment.actor}
      association={comment.author_association}
      createdAt={comment.created_at}
      verb="commented"
      body={comment.body ?? null}
      owner={context.owner}
      repo={context.repo}
      highlight={authorLogin !== null && comment.user?.login === authorLogin}
      targeted={targeted}
      reactions={comment.reactions}
    />
  );
}

function TimelineSkeleton() {
  return (
    <div className="space-y-3" role="status" aria-label="Loading comments">
      {[0, 1].map((i) => (
        <div key={i} className="card space-y-2 p-4">
          <Skeleton className="h-3 w-40" />
          <Skeleton className="h-4 w-5/6" />
          <Skeleton className="h-4 w-2/3" />
        </div>
      ))}
    </div>
  );
}
