/**
 * What an `Authorization` header presents (spec 5): nothing (the client pays
 * by its address), a valid unexpired token (its user pays), or bad
 * credentials, which are answered 401 after the rate limit has counted them
 * (failed logins cost the address a credit, as on GitHub). The order of these
 * steps is in http/api-steps.ts.
 */
import type { TokenRecord } from '../store/records';
import { hashToken, hashesEqual, tokenFromHeader } from './tokens';

/** What an `Authorization` header says: nothing, a valid unexpired token, or bad credentials. */
export type PresentedCredentials = { kind: 'none' } | { kind: 'token'; record: TokenRecord } | { kind: 'bad' };

/** What an `Authorization` header presents: nothing, or the hash to look up (null when it cannot be a token). */
export type PresentedHash = { present: false } | { present: true; hash: string | null };

export function presentedHash(header: string | undefined): PresentedHash {
  const presented = tokenFromHeader(header);
  if (!presented.present) return { present: false };
  return { present: true, hash: presented.token ? hashToken(presented.token) : null };
}

/** The credentials, given the row `presented.hash` found (null for none). */
export function judgeCredentials(presented: PresentedHash, record: TokenRecord | null, now: () => number): PresentedCredentials {
  if (!presented.present) return { kind: 'none' };
  const { hash } = presented;
  const valid =
    record !== null && hash !== null && hashesEqual(record.hash, hash) && (record.expiresAt === null || record.expiresAt * 1000 > now());
  return valid ? { kind: 'token', record } : { kind: 'bad' };
}
