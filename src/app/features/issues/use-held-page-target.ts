import type { PageLinks } from '../../api/api-types';
import { pageNumberOf } from '../../api/link-header';
import { useConnection } from '../../services/app-services-context';
import { apiUrl } from '../../services/connection-store';
import { viewRequestPath, withParams, type ListView, type PageTarget } from './list-view';
import { useHeldPages } from './use-held-pages';

const RELS = ['first', 'prev', 'next', 'last'] as const;

/**
 * While requests are paused (the rate limit spent), where a pager rel can
 * still go: to a page the query cache holds, which shows for free, or nowhere
 * (null). A page is held under the URL that asked for it: the rel itself when
 * the pager followed it, or the request the address builds (a shared link,
 * Back to where the list started), so both are looked for; the target is the
 * one held, so the page shown is that answer, as Back would show it.
 */
export function useHeldPageTarget({ owner, repo, view, search, links, paused, toRel }: {
  owner: string;
  repo: string;
  view: ListView;
  /** the address's search parameters, to build a page's address from */
  search: URLSearchParams;
  links: PageLinks;
  paused: boolean;
  /** the address and location state that request a rel's own URL */
  toRel: (url: string) => PageTarget;
}): (url: string) => PageTarget | null {
  const connection = useConnection();
  // The request the view's address makes for page `page` (null while the query is not routed yet).
  const builtUrl = (page: number): string | null => (view.route !== null ? apiUrl(connection, viewRequestPath(owner, repo, view, view.route, page)) : null);
  const candidates = paused
    ? RELS.flatMap((rel) => {
        const url = links[rel];
        if (url === undefined) return [];
        const built = builtUrl(pageNumberOf(url) ?? 1);
        return built === null || built === url ? [url] : [url, built];
      })
    : [];
  const held = useHeldPages(candidates);
  return (url) => {
    if (held.has(url)) return toRel(url);
    const page = pageNumberOf(url) ?? 1;
    const built = builtUrl(page);
    // The address of that page, without a rel in its state: it requests what the address builds.
    return built !== null && held.has(built) ? { to: { search: withParams(search, { page: page === 1 ? null : String(page) }).toString() }, state: null } : null;
  };
}
