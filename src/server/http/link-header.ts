/**
 * Builds the `Link` header of a paginated answer (spec 4.2). Each rel is the
 * request's own URL with `page` and `per_page` updated and every other query
 * parameter kept as the client sent it. Rels come in GitHub's order: prev,
 * next, last, first.
 */

export function lastPageOf(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(total / perPage));
}

function pageUrl(requestUrl: URL, page: number, perPage: number): string {
  const kept = requestUrl.search
    .slice(1)
    .split('&')
    .filter((pair) => {
      if (pair === '') return false;
      const name = pair.split('=')[0] ?? '';
      return name !== 'page' && name !== 'per_page';
    });
  kept.push(`per_page=${perPage}`, `page=${page}`);
  return `${requestUrl.origin}${requestUrl.pathname}?${kept.join('&')}`;
}

/** null when everything fits one page (spec 4.2.1). */
export function buildLinkHeader(requestUrl: URL, page: number, perPage: number, total: number): string | null {
  const last = lastPageOf(total, perPage);
  if (page === 1 && last === 1) return null;
  const rels: Array<[string, number]> = [];
  // Past the end, `prev` leads back to the last page that has entries, never to another empty one.
  if (page > 1) rels.push(['prev', Math.min(page - 1, last)]);
  if (page < last) rels.push(['next', page + 1]);
  if (page !== last) rels.push(['last', last]);
  if (page > 1) rels.push(['first', 1]);
  return rels.map(([rel, p]) => `<${pageUrl(requestUrl, p, perPage)}>; rel="${rel}"`).join(', ');
}
