/**
 * How many open and how many closed entries the list's query selects, said
 * as GitHub's tabs say it ("12 Open · 40 Closed"), in the heading and in the
 * live status. A chunk of its own, loaded once the rows show: the counts need the
 * first page's answer, so the list's first paint does not wait for them.
 */
import { Fragment } from 'react';
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

/** The parts to say, or null when the count of what the list shows is not known (then the page's own count is said). */
function partsOf(counts: StateCounts, state: State): Part[] | null {
  const { open, closed, all } = counts;
  if ((state === 'open' && open === null) || (state === 'closed' && closed === null)) return null;
  const parts: Part[] = [];
  if (open !== null) parts.push({ count: open, label: 'Open', shown: state !== 'closed' });
  if (closed !== null) parts.push({ count: closed, label: 'Closed', shown: state !== 'open' });
  if (parts.length > 0) return parts;
  return all !== null ? [{ count: all, label: 'open and closed', shown: true }] : null;
}

function rangeTitle(count: EntryCount): string | undefined {
  if (isExact(count)) return undefined;
  return `Between ${formatCount(count.min)} and ${formatCount(count.max)}: the service tells how many pages there are, not how many entries; the last page, once loaded, tells exactly.`;
}

/** "1,605 Open · 811–840 Closed"; without a count, "30 on this page" (the list endpoint counts nothing, and its pages told nothing yet). */
export function ListCount({ counts, state, onPage }: { counts: StateCounts; state: State; onPage: number }) {
  const parts = partsOf(counts, state);
  if (parts === null) return <PageCount onPage={onPage} />;
  return parts.map((part, index) => (
    <Fragment key={part.label}>
      {/* The separator holds on to the part before it: a wrapped line never starts with one. */}
      {index > 0 ? '\u00a0· ' : null}
      <span className="whitespace-nowrap" title={rangeTitle(part.count)}>
        <span className={part.shown ? 'font-semibold text-fg' : undefined}>{countText(part.count)}</span> {part.label}
      </span>
    </Fragment>
  ));
}

/** The continuous list's heading: the counts when known, and how many entries are loaded. */
export function LoadedCount({ counts, state, loaded }: { counts: StateCounts; state: State; loaded: number }) {
  const known = partsOf(counts, state) !== null;
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
  const parts = partsOf(counts, state);
  if (parts === null) return `${onPage} ${onPage === 1 ? 'entry' : 'entries'} on page ${page}${of}.`;
  return `${parts.map((part) => `${countText(part.count)} ${part.label.toLowerCase()}`).join(', ')}; page ${page}${of}.`;
}

export interface CountedViewProps extends CountedView {
  /** the rows on screen */
  onPage: number;
}

/**
 * The paged list's counts: in its heading, or, given the page it is on
 * (`status`), as the live status's sentence.
 */
export function PagedListCount({ state, onPage, status, ...view }: CountedViewProps & { status?: { page: number; pages: number | null } }) {
  const counts = useStateCounts({ ...view, state });
  return status ? listStatus(counts, state, onPage, status.page, status.pages) : <ListCount counts={counts} state={state} onPage={onPage} />;
}
