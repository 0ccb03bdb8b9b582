/**
 * One page of `/issues`: the rows of a search across repositories, each
 * naming its repository, with the list's own pieces for everything else
 * (the states before the first page: a refusal, a failure with Retry, the
 * wait for search credits, the skeleton; the retry notice, the offline
 * banner, the pager that follows `Link`, the search's cap of 1,000).
 */
import { useQueryClient } from '@tanstack/react-query';
import clsx from 'clsx';
import { Suspense, useId, useRef } from 'react';
import { Link, type To } from 'react-router';
import { pageNumberOf } from '../../api/link-header';
import { issueViewPath, listPath } from '../../app-paths';
import { ProgressBar } from '../../components/progress-bar';
import { useListSelection } from '../../hooks/use-list-selection';
import { formatCount } from '../../lib/time-format';
import { useConnection } from '../../services/app-services-context';
import { issuePageQuery } from '../../services/issue-queries';
import { EmptyState, IssueListSkeleton, IssueRow, LazyPager, ListBeforeFirstPage, OfflineBanner, PastTheEnd, RetryNotice, type ListView, type PageTarget, type useIssuePage } from '../issues';
import { useRateLimitBlock } from '../../services/use-rate-limit-block';
import type { Issue } from '../../../shared/wire-types';
import { repositoryOfIssue, type MyIssuesAddress } from './my-issues-views';

/** A row's key among the rows of several repositories: its `id`, unique across them all (a number is not). */
function rowKey(issue: Pick<Issue, 'id'>): string {
  return String(issue.id);
}

export function MyIssuesList({ address, query, search, target, firstPage, linkState, onLabel, onAuthor, onAssignee }: {
  address: MyIssuesAddress;
  query: ReturnType<typeof useIssuePage>;
  /** the address's search parameters */
  search: URLSearchParams;
  /** where following a `Link` rel goes */
  target: (url: string) => PageTarget;
  firstPage: { to: To; state: unknown };
  /** location state for an issue opened from here: where its "Back to issues" returns */
  linkState: unknown;
  onLabel: (name: string) => void;
  onAuthor: (login: string) => void;
  onAssignee: (login: string) => void;
}) {
  const queryClient = useQueryClient();
  const connection = useConnection();
  const block = useRateLimitBlock('search');
  const headingId = useId();
  // As in the repository's list: another query's rows stand in only while this one's answer is on its way.
  const answerWaits = query.isPlaceholderData && query.fetchStatus !== 'fetching';
  const response = answerWaits ? undefined : query.data;
  const page = response ? (pageNumberOf(response.url) ?? 1) : address.page;
  const refreshing = query.isFetching && query.isPlaceholderData;
  // The pager reads the page size and the route; no route: its held pages are the rels themselves.
  const view: ListView = { q: address.q, route: null, page, perPage: address.perPage, mode: 'pages' };
  const rows = response?.data ?? [];
  // j/k/o/Enter as in a repository's list.
  const titleLinks = useRef(new Map<string, HTMLAnchorElement>());
  const { selectedIndex, setSelected } = useListSelection({
    keys: rows.map(rowKey),
    onMove: (key) => titleLinks.current.get(key)?.focus(),
    // The title link opens the row as a click would: the issue's view here, or GitHub's page for an issue of no repository the service names.
    onOpen: (key) => titleLinks.current.get(key)?.click(),
  });

  let body;
  if (response === undefined) {
    body = <ListBeforeFirstPage query={query} block={block} resource="search" offerBack={answerWaits} skeletonRows={Math.min(address.perPage, 10)} />;
  } else if (rows.length === 0 && page > 1) {
    const lastUrl = response.links.last ?? response.links.prev;
    const lastPage = pageNumberOf(lastUrl);
    body = (
      <Suspense fallback={<IssueListSkeleton rows={1} />}>
        <PastTheEnd
          page={page}
          last={lastUrl !== undefined && lastPage !== null && lastPage < page ? { ...target(lastUrl), page: lastPage } : null}
          first={response.links.first ? target(response.links.first) : firstPage}
        />
      </Suspense>
    );
  } else if (rows.length === 0) {
    body = (
      <EmptyState title="No issues match this view">
        <p>Nothing open here in the repositories your token can see. Try another view, or change the query above.</p>
      </EmptyState>
    );
  } else {
    body = (
      <ul aria-label={`Issues, page ${page}`} className="divide-line-muted">
        {rows.map((issue, index) => {
          const repository = repositoryOfIssue(issue);
          const key = rowKey(issue);
          return (
            <IssueRow
              key={key}
              issue={issue}
              before={
                repository !== null ? (
                  <Link to={listPath(repository.owner, repository.repo)} className="muted-link text-sm">
                    {repository.owner}/{repository.repo}
                  </Link>
                ) : null
              }
              to={repository !== null ? issueViewPath(repository.owner, repository.repo, issue.number) : issue.html_url}
              linkState={linkState}
              selected={index === selectedIndex}
              titleRef={(element) => {
                if (element) titleLinks.current.set(key, element);
                else titleLinks.current.delete(key);
              }}
              onFocusRow={() => setSelected(key)}
              onLabel={onLabel}
              onAuthor={onAuthor}
              onAssignee={onAssignee}
            />
          );
        })}
      </ul>
    );
  }

  return (
    <>
      {response?.offline ? <OfflineBanner onRetry={() => void query.refetch()} /> : null}
      <RetryNotice fetching={query.isFetching} failureCount={query.failureCount} failureReason={query.failureReason} />
      <section aria-labelledby={headingId} aria-busy={query.isFetching} className="card relative overflow-hidden">
        {refreshing ? <ProgressBar label="Loading the page" /> : null}
        <header className="border-b border-line bg-canvas-subtle px-4 py-2 text-fg-muted">
          <h2 id={headingId} className="text-sm">
            {response !== undefined && response.total !== null ? `${formatCount(response.total)} ${response.total === 1 ? 'result' : 'results'}` : 'Issues'}
            {response?.incomplete ? <span title="The search timed out before it saw everything: there may be more."> (incomplete)</span> : null}
          </h2>
        </header>
        <div className={clsx(refreshing && 'opacity-60 transition-opacity')}>{body}</div>
      </section>
      {response !== undefined && rows.length > 0 ? (
        <Suspense fallback={null}>
          <LazyPager
            owner=""
            repo=""
            view={view}
            search={search}
            links={response.links}
            total={response.total}
            ownAnswer={!query.isPlaceholderData}
            page={page}
            target={target}
            // Start the request on the click, as the repository's list does.
            onFollow={(url) => void queryClient.prefetchQuery(issuePageQuery(connection, url))}
            block={block}
            notModified={response.notModified}
            offline={response.offline}
          />
        </Suspense>
      ) : null}
    </>
  );
}

/** Without a token the service cannot know who "you" are: say so, and where to add one (never an empty list). */
export function MyIssuesNeedToken() {
  return (
    <EmptyState title="Your issues need a token">
      <p>
        This page lists the open issues assigned to you, created by you and mentioning you, in every repository your token can read. Without a token the service
        does not know who you are (GitHub’s search refuses <code className="font-mono">@me</code> then).
      </p>
      <p>
        <Link to="/settings" className="btn">
          Add a token in Settings
        </Link>
      </p>
    </EmptyState>
  );
}
