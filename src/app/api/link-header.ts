/**
 * Reads the `Link` header of a paginated answer (spec 4.2). Clients follow these
 * rels instead of building page URLs (spec 4.2.3), so this is the only place
 * that knows what a page URL looks like.
 */
import LinkHeader from 'http-link-header';
import type { PageLinks } from './api-types';

const RELS = ['next', 'prev', 'first', 'last'] as const;

/**
 * Parses a `Link` header into its pagination rels, whatever their order
 * (GitHub sends `prev, next, last, first`). A missing header is a single page
 * (spec 4.2.1) and gives `{}`; so does a header too malformed to parse, rather
 * than failing a page that otherwise arrived fine.
 *
 * `base` is the URL of the response that carried the header: a relative
 * reference (`</repositories/1/issues?page=2>`) is resolved against it (RFC 8288
 * section 3.2), so every URL handed back is absolute. Without `base` the URLs are
 * returned exactly as sent.
 */
export function parseLinkHeader(header: string | null, base?: string): PageLinks {
  if (header === null || header.trim() === '') return {};
  let parsed: LinkHeader;
  try {
    parsed = LinkHeader.parse(header);
  } catch {
    return {};
  }
  const links: PageLinks = {};
  for (const rel of RELS) {
    const uri = parsed.rel(rel)[0]?.uri;
    if (uri === undefined || uri === '') continue;
    const resolved = resolve(uri, base);
    if (resolved !== null) links[rel] = resolved;
  }
  return links;
}

function resolve(uri: string, base: string | undefined): string | null {
  if (base === undefined) return uri;
  try {
    return new URL(uri, base).href;
  } catch {
    return null;
  }
}

// Only used to read the query of a relative URL; never requested.
const PLACEHOLDER_ORIGIN = 'http://link.invalid';

/** The `page` query value of a rel URL (absolute or relative), or null when it has none. */
export function pageNumberOf(url: string | undefined): number | null {
  if (url === undefined || url === '') return null;
  let raw: string | null;
  try {
    raw = new URL(url, PLACEHOLDER_ORIGIN).searchParams.get('page');
  } catch {
    return null;
  }
  if (raw === null || !/^\d{1,15}$/.test(raw)) return null;
  const page = Number(raw);
  return page >= 1 ? page : null;
}
