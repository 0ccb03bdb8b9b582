/** The rows of one page of the list (or the state shown instead of them), with j/k/o to move through them. */
import { Suspense, useEffect, useRef } from 'react';
import { Link, useLocation, useNavigate, type To } from 'react-router';
import type { TitleHighlighter } from '../../components/issue-title';
import { useListSelection } from '../../hooks/use-list-selection';
import { pageNumberOf } from '../../api/link-header';
import type { RateLimitBlock, RateLimitResource } from '../../services/rate-limit-store';
import { issueViewPath, listPath } from '../../app-paths';
import { EmptyState } from './empty-state';
import { IssueListSkeleton, ListBeforeFirstPage, PastTheEnd } from './issue-list-states';
import type { IssuePage } from '../../services/issue-queries';
import { IssueRow } from './issue-row';
import { selectedIssueOf } from './selected-issue';

type FirstPageQuery = Parameters<typeof ListBeforeFirstPage>[0]['query'];

export function IssueListBody({ owner, repo, query, response, page, perPage, block, resource, offerBack, emptyTitle, filtered, toPage, firstPage, linkState, highlight, onLabel, onAuthor, onAssignee }: {
  owner: string;
  repo: string;
  query: FirstPageQuery;
  /** the page on screen (the previous one while the next loads) */
  response: IssuePage | undefined;
  page: number;
  perPage: number;
  block: RateLimitBlock | null;
  /** the budget the view spends */
  resource: RateLimitResource;
  /** offer Back to the view shown before, whose rows were withheld (another query's answer) */
  offerBack: boolean;
  emptyTitle: string;
  /** the query is not the default: offer to clear it when nothing matches */
  filtered: boolean;
  toPage: (url: string) => { to: To; state: unknown };
  firstPage: { to: To; state: unknown };
  linkState: unknown;
  highlight: TitleHighlighter | undefined;
  onLabel: (name: string) => void;
  onAuthor: (login: string) => void;
  onAssignee: (login: string) => void;
}) {
  const navigate = useNavigate();
  const titleLinks = useRef(new Map<number, HTMLAnchorElement>());
  const location = useLocation();
  const rows = response?.data ?? [];
  const { selected, selectedIndex, setSelected } = useListSelection({
    keys: rows.map((issue) => issue.number),
    // Back from an issue (`u`, "Back to issues"): that issue is the selection, as j/k left it (issue 45).
    initial: selectedIssueOf(location.state),
    onMove: (number) => titleLinks.current.get(number)?.focus(),
    onOpen: (number) => void navigate(issueViewPath(owner, repo, number), { state: linkState }),
  });
  const returnedTo = useRef(selected);
  useEffect(() => {
    // Once its row is on screen, the keyboard starts there; only on coming back, not on every selection.
    if (returnedTo.current === null || selectedIndex < 0) return;
    titleLinks.current.get(returnedTo.current)?.focus();
    returnedTo.current = null;
  }, [selectedIndex]);


  if (response === undefined) return <ListBeforeFirstPage query={query} block={block} resource={resource} offerBack={offerBack} skeletonRows={Math.min(perPage, 10)} />;
  if (rows.length === 0) {
    if (page > 1) {
      const lastUrl = response.links.last ?? response.links.prev;
      const lastPage = pageNumberOf(lastUrl);
      return (
        <Suspense fallback={<IssueListSkeleton rows={1} />}>
          <PastTheEnd
            page={page}
            last={lastUrl !== undefined && lastPage !== null && lastPage < page ? { ...toPage(lastUrl), page: lastPage } : null}
            first={response.links.first ? toPage(response.links.first) : firstPage}
          />
        </Suspense>
      );
    }
    return (
      <EmptyState title={emptyTitle}>
        {filtered ? (
          <p>
            Try a shorter query, or{' '}
            <Link to={listPath(owner, repo)} className="link">
              clear it
            </Link>
            .
          </p>
        ) : (
          <p>Everything is closed here. Look at the Closed tab.</p>
        )}
      </EmptyState>
    );
  }
  return (
    <ul aria-label={`Issues, page ${page}`} className="divide-line-muted">
      {rows.map((issue, index) => (
        <IssueRow
          key={issue.id ?? issue.number}
          issue={issue}
          to={issueViewPath(owner, repo, issue.number)}
          linkState={linkState}
          selected={index === selectedIndex}
          titleRef={(element) => {
            if (element) titleLinks.current.set(issue.number, element);
            else titleLinks.current.delete(issue.number);
          }}
          onFocusRow={() => setSelected(issue.number)}
          onLabel={onLabel}
          onAuthor={onAuthor}
          onAssignee={onAssignee}
          highlight={highlight}
        />
      ))}
    </ul>
  );
}
