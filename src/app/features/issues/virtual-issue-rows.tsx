/**
 * The rows of the continuous list, virtualised against the window: only the
 * rows near the viewport are in the DOM, so a list of thousands scrolls as
 * smoothly as a page of thirty. Its own chunk (with @tanstack/react-virtual),
 * loaded only in continuous mode.
 */
import { defaultRangeExtractor, useWindowVirtualizer, type Range } from '@tanstack/react-virtual';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { Issue } from '../../../shared/wire-types';
import { issueViewPath } from '../repo-picker/app-paths';
import { IssueRow } from './issue-row';

/** A row's height before it is measured: one line of title, one of details. */
export const ESTIMATED_ROW_PX = 62;
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
}

/** A row's height as laid out; jsdom lays nothing out, so there the estimate stands. */
function measureRow(element: Element): number {
  const height = element.getBoundingClientRect().height;
  return height > 0 ? height : ESTIMATED_ROW_PX;
}

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
}: VirtualIssueRowsProps) {
  const listRef = useRef<HTMLUListElement>(null);
  const titleLinks = useRef(new Map<number, HTMLAnchorElement>());
  // Where the list starts on the page: the virtualiser counts window scroll from the document's top.
  const [scrollMargin, setScrollMargin] = useState(0);
  const selectedIndex = selected === null ? -1 : rows.findIndex((issue) => issue.number === selected);

  // The selected row stays rendered even when scrolled away, so a focused row is never recycled.
  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range);
      if (selectedIndex < 0 || indexes.includes(selectedIndex)) return indexes;
      return [...indexes, selectedIndex].sort((a, b) => a - b);
    },
    [selectedIndex],
  );

  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: () => ESTIMATED_ROW_PX,
    overscan: OVERSCAN_ROWS,
    scrollMargin,
    scrollPaddingStart: STICKY_HEADER_PX,
    rangeExtractor,
    measureElement: measureRow,
    getItemKey: (index) => rows[index]?.number ?? index,
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
      style={{ height: virtualizer.getTotalSize() }}
    >
      {items.map((item) => {
        const issue = rows[item.index];
        if (issue === undefined) return null;
        return (
          <IssueRow
            key={item.key}
            issue={issue}
            to={issueViewPath(owner, repo, issue.number)}
            linkState={linkState}
            selected={issue.number === selected}
            titleRef={(element) => {
              if (element) titleLinks.current.set(issue.number, element);
              else titleLinks.current.delete(issue.number);
            }}
            onFocusRow={() => onSelect(issue.number)}
            onLabel={onLabel}
            onAuthor={onAuthor}
            onAssignee={onAssignee}
            virtual={{
              rowRef: virtualizer.measureElement,
              index: item.index,
              setSize: complete ? rows.length : -1,
              style: { position: 'absolute', top: 0, left: 0, width: '100%', transform: `translateY(${item.start - scrollMargin}px)` },
            }}
          />
        );
      })}
    </ul>
  );
}
