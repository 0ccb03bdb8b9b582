/**
 * Reads a raw query string strictly: a pair that is not valid percent-encoding
 * makes the whole query unreadable (a 400, "Problems parsing query string"),
 * rather than being guessed at. The first value of a repeated name wins.
 */
import type { QueryReader } from '../../shared/list-params';

export type ParsedQuery = { ok: true; read: QueryReader } | { ok: false };

function decode(part: string): string {
  return decodeURIComponent(part.replace(/\+/g, ' '));
}

export function parseQueryString(search: string): ParsedQuery {
  const raw = search.startsWith('?') ? search.slice(1) : search;
  const values = new Map<string, string>();
  if (raw !== '') {
    for (const pair of raw.split('&')) {
      if (pair === '') continue;
      const eq = pair.indexOf('=');
      let name: string;
      let value: string;
      try {
        name = decode(eq === -1 ? pair : pair.slice(0, eq));
        value = eq === -1 ? '' : decode(pair.slice(eq + 1));
      } catch {
        return { ok: false };
      }
      if (!values.has(name)) values.set(name, value);
    }
  }
  return { ok: true, read: (name) => values.get(name) ?? null };
}
