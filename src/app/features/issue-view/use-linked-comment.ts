import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router';

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
 * scrolls it into view once it has rendered. The comments render after the
 * page's first paint, so the browser's own scroll to the fragment, and the
 * router's, found nothing to scroll to. Once per navigation: reading on and
 * re-renders leave the scroll alone.
 */
export function useLinkedComment(renderedIds: readonly string[]): string | null {
  const { hash, key } = useLocation();
  const target = fragmentOf(hash);
  const rendered = target !== null && renderedIds.includes(target);
  const scrolledFor = useRef<string | null>(null);
  useLayoutEffect(() => {
    if (!rendered || target === null || scrolledFor.current === key) return;
    scrolledFor.current = key;
    document.getElementById(target)?.scrollIntoView({ block: 'start' });
  }, [rendered, target, key]);
  return target;
}

const COMMENT_FRAGMENT = /^issuecomment-([1-9]\d{0,15})$/;

/**
 * Loads further pages of comments until the linked one is among them, as
 * GitHub does for a link into a long thread. Comments come oldest first and
 * their ids grow with time, so once a loaded comment's id passes the link's,
 * the linked comment is on no later page (deleted, or another issue's) and
 * loading stops: a bad link costs at most the pages up to where it would be.
 */
export function useLoadLinkedComment(target: string | null, loadedIds: readonly number[], more: {
  hasNextPage: boolean;
  /** a page is being fetched, or the last fetch of one failed: wait, or let the reader retry */
  busyOrFailed: boolean;
  fetchNextPage: () => unknown;
}): void {
  const match = target === null ? null : COMMENT_FRAGMENT.exec(target);
  const wanted = match ? Number(match[1]) : null;
  const loaded = wanted !== null && loadedIds.includes(wanted);
  const lastId = loadedIds.at(-1);
  const { hasNextPage, busyOrFailed, fetchNextPage } = more;
  useEffect(() => {
    if (wanted === null || loaded || !hasNextPage || busyOrFailed) return;
    if (lastId !== undefined && lastId > wanted) return;
    fetchNextPage();
    // lastId: each page that arrives without the linked comment asks for the next.
  }, [wanted, loaded, lastId, hasNextPage, busyOrFailed, fetchNextPage]);
}
