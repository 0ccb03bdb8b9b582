import { useContext, useLayoutEffect, useRef } from 'react';
import { UNSAFE_DataRouterStateContext, useLocation } from 'react-router';

/**
 * Back and Forward return the reader to where they were on the list
 * (issue 45). React Router's <ScrollRestoration> (root-layout.tsx) restores
 * the position when the navigation settles; the list's loader does not wait
 * for its rows (skeletons show first), so when they come from the network
 * (after a reload, or once the cache let them go) the page is still short
 * then, and the position is cut to its height. Once the rows of this
 * location are on screen, the position the router meant to restore is
 * applied again, once per history entry.
 *
 * The router keeps that position in its state (`restoreScrollPosition`, a
 * number on a Back or Forward to an entry it saw), which only its state
 * context exposes; <ScrollRestoration> itself reads it there. A component
 * that renders nothing, in a chunk of its own loaded once the rows show (as
 * the counts are), so the first rows wait for none of it.
 */
export function RestoreScrollWhenShown({ shown }: { shown: boolean }): null {
  const target = useContext(UNSAFE_DataRouterStateContext)?.restoreScrollPosition;
  const { key } = useLocation();
  const restoredFor = useRef<string | null>(null);
  useLayoutEffect(() => {
    if (!shown || typeof target !== 'number' || restoredFor.current === key) return;
    restoredFor.current = key;
    if (Math.abs(window.scrollY - target) > 1) window.scrollTo(0, target);
  }, [shown, target, key]);
  return null;
}
