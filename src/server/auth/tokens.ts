/**
 * Personal access tokens: generated with 160 bits of randomness, shown once,
 * stored only as a SHA-256 hash. A fast hash is right for high-entropy secrets
 * (GitHub does the same); a slow password hash would only slow every request.
 */
import { hash, randomBytes, timingSafeEqual } from 'node:crypto';
import { TOKEN_PREFIX } from '../../shared/token-prefix';

export function generateToken(): string {
  return TOKEN_PREFIX + randomBytes(20).toString('base64url');
}

export function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}

/** Compares two hex hashes in constant time. */
export function hashesEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a, 'hex');
  const bb = Buffer.from(b, 'hex');
  return ab.length === bb.length && ab.length > 0 && timingSafeEqual(ab, bb);
}

/**
 * Reads the token of an `Authorization` header. GitHub accepts `Bearer` and
 * the older `token` scheme; anything else present is a failed login attempt
 * (null), not anonymous access, so a client learns its header was wrong.
 */
export function tokenFromHeader(header: string | undefined): { present: false } | { present: true; token: string | null } {
  if (header === undefined || header.trim() === '') return { present: false };
  const m = /^(?:bearer|token)[ \t]+([\x21-\x7e]{1,255})[ \t]*$/i.exec(header);
  return { present: true, token: m?.[1] ?? null };
}
