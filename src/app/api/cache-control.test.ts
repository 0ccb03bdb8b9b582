import { describe, expect, it } from 'vitest';
import { maxAgeSeconds } from './cache-control';

describe('maxAgeSeconds', () => {
  it("reads GitHub's max-age beside its other directives", () => {
    expect(maxAgeSeconds('private, max-age=60, s-maxage=60')).toBe(60);
    expect(maxAgeSeconds('public, MAX-AGE="120"')).toBe(120);
  });

  it('is null without a usable max-age, so the caller keeps its own default', () => {
    expect(maxAgeSeconds(null)).toBeNull();
    expect(maxAgeSeconds('no-cache')).toBeNull();
    expect(maxAgeSeconds('s-maxage=60')).toBeNull();
    expect(maxAgeSeconds('max-age=soon')).toBeNull();
  });
});
