/**
 * The rows of the continuous list, virtualised against the window: only the
 * rows near the viewport are in the DOM, so a list of thousands scrolls as
 * smoothly as a page of thirty. Its own chunk (with @tanstack/react-virtual),
 * loaded only in continuous mode.
 */
import { defaultRangeExtractor, useWindowVirtualizer, type Range, type Virtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { Issue } from '../../../shared/wire-types';
import { issueViewPath } from '../../app-paths';
import type { TitleHighlighter } from '../../components/issue-title';
import { IssueRow } from './issue-row';

/**
 * A row's height before it is measured: a desktop row's own 65 (10 px of
 * padding above and below, a 24 px title line, 4 px, a 16 px line of details,
 * a 1 px rule). A row measured at its guess changes nothing; one measured a
 * pixel off made the virtualiser recompute the offsets of every row after it
 * (up to 10,000) and render the list again, once for each row that
 * scrolled in (docs/performance-log.md).
 */
export const ESTIMATED_ROW_PX = 65;
/** The app's sticky header: a row scrolled to (j/k) stops below it, not under it. */
const STICKY_HEADER_PX = 64;
/** Rows rendered beyond each edge of the viewport. */
const OVERSCAN_ROWS = 8;
/** Ask for the next page when this few rows are left below the viewport. */
export const NEAR_END_ROWS = 15;

export interface VirtualIssueRowsProps {
  rows: readonly Issue[];
  owner: string;
  repo: string;
  linkState: unknown;
  /** the selected issue's number (j/k, or focus), kept rendered while off screen so its focus survives */
  selected: number | null;
  /** bumped by j/k: scroll the selected row into view and focus its title */
  focusRequest: number;
  /** every row is loaded (no next page): the set's size is known */
  complete: boolean;
  onSelect: (number: number) => void;
  /** the viewport is within NEAR_END_ROWS of the last row */
  onNearEnd: () => void;
  onLabel: (name: string) => void;
  onAuthor: (login: string) => void;
  onAssignee: (login: string) => void;
  /** in a search: marks the words it matched in titles (one function per query, so rows stay memoised) */
  highlight?: TitleHighlighter | undefined;
}

/**
 * A row's height: from the ResizeObserver's entry when it reports one (no
 * layout forced), the size already measured when a row scrolls back in, and
 * a layout read only for a row never seen before. jsdom lays nothing out,
 * so there the estimate stands.
 */
function measureRow(element: Element, entry: ResizeObserverEntry | undefined, instance: Virtualizer<Window, Element>): number {
  const box = entry?.borderBoxSize?.[0];
  if (box !== undefined) return box.blockSize > 0 ? box.blockSize : ESTIMATED_ROW_PX;
  if (entry === undefined) {
    const index = instance.indexFromElement(element);
    const cached = instance.itemSizeCache.get(instance.options.getItemKey(index));
    if (cached !== undefined) return cached;
  }
  const height = element.getBoundingClientRect().height;
  return height > 0 ? height : ESTIMATED_ROW_PX;
}

const estimateRow = () => ESTIMATED_ROW_PX;

/**
 * A function that always calls the latest `callback`, under one identity:
 * rows memoised on their props are not re-rendered because the page above
 * made new closures.
 */
function useStableCallback<A extends unknown[]>(callback: (...args: A) => void): (...args: A) => void {
  const latest = useRef(callback);
  useLayoutEffect(() => {
    latest.current = callback;
  });
  return useCallback((...args: A) => latest.current(...args), []);
}

/** The same object while its content is the same: the page rebuilds `linkState` on every render. */
function useStableValue<T>(value: T): T {
  const json = JSON.stringify(value);
  // Keyed on the content, not the identity: the first object with this content stands for all of them.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useMemo(() => value, [json]);
}

interface VirtualRowProps {
  issue: Issue;
  index: number;
  /** the row's offset from the list's top (px) */
  top: number;
  setSize: number;
  /** the last row loaded: no rule below it */
  last: boolean;
  selected: boolean;
  owner: string;
  repo: string;
  linkState: unknown;
  rowRef: (element: HTMLLIElement | null) => void;
  onTitle: (number: number, element: HTMLAnchorElement | null) => void;
  onSelect: (number: number) => void;
  onLabel: (name: string) => void;
  onAuthor: (login: string) => void;
  onAssignee: (login: string) => void;
  highlight: TitleHighlighter | undefined;
}

/**
 * One rendered row. Memoised on plain props, so a scroll that moves the
 * range by a row renders the row that arrives, not all thirty: the rest
 * keep their props (their position changes only when a row above them is
 * measured at a new height).
 */
const VirtualRow = memo(function VirtualRow({ issue, index, top, setSize, last, selected, owner, repo, linkState, rowRef, onTitle, onSelect, onLabel, onAuthor, onAssignee, highlight }: VirtualRowProps) {
  const number = issue.number;
  const titleRef = useCallback((element: HTMLAnchorElement | null) => onTitle(number, element), [onTitle, number]);
  const onFocusRow = useCallback(() => onSelect(number), [onSelect, number]);
  const virtual = useMemo(
    () => ({ rowRef, index, setSize, last, style: { position: 'absolute', top: 0, left: 0, width: '100%', transform: `translateY(${top}px)` } as const }),
    [rowRef, index, setSize, last, top],
  );
  return (
    <IssueRow
      issue={issue}
      to={issueViewPath(owner, repo, number)}
      linkState={linkState}
      selected={selected}
      titleRef={titleRef}
      onFocusRow={onFocusRow}
      onLabel={onLabel}
      onAuthor={onAuthor}
      onAssignee={onAssignee}
      highlight={highlight}
      virtual={virtual}
    />
  );
});

export default function VirtualIssueRows({
  rows,
  owner,
  repo,
  linkState,
  selected,
  focusRequest,
  complete,
  onSelect,
  onNearEnd,
  onLabel,
  onAuthor,
  onAssignee,
  highlight,
}: VirtualIssueRowsProps) {
  const listRef = useRef<HTMLUListElement>(null);
  const titleLinks = useRef(new Map<number, HTMLAnchorElement>());
  // Where the list starts on the page: the virtualiser counts window scroll from the document's top.
  const [scrollMargin, setScrollMargin] = useState(0);
  const selectedIndex = useMemo(() => (selected === null ? -1 : rows.findIndex((issue) => issue.number === selected)), [rows, selected]);
  const stableLinkState = useStableValue(linkState);
  const stableOnSelect = useStableCallback(onSelect);
  const stableOnLabel = useStableCallback(onLabel);
  const stableOnAuthor = useStableCallback(onAuthor);
  const stableOnAssignee = useStableCallback(onAssignee);
  const onTitle = useCallback((number: number, element: HTMLAnchorElement | null) => {
    if (element) titleLinks.current.set(number, element);
    else titleLinks.current.delete(number);
  }, []);

  // The selected row stays rendered even when scrolled away, so a focused row is never recycled.
  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range);
      if (selectedIndex < 0 || indexes.includes(selectedIndex)) return indexes;
      return [...indexes, selectedIndex].sort((a, b) => a - b);
    },
    [selectedIndex],
  );
  // A new function here on every render would make the virtualiser recompute every row's offset (10,000 of them) each time.
  const getItemKey = useCallback((index: number) => rows[index]?.number ?? index, [rows]);

  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: estimateRow,
    overscan: OVERSCAN_ROWS,
    scrollMargin,
    scrollPaddingStart: STICKY_HEADER_PX,
    rangeExtractor,
    measureElement: measureRow,
    getItemKey,
    // The rows a scroll brings in render in a task of their own, not inside the scroll event:
    // the frame that scrolls paints without waiting for them (the overscan rows cover it),
    // and the heaviest frames of a scroll get lighter (docs/performance-log.md).
    useFlushSync: false,
  });

  useLayoutEffect(() => {
    const list = listRef.current;
    if (list === null) return;
    const measure = () => setScrollMargin(Math.round(list.getBoundingClientRect().top + window.scrollY));
    measure();
    // Notices and chips above the list come and go: follow the list's position.
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, []);

  const items = virtualizer.getVirtualItems();
  const endIndex = virtualizer.range?.endIndex ?? -1;
  useEffect(() => {
    if (endIndex >= rows.length - 1 - NEAR_END_ROWS) onNearEnd();
  }, [endIndex, rows.length, onNearEnd]);

  useEffect(() => {
    if (focusRequest === 0 || selectedIndex < 0) return;
    virtualizer.scrollToIndex(selectedIndex, { align: 'auto' });
    const number = rows[selectedIndex]?.number;
    if (number !== undefined) titleLinks.current.get(number)?.focus({ preventScroll: true });
    // Only a new request moves focus; re-renders while scrolling must not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focusRequest]);

  return (
    <ul
      ref={listRef}
      aria-label="Issues, continuous"
      className="relative"
      // The continuous list exists only in the browser (the service renders the paged one): React sets this through the CSSOM, which the CSP allows (issue 48).
      style={{ height: virtualizer.getTotalSize() }}
    >
      {items.map((item) => {
        const issue = rows[item.index];
        if (issue === undefined) return null;
        return (
          <VirtualRow
            key={item.key}
            issue={issue}
            index={item.index}
            top={item.start - scrollMargin}
            setSize={complete ? rows.length : -1}
            last={item.index === rows.length - 1}
            selected={issue.number === selected}
            owner={owner}
            repo={repo}
            linkState={stableLinkState}
            rowRef={virtualizer.measureElement}
            onTitle={onTitle}
            onSelect={stableOnSelect}
            onLabel={stableOnLabel}
            onAuthor={stableOnAuthor}
            onAssignee={stableOnAssignee}
            highlight={highlight}
          />
        );
      })}
    </ul>
  );
}
