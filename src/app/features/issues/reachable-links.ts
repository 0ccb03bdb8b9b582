/**
 * A search reaches only its first 1,000 results (GitHub's cap,
 * src/shared/search-params.ts): a page starting past them is a 422. The
 * service's `last` rel already stops at the last reachable page, as GitHub's
 * does; a service whose `last` went further would make Last a dead end, so
 * the pager's rels are held to the reachable pages whatever was sent.
 */
import type { PageLinks } from '../../api/api-types';
import { pageNumberOf } from '../../api/link-header';
import { MAX_SEARCH_RESULTS } from '../../../shared/search-params';

/** The last page a search of `total` results can reach, `perPage` a page; null when nothing is capped (not a search, or within the cap). */
export function lastReachablePage(total: number | null, perPage: number): number | null {
  if (total === null || total <= MAX_SEARCH_RESULTS) return null;
  return Math.ceil(MAX_SEARCH_RESULTS / perPage);
}

function withPage(url: string, page: number): string {
  const next = new URL(url);
  next.searchParams.set('page', String(page));
  return next.href;
}

/** `links` with `last` (and `next`) no further than the last reachable page. */
export function reachableLinks(links: PageLinks, total: number | null, perPage: number): PageLinks {
  const last = lastReachablePage(total, perPage);
  if (last === null) return links;
  const capped: PageLinks = { ...links };
  const lastSent = pageNumberOf(links.last);
  if (links.last !== undefined && lastSent !== null && lastSent > last) capped.last = withPage(links.last, last);
  const nextSent = pageNumberOf(links.next);
  if (nextSent !== null && nextSent > last) delete capped.next;
  return capped;
}
