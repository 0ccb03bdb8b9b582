import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import { commentIdFromAnchor } from '../../app-paths';
import { useHydrated } from '../../hooks/use-hydrated';

/** How long a linked comment is held at the top while the page above it settles (Markdown, pictures). */
const SETTLE_MS = 3_000;
/** The reader takes over: from then on the page scrolls only as they scroll it. */
const READER_INPUT = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

function fragmentOf(hash: string): string | null {
  if (hash.length < 2) return null;
  try {
    return decodeURIComponent(hash.slice(1));
  } catch {
    return null; // a malformed escape names no comment
  }
}

/**
 * The comment an address links to (`#issuecomment-<id>`, as on GitHub), and
 * brings it into view once it has rendered: the comments render after the
 * page's first paint, so the browser's own scroll to the fragment, and the
 * router's, found nothing to scroll to. It scrolls once per navigation, moves
 * the keyboard's starting point there as a fragment link does, and keeps the
 * comment at the top while the texts above it finish rendering, until the
 * reader scrolls or types. Back, Forward and reload leave the scroll to the
 * router, which puts the reader back where they were.
 */
export function useLinkedComment(renderedIds: readonly string[]): string | null {
  const { hash, key } = useLocation();
  const navigationType = useNavigationType();
  // A fragment never reaches the service: a page it rendered names no comment, nor does its hydration (which must
  // write what the service wrote); the render after it does, and marks and brings the comment into view then.
  const target = useHydrated() ? fragmentOf(hash) : null;
  const rendered = target !== null && renderedIds.includes(target);
  // A cold open (a shared link) is a POP too, but of the router's first entry, whose key is 'default'.
  const arrived = navigationType !== 'POP' || key === 'default';
  const handledFor = useRef<string | null>(null);
  useLayoutEffect(() => {
    if (!rendered || target === null || handledFor.current === key) return;
    handledFor.current = key;
    const element = document.getElementById(target);
    if (!arrived || element === null) return;
    element.scrollIntoView({ block: 'start' });
    element.focus({ preventScroll: true });
    return holdAtTop(element);
  }, [rendered, target, key, arrived]);
  return target;
}

/** Scrolls `element` back to the top whenever the page's height changes, for a while; returns the stop. */
function holdAtTop(element: HTMLElement): () => void {
  if (typeof ResizeObserver === 'undefined') return () => {};
  const observer = new ResizeObserver(() => element.scrollIntoView({ block: 'start' }));
  const stop = () => {
    observer.disconnect();
    window.clearTimeout(timer);
    for (const type of READER_INPUT) window.removeEventListener(type, stop, true);
  };
  const timer = window.setTimeout(stop, SETTLE_MS);
  for (const type of READER_INPUT) window.addEventListener(type, stop, { capture: true, passive: true });
  observer.observe(document.body);
  return stop;
}

/** Pages of comments a link loads on its own; beyond them "Load more" is the reader's. */
export const LINKED_COMMENT_MAX_PAGES = 6;

/**
 * Loads further pages of comments until the linked one is among them, as
 * GitHub does for a link into a long thread. Comments come oldest first and
 * their ids grow with time, so once a loaded comment's id passes the link's,
 * the linked comment is on no later page (it was deleted) and loading stops.
 * A link to a newer comment than any here (another issue's, a typo) would
 * page through the whole thread, so a link loads at most
 * LINKED_COMMENT_MAX_PAGES pages, and none while the rate limit is spent.
 */
export function useLoadLinkedComment(target: string | null, loadedIds: readonly number[], more: {
  pages: number;
  hasNextPage: boolean;
  /** a page is on its way, the last one failed, or the rate limit is spent: wait, or leave it to the reader */
  held: boolean;
  fetchNextPage: () => unknown;
}): void {
  const wanted = target === null ? null : commentIdFromAnchor(target);
  const loaded = wanted !== null && loadedIds.includes(wanted);
  const lastId = loadedIds.at(-1);
  const { pages, hasNextPage, held, fetchNextPage } = more;
  useEffect(() => {
    if (wanted === null || loaded || !hasNextPage || held || pages >= LINKED_COMMENT_MAX_PAGES) return;
    if (lastId !== undefined && lastId > wanted) return;
    fetchNextPage();
    // lastId and pages: each page that arrives without the linked comment asks for the next.
  }, [wanted, loaded, lastId, pages, hasNextPage, held, fetchNextPage]);
}
