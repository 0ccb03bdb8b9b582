/**
 * An issue's timeline (`GET /repos/{o}/{r}/issues/{n}/timeline`): comments
 * and events in time order, a page at a time, shared by the issue view's
 * loader and its hook. Not in the entry chunk (the list's first paint): the
 * loader imports this module as it runs, alongside the page's own chunk.
 *
 * A service without the endpoint (older versions of ours) answers 404: the
 * timeline is then its comments, from the comments endpoint, and the answer
 * is remembered for the connection so no later issue asks in vain.
 */
import { infiniteQueryOptions, type QueryClient } from '@tanstack/react-query';
import type { IssueComment } from '../../../shared/wire-types';
import { NotFoundError } from '../../api/api-errors';
import type { ApiResponse } from '../../api/api-types';
import type { TimelineCommentEvent, TimelineItem } from '../../api/timeline-types';
import { apiUrl, type Connection } from '../../services/connection-store';
import { expectShape } from '../../services/expect-shape';
import { issuePath } from '../../services/issue-queries';
import { issueKeys } from '../../services/query-keys';
import { commentScope, markdownTreesReady } from './markdown/markdown-ready';
import { isComment, readTimelineEvents } from './timeline-events';

/** GitHub's most (its default is 30): a usual issue's whole history in one request. */
export const TIMELINE_PER_PAGE = 100;
/** The comments endpoint's pages, where the timeline is missing: GitHub's default. */
const COMMENTS_PER_PAGE = 30;
/**
 * The most comments whose texts the loader waits for: as many as a page of
 * comments held before the timeline's pages grew to 100 entries, so a long
 * thread holds up its first paint no longer than before.
 */
const TEXTS_AWAITED_MAX = COMMENTS_PER_PAGE;

export const timelineKeys = {
  timeline: (identity: string, owner: string, repo: string, number: number) =>
    [...issueKeys.all(identity), 'timeline', owner.toLowerCase(), repo.toLowerCase(), number] as const,
  /** true once the service answered 404 for the timeline of an issue whose comments it serves */
  missing: (identity: string) => [...issueKeys.all(identity), 'timeline-missing'] as const,
};

export type TimelineSource = 'timeline' | 'comments';

/** One page, with the endpoint it came from: its `next` link leads on in the same one. */
export interface TimelinePage extends ApiResponse<TimelineItem[]> {
  source: TimelineSource;
}

interface TimelinePageParam {
  url: string;
  source: TimelineSource;
}

/** A comment as the timeline carries it (`timeline-comment-event`). */
function asCommentEvent(comment: IssueComment): TimelineCommentEvent {
  return { ...comment, event: 'commented', actor: comment.user };
}

async function fetchPage(connection: Connection, { url, source }: TimelinePageParam, signal: AbortSignal): Promise<TimelinePage> {
  const response = expectShape(await connection.client.get<unknown[]>(url, { signal }), 'array');
  const data = source === 'comments' ? (response.data as IssueComment[]).map(asCommentEvent) : (response.data as TimelineItem[]);
  return { ...response, data, source };
}

/** The first page, from the timeline or, where the service has none, the comments. */
async function fetchFirstPage(connection: Connection, client: QueryClient, path: string, signal: AbortSignal): Promise<TimelinePage> {
  const missing = timelineKeys.missing(connection.identity);
  if (client.getQueryData<boolean>(missing) !== true) {
    try {
      return await fetchPage(connection, { url: apiUrl(connection, `${path}/timeline?per_page=${TIMELINE_PER_PAGE}`), source: 'timeline' }, signal);
    } catch (error) {
      if (!(error instanceof NotFoundError)) throw error;
    }
  }
  // A missing issue is a 404 here too, and then nothing is remembered.
  const comments = await fetchPage(connection, { url: apiUrl(connection, `${path}/comments?per_page=${COMMENTS_PER_PAGE}`), source: 'comments' }, signal);
  // Known for as long as the connection lasts (a new base URL or token clears the cache).
  client.setQueryDefaults(missing, { gcTime: Infinity });
  client.setQueryData(missing, true);
  return comments;
}

/**
 * spec 4.1.7: asked by a renamed repository's old name, the first page is the
 * new name's too (../repository/renamed-answers, as the issue and the list
 * are). Its chunk is imported here rather than through
 * ../repository/seed-after-rename, which is in the entry: one more export
 * there would weigh on the list's first paint.
 */
async function seedUnderNewName(client: QueryClient, identity: string, number: number, first: TimelinePage): Promise<void> {
  const firstPage = { keyUnder: (owner: string, repo: string) => timelineKeys.timeline(identity, owner, repo, number), pageParam: null };
  await import('../../services/renamed-answers').then(
    ({ seed }) => seed(client, identity, firstPage, first.url, first),
    // Not loaded: the new name's page asks again, as it did before.
    () => undefined,
  );
}

export function issueTimelineQuery(connection: Connection, owner: string, repo: string, number: number) {
  const path = issuePath(owner, repo, number);
  return infiniteQueryOptions({
    queryKey: timelineKeys.timeline(connection.identity, owner, repo, number),
    queryFn: async ({ pageParam, signal, client }): Promise<TimelinePage> => {
      if (pageParam !== null) return fetchPage(connection, pageParam, signal);
      const first = await fetchFirstPage(connection, client, path, signal);
      if (first.movedTo !== null) await seedUnderNewName(client, connection.identity, number, first);
      return first;
    },
    initialPageParam: null as TimelinePageParam | null,
    // spec 4.2 rule 3: follow the service's `next`, never build page URLs; an empty page ends it (spec 8.8).
    getNextPageParam: (last): TimelinePageParam | undefined =>
      last.data.length > 0 && last.links.next !== undefined ? { url: last.links.next, source: last.source } : undefined,
  });
}

/** The loader's part: the first page, and the trees of its comments' texts (read on a page of `origin`), so the page can show them whole. */
export async function preloadTimeline(queryClient: QueryClient, connection: Connection, owner: string, repo: string, number: number, origin: string): Promise<void> {
  const timeline = issueTimelineQuery(connection, owner, repo, number);
  await queryClient.prefetchInfiniteQuery(timeline);
  const texts = (queryClient.getQueryData(timeline.queryKey)?.pages ?? [])
    .flatMap((page) => readTimelineEvents(page.data).filter(isComment))
    .map((comment) => ({ markdown: comment.body ?? null, scope: commentScope(comment.id) }));
  const repoOfTexts = { owner, name: repo, origin };
  // The rest are parsed too, meanwhile, but the page does not wait for them: they are far below the fold.
  void markdownTreesReady(texts.slice(TEXTS_AWAITED_MAX), repoOfTexts);
  await markdownTreesReady(texts.slice(0, TEXTS_AWAITED_MAX), repoOfTexts);
}
