/**
 * Authentication middleware (spec 5): decides who pays for the request. A
 * valid, unexpired token makes its user the caller; no header means the
 * client IP. A header that does not hold a valid token is remembered as bad
 * credentials and answered 401 after the rate limit has counted it (failed
 * logins cost the IP a credit, as on GitHub).
 */
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env';
import type { IssueStore, TokenRecord } from '../store/issue-store';
import { hashToken, hashesEqual, tokenFromHeader } from './tokens';

export interface IdentifyOptions {
  store: IssueStore;
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

/** `findToken` looks a token up by its hash (the store's, or only what it remembers). */
export function credentialsOf(header: string | undefined, findToken: (hash: string) => TokenRecord | null, now: () => number): PresentedCredentials {
  const presented = tokenFromHeader(header);
  if (!presented.present) return { kind: 'none' };
  const hash = presented.token ? hashToken(presented.token) : null;
  const record = hash ? findToken(hash) : null;
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

    const credentials = credentialsOf(c.req.header('Authorization'), (hash) => options.store.findToken(hash), options.now);
    if (credentials.kind === 'token') {
      c.set('token', credentials.record);
      c.set('caller', { kind: 'user', login: credentials.record.login });
    } else if (credentials.kind === 'bad') {
      c.set('badCredentials', true);
    }
    await next();
  };
}
