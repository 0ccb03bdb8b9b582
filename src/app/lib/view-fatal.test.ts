import { describe, expect, it } from 'vitest';
import { BadCredentialsError, NotFoundError, RateLimitedError, ServerError, ValidationError } from '../api/api-errors';
import { isViewFatal } from './view-fatal';

describe('view-fatal errors', () => {
  it('sends to the error element only what leaves a view nothing to show', () => {
    expect(isViewFatal(new NotFoundError('x', 404))).toBe(true);
    expect(isViewFatal(new BadCredentialsError('x', 401))).toBe(true);
    expect(isViewFatal(new ValidationError('x', [], null, null))).toBe(false);
    expect(isViewFatal(new ServerError('x', 500))).toBe(false);
    expect(isViewFatal(new RateLimitedError('x', 429, 'secondary', 0, null, null))).toBe(false);
  });
});
