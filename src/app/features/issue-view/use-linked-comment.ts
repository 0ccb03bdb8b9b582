import { useLayoutEffect, useRef } from 'react';
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
