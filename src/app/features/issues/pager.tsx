import clsx from 'clsx';
import { ChevronLeftIcon, ChevronRightIcon, ClockIcon } from '../../components/icons';
import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { PageLinks } from '../../api/api-types';
import { Countdown } from '../../components/countdown';
import type { RateLimitBlock } from '../../services/rate-limit-store';
import type { ListView, PageTarget } from './list-view';
import { pageCount } from './page-count';
import { reachableLinks } from './reachable-links';
import { loadRareListStates } from './issue-list-states';
import { RestoreScrollWhenShown } from './restore-scroll-when-shown';
import { SearchCapNotice } from './search-cap-notice';
import { useHeldPageTarget } from './use-held-page-target';

export type PageRel = 'first' | 'prev' | 'next' | 'last';


// The visible text is the accessible name on every screen size (WCAG 2.5.3, Label in Name):
// the four fit side by side on a 360 px phone, so there is no shortened "Prev".
const RELS: { rel: PageRel; label: string; icon?: ReactNode; iconAfter?: ReactNode }[] = [
  { rel: 'first', label: 'First' },
  { rel: 'prev', label: 'Previous', icon: <ChevronLeftIcon size={16} aria-hidden="true" /> },
  { rel: 'next', label: 'Next', iconAfter: <ChevronRightIcon size={16} aria-hidden="true" /> },
  { rel: 'last', label: 'Last' },
];

/**
 * First / Previous / Next / Last, each following the `Link` rel the service
 * sent (spec 4.2 rule 3), enabled only when it sent one. While the rate limit
 * is spent, a rel still leads to a page already held (it costs nothing, as
 * Back does), and waits for the reset otherwise. Above it, a search past
 * 1,000 results says only the first 1,000 are reached; with it, Back and
 * Forward restore the reader's place once the rows show. A chunk of its own
 * (the list page imports it lazily): it shows once the first page's rows have.
 */
export function Pager({ owner, repo, view, search, links: sent, total: results, ownAnswer, page, target, onFollow, block, notModified, offline }: {
  owner: string;
  repo: string;
  view: ListView;
  /** the address's search parameters */
  search: URLSearchParams;
  links: PageLinks;
  /** a search's `total_count` (null for list pages): the rels stop at the last page it can reach, and the cap is said */
  total: number | null;
  /** the rows shown are the view's own answer (not the previous page's while this one loads) */
  ownAnswer: boolean;
  page: number;
  /** where following a rel URL goes: the app URL and the location state carrying the rel */
  target: (url: string) => PageTarget;
  onFollow: (url: string) => void;
  block: RateLimitBlock | null;
  notModified: boolean;
  offline: boolean;
}) {
  // spec 4.2 rule 3 with GitHub's cap: Last goes to the last page a search can reach.
  const links = reachableLinks(sent, results, view.perPage);
  const total = pageCount(links, page);
  // The chunk of the list's rarer states, fetched once the rows show, so that an outage (whose service serves the chunks too) finds it at hand.
  useEffect(() => {
    loadRareListStates().catch(() => {
      // Fetched again when one of them first renders.
    });
  }, []);
  const paused = block !== null;
  const heldTarget = useHeldPageTarget({ owner, repo, view, search, links, paused, toRel: target });
  const held = paused ? RELS.map(({ rel }) => links[rel]).filter((url) => url !== undefined && heldTarget(url) !== null) : [];
  return (
    <>
      <SearchCapNotice total={results} />
      <RestoreScrollWhenShown shown={ownAnswer} />
    <nav aria-label="Pagination" className="flex flex-col items-center gap-2 py-3 sm:flex-row sm:flex-wrap sm:justify-between">
      <div className="flex items-center gap-2 text-fg-muted">
        <span aria-live="polite">
          Page <span className="font-semibold text-fg tabular-nums">{page}</span>
          {total !== null ? (
            <>
              {' '}of <span className="font-semibold text-fg tabular-nums">{total}</span>
            </>
          ) : null}
        </span>
        {notModified ? (
          <span
            className="rounded-full border border-line px-2 py-px text-xs"
            title="The service answered 304 Not Modified: this page came from the local cache and cost no rate-limit credit."
          >
            cached · 0 credits
          </span>
        ) : null}
        {offline ? <span className="rounded-full border border-attention/50 px-2 py-px text-xs text-attention">offline copy</span> : null}
      </div>
      <div className="flex flex-wrap justify-center gap-1.5">
        {RELS.map(({ rel, label, icon, iconAfter }) => {
          const url = links[rel];
          const content = (
            <>
              {icon}
              {label}
              {iconAfter}
            </>
          );
          const heldTo = paused && url !== undefined ? heldTarget(url) : null;
          if (url === undefined || (paused && heldTo === null)) {
            return (
              <span
                key={rel}
                role="link"
                aria-disabled="true"
                aria-label={label}
                className={clsx('btn btn-sm')}
                title={url !== undefined ? 'Paused until the rate limit resets' : `No ${label.toLowerCase()} page`}
              >
                {content}
              </span>
            );
          }
          const { to, state } = heldTo ?? target(url);
          return (
            <Link
              key={rel}
              to={to}
              state={state}
              aria-label={label}
              className="btn btn-sm"
              title={heldTo !== null ? 'Already loaded: opens without a request' : undefined}
              // Nothing to start while paused: the page is held.
              onClick={paused ? undefined : () => onFollow(url)}
            >
              {content}
            </Link>
          );
        })}
      </div>
      {block !== null ? (
        <p role="status" className="flex items-center gap-1.5 text-xs text-attention sm:basis-full sm:justify-end">
          <ClockIcon size={14} aria-hidden="true" />
          {held.length > 0 ? 'Pages already loaded still open; the others wait: ' : 'Paging paused: '}
          {block.kind === 'primary' ? 'rate limit reached. Resets at ' : 'too many requests. Resumes at '}
          <Countdown until={block.until} className="font-medium" />
        </p>
      ) : null}
    </nav>
    </>
  );
}
