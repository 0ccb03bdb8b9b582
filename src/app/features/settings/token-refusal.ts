/**
 * Why a token was not saved, one message per answer of the check
 * (`GET /user` with the token): saved is only a token the service accepted,
 * since every request with a refused one fails, public repositories included,
 * and one that could not be checked may be one of those (issue 45).
 */
import { BadCredentialsError, ForbiddenError, NetworkError, RateLimitedError, ServerError } from '../../api/api-errors';
import { clockTime } from '../../lib/time-format';

export function tokenRefusal(error: unknown, baseUrl: string): string {
  if (error instanceof BadCredentialsError) {
    return 'Not saved: the service refused this token (401 Bad credentials): it is mistyped, expired or revoked. Paste the whole token, or create a new one.';
  }
  if (error instanceof RateLimitedError) {
    const why = error.kind === 'secondary' ? `the service asked to slow down (${error.status})` : `its rate limit is spent (${error.status})`;
    return `Not saved: the service could not check this token because ${why}. Try again at ${clockTime(error.retryAt)}.`;
  }
  if (error instanceof NetworkError) {
    return `Not saved: can't reach ${baseUrl} to check this token. Check your connection and the service address, then try again.`;
  }
  if (error instanceof ServerError) {
    return `Not saved: the service failed (${error.status}) while checking this token. Try again in a moment.`;
  }
  if (error instanceof ForbiddenError) {
    return `Not saved: the service would not tell who this token belongs to (403: ${error.message}).`;
  }
  const status = error instanceof Error && 'status' in error && typeof error.status === 'number' && error.status > 0 ? ` (${error.status})` : '';
  return `Not saved: the service did not accept this token${status}; see below for what it answered.`;
}
