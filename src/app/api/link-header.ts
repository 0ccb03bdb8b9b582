/**
 * Reads the `Link` header of a paginated answer (spec 4.2). Clients follow these
 * rels instead of building page URLs (spec 4.2.3), so this is the only place
 * that knows what a page URL looks like.
 */
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
  const byRel = parseLinkValues(header);
  if (byRel === null) return {};
  const links: PageLinks = {};
  for (const rel of RELS) {
    const uri = byRel.get(rel);
    if (uri === undefined || uri === '') continue;
    const resolved = resolve(uri, base);
    if (resolved !== null) links[rel] = resolved;
  }
  return links;
}

// RFC 8288 section 3: link-value = "<" URI-Reference ">" *( OWS ";" OWS link-param ),
// link-param = token BWS [ "=" BWS ( token / quoted-string ) ]; values are comma-separated.
const TOKEN = "[!#$%&'*+.^_`|~0-9A-Za-z-]+";
const TARGET = /[ \t]*<([^>]*)>/y;
const PARAM = new RegExp(`[ \\t]*;[ \\t]*(${TOKEN})[ \\t]*(?:=[ \\t]*(?:"((?:[^"\\\\]|\\\\.)*)"|(${TOKEN})))?`, 'y');
const SEPARATOR = /[ \t]*(?:,[ \t]*)*/y;

/**
 * The target URI of the first link of each relation type (relation types are
 * case-insensitive and a `rel` may list several, RFC 8288 sections 2.1.1 and 3.3),
 * or null when the header does not follow the grammar.
 */
function parseLinkValues(header: string): Map<string, string> | null {
  const byRel = new Map<string, string>();
  let at = 0;
  while (at < header.length) {
    TARGET.lastIndex = at;
    const target = TARGET.exec(header);
    if (target === null) return null;
    at = TARGET.lastIndex;
    let rel: string | undefined;
    for (;;) {
      PARAM.lastIndex = at;
      const param = PARAM.exec(header);
      if (param === null) break;
      at = PARAM.lastIndex;
      // Section 3.3: occurrences of rel after the first are ignored.
      if (rel === undefined && param[1]?.toLowerCase() === 'rel') {
        rel = param[2]?.replace(/\\(.)/g, '$1') ?? param[3] ?? '';
      }
    }
    SEPARATOR.lastIndex = at;
    SEPARATOR.exec(header);
    const next = SEPARATOR.lastIndex;
    if (next === at && next < header.length) return null;
    if (next < header.length && !header.slice(at, next).includes(',')) return null;
    at = next;
    for (const type of (rel ?? '').toLowerCase().split(/[ \t]+/)) {
      if (type !== '' && !byRel.has(type)) byRel.set(type, target[1] ?? '');
    }
  }
  return byRel;
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
