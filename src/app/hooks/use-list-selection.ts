/**
 * GitHub's list shortcuts over a list of rows: j selects the next row, k the previous one (the
 * first keypress selects the first row), o and Enter open the selected row. Shared by the
 * repository's issue list (a page, or the continuous list) and `/issues`, so the keys do the same
 * everywhere; the `?` dialog (components/shortcuts-dialog-body.tsx) lists them.
 */
import { useState } from 'react';
import { useHotkeys } from './use-hotkeys';

export interface ListSelection<K> {
  /** the selected row's key, or null before any */
  selected: K | null;
  /** its index among the rows on screen, -1 when none of them is selected */
  selectedIndex: number;
  /** select a row without moving focus (a row that took focus by Tab or click) */
  setSelected: (key: K) => void;
}

export function useListSelection<K extends string | number>({ keys, initial = null, onMove, onOpen }: {
  /** the rows' keys, in the order on screen */
  keys: readonly K[];
  /** the row selected at first (the one a list comes back to) */
  initial?: K | null;
  /** j or k moved the selection here: bring the row to the keyboard (focus, scroll) */
  onMove: (key: K) => void;
  /** o or Enter: open the selected row */
  onOpen: (key: K) => void;
}): ListSelection<K> {
  const [selected, setSelected] = useState<K | null>(initial);
  const selectedIndex = selected === null ? -1 : keys.indexOf(selected);

  function select(index: number): void {
    const key = keys[index];
    if (key === undefined) return;
    setSelected(key);
    onMove(key);
  }
  function openSelected(): void {
    const key = keys[selectedIndex];
    if (key !== undefined) onOpen(key);
  }
  useHotkeys({
    j: () => select(selectedIndex < 0 ? 0 : Math.min(selectedIndex + 1, keys.length - 1)),
    k: () => select(selectedIndex < 0 ? 0 : Math.max(selectedIndex - 1, 0)),
    o: openSelected,
    Enter: (event) => {
      // A focused link or button opens itself; only a selection without focus needs us.
      if (event.target instanceof HTMLAnchorElement || event.target instanceof HTMLButtonElement) return;
      openSelected();
    },
  });

  return { selected, selectedIndex, setSelected };
}
