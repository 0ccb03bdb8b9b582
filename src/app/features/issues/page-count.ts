import type { PageLinks } from '../../api/api-types';
import { pageNumberOf } from '../../api/link-header';

/** "Page X of Y": `last` tells Y; without it, the next page's existence tells whether this is the last. */
export function pageCount(links: PageLinks, page: number): number | null {
  const last = pageNumberOf(links.last);
  if (last !== null) return Math.max(last, page);
  return links.next === undefined ? page : null;
}
