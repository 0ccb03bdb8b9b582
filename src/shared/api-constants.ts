/** Header names and values both halves agree on (spec 4.1, 8.5, 9). */

export const API_VERSION = '2022-11-28';
export const API_VERSION_HEADER = 'X-GitHub-Api-Version';
export const MEDIA_TYPE = 'application/vnd.github+json';

export const RATE_LIMIT_HEADERS = {
  limit: 'x-ratelimit-limit',
  remaining: 'x-ratelimit-remaining',
  reset: 'x-ratelimit-reset',
  used: 'x-ratelimit-used',
  resource: 'x-ratelimit-resource',
} as const;

/**
 * The headers a browser on another origin may read (CORS): api.github.com's
 * list, in its order, then the two this service adds (`Last-Modified` on
 * lists, and which API version answered).
 */
export const EXPOSED_HEADERS = [
  'ETag',
  'Link',
  'Location',
  'Retry-After',
  'X-GitHub-OTP',
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'X-RateLimit-Used',
  'X-RateLimit-Resource',
  'X-RateLimit-Reset',
  'X-OAuth-Scopes',
  'X-Accepted-OAuth-Scopes',
  'X-Poll-Interval',
  'X-GitHub-Media-Type',
  'X-GitHub-SSO',
  'X-GitHub-Request-Id',
  'Deprecation',
  'Sunset',
  'Last-Modified',
  'X-GitHub-Api-Version-Selected',
] as const;

/** spec 4.1 / 8.3 */
export const DEFAULT_PER_PAGE = 30;
export const MAX_PER_PAGE = 100;
