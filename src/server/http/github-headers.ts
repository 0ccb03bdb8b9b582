/**
 * What every API answer carries as api.github.com sends it: a request id and
 * the headers that stop a browser rendering or framing API JSON. Part of the
 * headers every API answer carries (http/answer-headers.ts `everyAnswerHeaders`).
 */
import { randomUUID } from 'node:crypto';

export const GITHUB_RESPONSE_HEADERS: Readonly<Record<string, string>> = {
  'X-Frame-Options': 'deny',
  'X-Content-Type-Options': 'nosniff',
  'X-XSS-Protection': '0',
  'Referrer-Policy': 'origin-when-cross-origin, strict-origin-when-cross-origin',
  'Content-Security-Policy': "default-src 'none'",
  // GitHub's two Vary lines, as one: one cache entry per caller and media type. (GitHub leaves the
  // first off errors; here it is on every answer, since every answer carries the caller's rate limit.)
  Vary: 'Accept, Authorization, Cookie, X-GitHub-OTP, Accept-Encoding, Accept, X-Requested-With',
};

/** 16 upper-case hex digits, like GitHub's `X-GitHub-Request-Id`. */
export function newRequestId(): string {
  // randomUUID draws from a pooled buffer, where randomBytes(8) cost a call into OpenSSL per request.
  const uuid = randomUUID();
  return `${uuid.slice(0, 8)}${uuid.slice(9, 13)}${uuid.slice(-4)}`.toUpperCase();
}
