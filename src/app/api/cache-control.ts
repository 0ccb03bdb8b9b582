/**
 * The `max-age` of a `Cache-Control` header, in seconds: how long an answer may be used
 * without asking again (RFC 9111 5.2.2.1). GitHub and the service send `max-age=60` on
 * every answer; a client that respects it asks at most once a minute for the same thing.
 */
export function maxAgeSeconds(cacheControl: string | null): number | null {
  if (cacheControl === null) return null;
  for (const directive of cacheControl.split(',')) {
    const [name, value] = directive.trim().split('=', 2);
    if (name?.toLowerCase() !== 'max-age' || value === undefined) continue;
    const unquoted = value.replace(/^"(.*)"$/, '$1');
    if (!/^\d{1,10}$/.test(unquoted)) return null;
    return Number(unquoted);
  }
  return null;
}
