/**
 * How many open and how many closed entries the list's query selects, said
 * as GitHub's tabs say it ("12 Open · 40 Closed"), in the heading and in the
 * live status. A chunk of its own, loaded once the rows show: the counts need the
 * first page's answer, so the list's first paint does not wait for them.
 */
import { Fragment } from 'react';
import type { PageLinks } from '../../api/api-types';
import { pageCount } from './page-count';
import { reachableLinks } from './reachable-links';
import { formatCount } from '../../lib/time-format';
import { countText, isExact, type EntryCount } from './entry-count';
import { useStateCounts, type CountedView, type StateCounts } from './use-state-counts';

type State = CountedView['state'];

/** "30 on this page": the list endpoint counts nothing, and nothing else told yet. */
function PageCount({ onPage }: { onPage: number }) {
  return (
    <>
      <span className="font-semibold text-fg">{formatCount(onPage)}</span> on this page
    </>
  );
}

interface Part {
  count: EntryCount;
  label: string;
  /** the state the list shows: its figure stands out */
  shown: boolean;
}

interface Said {
  parts: Part[];
  /** the states whose count waits for search credits ("Closed", "Open and Closed") */
  waiting: string | null;
}

const LABELS = { open: 'Open', closed: 'Closed' } as const;

/** What to say, or null when the count of what the list shows is not known yet (then the page's own count is said). */
function sayCounts(counts: StateCounts, state: State): Said | null {
  const { open, closed, all, uncounted } = counts;
  const waits = (which: 'open' | 'closed') => uncounted.includes(which);
  const waiting = uncounted.length > 0 ? uncounted.map((which) => LABELS[which]).join(' and ') : null;
  if ((state === 'open' && open === null && !waits('open')) || (state === 'closed' && closed === null && !waits('closed'))) return null;
  const parts: Part[] = [];
  if (open !== null) parts.push({ count: open, label: 'Open', shown: state !== 'closed' });
  if (closed !== null) parts.push({ count: closed, label: 'Closed', shown: state !== 'open' });
  if (state === null && (open === null || closed === null) && all !== null) return { parts: [{ count: all, label: 'open and closed', shown: true }], waiting };
  if (parts.length > 0 || waiting !== null) return { parts, waiting };
  return null;
}

function rangeTitle(count: EntryCount): string | undefined {
  if (isExact(count)) return undefined;
  return `Between ${formatCount(count.min)} and ${formatCount(count.max)}: the service tells how many pages there are, not how many entries; the last page, once loaded, tells exactly.`;
}

const WAITING_TITLE =
  'Counting costs one search, and the search budget is kept for searching while less than three quarters of it is left: the count comes by itself once the budget resets.';

function waitingText(waiting: string): string {
  return `${waiting}: ${waiting.includes(' and ') ? 'counts wait' : 'count waits'} for search credits`;
}

/** "1,605 Open · 45 Closed", or "926 Open · Closed: count waits for search credits"; without a count, "30 on this page". */
export function ListCount({ counts, state, onPage }: { counts: StateCounts; state: State; onPage: number }) {
  const said = sayCounts(counts, state);
  if (said === null) return <PageCount onPage={onPage} />;
  const pieces = said.parts.map((part) => (
    <span key={part.label} className="whitespace-nowrap" title={rangeTitle(part.count)}>
      <span className={part.shown ? 'font-semibold text-fg' : undefined}>{countText(part.count)}</span> {part.label}
    </span>
  ));
  if (said.waiting !== null) {
    pieces.push(
      <span key="waiting" title={WAITING_TITLE}>
        {waitingText(said.waiting)}
      </span>,
    );
  }
  return pieces.map((piece, index) => (
    <Fragment key={index}>
      {/* The separator holds on to the part before it: a wrapped line never starts with one. */}
      {index > 0 ? '\u00a0· ' : null}
      {piece}
    </Fragment>
  ));
}

/** The continuous list's heading: the counts when known, and how many entries are loaded. */
export function LoadedCount({ counts, state, loaded }: { counts: StateCounts; state: State; loaded: number }) {
  const known = sayCounts(counts, state) !== null;
  return (
    <>
      {known ? (
        <>
          <ListCount counts={counts} state={state} onPage={loaded} />,{' '}
        </>
      ) : null}
      <span className={known ? undefined : 'font-semibold text-fg'}>{formatCount(loaded)}</span> loaded
    </>
  );
}

/** The sentence the screen reader hears when a page arrives. */
export function listStatus(counts: StateCounts, state: State, onPage: number, page: number, pages: number | null): string {
  const of = pages !== null ? ` of ${formatCount(pages)}` : '';
  const said = sayCounts(counts, state);
  if (said === null) return `${onPage} ${onPage === 1 ? 'entry' : 'entries'} on page ${page}${of}.`;
  const spoken = [...said.parts.map((part) => `${countText(part.count)} ${part.label.toLowerCase()}`), ...(said.waiting !== null ? [waitingText(said.waiting).toLowerCase()] : [])];
  return `${spoken.join(', ')}; page ${page}${of}.`;
}

export interface CountedViewProps extends CountedView {
  /** the rows on screen */
  onPage: number;
}

/**
 * The paged list's counts: in its heading, or, given the page it is on
 * (`status`), as the live status's sentence.
 */
export function PagedListCount({ state, onPage, status, ...view }: CountedViewProps & { status?: { page: number; links: PageLinks; total: number | null } }) {
  const counts = useStateCounts({ ...view, state });
  if (!status) return <ListCount counts={counts} state={state} onPage={onPage} />;
  // "of Y" as the pager says it: up to the last page a search can reach.
  const pages = pageCount(reachableLinks(status.links, status.total, view.view.perPage), status.page);
  return listStatus(counts, state, onPage, status.page, pages);
}
