/**
 * The caller identity stored pages are keyed by: a SHA-256 of the base URL and
 * the token. Two tokens (or no token) never share a stored page, and the token
 * itself never reaches IndexedDB, only this one-way digest of it.
 */

/**
 * Hex SHA-256 of the (base URL, token) pair. `null` and `''` are both "no
 * token"; the pair is JSON-encoded so no base URL/token split can collide with
 * another.
 */
export async function identityKey(baseUrl: string, token: string | null): Promise<string> {
  const input = JSON.stringify([baseUrl, token === '' ? null : token]);
  const bytes = new TextEncoder().encode(input);
  const subtle = globalThis.crypto?.subtle;
  if (subtle !== undefined) {
    try {
      return toHex(new Uint8Array(await subtle.digest('SHA-256', bytes)));
    } catch {
      // fall through to the portable digest below
    }
  }
  // crypto.subtle exists only in secure contexts: the app served over plain
  // http from a LAN host has none. The same digest computed here keeps keys
  // stable across both, so stored pages survive and nothing throws. Only such
  // a page loads it, so the list's first paint does not carry it.
  const { sha256 } = await import('./sha256');
  return toHex(sha256(bytes));
}

function toHex(bytes: Uint8Array): string {
  let hex = '';
  for (const b of bytes) hex += b.toString(16).padStart(2, '0');
  return hex;
}
