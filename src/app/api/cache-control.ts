/**
 * The `max-age` of a `Cache-Control` header, in seconds: how long an answer may be used
 * without asking again (RFC 9111 5.2.2.1). GitHub and the service send `max-age=60` on
 * every answer; a client that respects it asks at most once a minute for the same thing.
 * One expression, not a parser: this runs in the first paint's script (its budget is tight).
 */
const MAX_AGE = /(?:^|,)\s*max-age\s*=\s*(?:(\d{1,10})|"(\d{1,10})")\s*(?:,|$)/i;

export function maxAgeSeconds(cacheControl: string | null): number | null {
  const match = cacheControl === null ? null : MAX_AGE.exec(cacheControl);
  return match ? Number(match[1] ?? match[2]) : null;
}
