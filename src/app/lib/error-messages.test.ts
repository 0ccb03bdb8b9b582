import { describe, expect, it } from 'vitest';
import {
  BadCredentialsError,
  BadRequestError,
  ForbiddenError,
  NetworkError,
  NotFoundError,
  RateLimitedError,
  ServerError,
  ValidationError,
} from '../api/api-errors';
import { describeError } from './error-messages';

describe('error messages', () => {
  it('gives each failure its own message and next step', () => {
    expect(describeError(new BadCredentialsError('Bad credentials', 401)).message).toBe('Bad credentials: your token is invalid, expired or revoked.');
    expect(describeError(new NotFoundError('Not Found', 404)).message).toBe('Not found: the repository does not exist or your token has no access to it.');
    expect(describeError(new ForbiddenError('nope', 403)).title).toBe('Forbidden');
    expect(describeError(new RateLimitedError('limit', 403, 'primary', 1, null, null))).toMatchObject({ title: 'Rate limit reached', retryAt: 1 });
    expect(describeError(new RateLimitedError('slow', 429, 'secondary', 2, null, null))).toMatchObject({ title: 'Too many requests at once', retryAt: 2 });
    expect(describeError(new ValidationError('Validation Failed', [{ resource: 'Issue', field: 'since', code: 'invalid' }], null, null)).message).toContain('(since)');
    expect(describeError(new ServerError('down', 503))).toMatchObject({ title: 'The service failed (503)', retryable: true });
    expect(describeError(new NetworkError('offline'))).toMatchObject({ title: 'Can’t reach the service', retryable: true });
    expect(describeError(new BadRequestError('bad', 400)).title).toBe('Bad request');
  });

  it('suggests a token for a spent anonymous quota, and says when a token’s own quota resets', () => {
    const resetAt = new Date('2026-05-01T14:30:00').getTime();
    const spent = new RateLimitedError('API rate limit exceeded', 403, 'primary', resetAt, null, null);
    expect(describeError(spent).next).toMatch(/^Requests resume by themselves when the quota resets, at 0?2:30:00\sPM\. A token raises the limit: add one in Settings\.$/);
    expect(describeError(spent).linksToSettings).toBe(true);
    expect(describeError(spent, 'repository', { hasToken: true }).linksToSettings).toBe(false);
    const withToken = describeError(spent, 'repository', { hasToken: true }).next;
    expect(withToken).not.toContain('A token raises the limit');
    expect(withToken).toMatch(/^Your token’s quota resets at 0?2:30:00\sPM; requests resume by themselves then\.$/);
  });
});
