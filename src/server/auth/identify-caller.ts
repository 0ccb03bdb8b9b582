/**
 * Authentication middleware (spec 5): decides who pays for the request. A
 * valid, unexpired token makes its user the caller; no header means the
 * client IP. A header that does not hold a valid token is remembered as bad
 * credentials and answered 401 after the rate limit has counted it (failed
 * logins cost the IP a credit, as on GitHub).
 */
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env';
import type { LookupCache } from '../store/lookup-cache';
import type { TokenRecord } from '../store/records';
import { hashToken, hashesEqual, tokenFromHeader } from './tokens';

export interface IdentifyOptions {
  /** token rows, remembered in front of the storage */
  lookups: Pick<LookupCache, 'findToken'>;
  now: () => number;
  /** honour X-Forwarded-For (only behind a proxy you run: clients can forge it) */
  trustProxy: boolean;
}

interface NodeBindings {
  incoming?: { socket?: { remoteAddress?: string } };
}

export function clientAddress(env: unknown, forwardedFor: string | undefined, trustProxy: boolean): string {
  if (trustProxy && forwardedFor) {
    // The proxy appends the address it saw: the right-most entry is the one it vouches for.
    const last = forwardedFor.split(',').map((s) => s.trim()).filter(Boolean).at(-1);
    if (last) return last;
  }
  return (env as NodeBindings | undefined)?.incoming?.socket?.remoteAddress ?? 'unknown';
}

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

export function identifyCaller(options: IdentifyOptions): MiddlewareHandler<AppEnv> {
  return async function identify(c, next) {
    const ip = clientAddress(c.env, c.req.header('X-Forwarded-For'), options.trustProxy);
    c.set('caller', { kind: 'ip', address: ip });
    c.set('token', null);
    c.set('badCredentials', false);

    const presented = presentedHash(c.req.header('Authorization'));
    const record = presented.present && presented.hash !== null ? await options.lookups.findToken(presented.hash) : null;
    const credentials = judgeCredentials(presented, record, options.now);
    if (credentials.kind === 'token') {
      c.set('token', credentials.record);
      c.set('caller', { kind: 'user', login: credentials.record.login });
    } else if (credentials.kind === 'bad') {
      c.set('badCredentials', true);
    }
    await next();
  };
}
