import { describe, expect, it } from 'vitest';
import { readRateLimit } from './rate-limit-headers';

const NOW = 1_700_000_000_000;

describe('readRateLimit', () => {
  it('reads the quota, turning the reset from Unix seconds into Unix ms', () => {
    const headers = new Headers({
      'X-RateLimit-Limit': '5000',
      'X-RateLimit-Remaining': '4987',
      'X-RateLimit-Reset': '1700003600',
      'X-RateLimit-Used': '13',
      'X-RateLimit-Resource': 'core',
    });
    expect(readRateLimit(headers, NOW)).toEqual({
      limit: 5000,
      remaining: 4987,
      used: 13,
      resetAt: 1_700_003_600_000,
      resource: 'core',
      observedAt: NOW,
    });
  });

  it('derives used and the resource when the service leaves them out (spec 8.5 names three headers)', () => {
    const headers = new Headers({ 'x-ratelimit-limit': '60', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '1700000060' });
    expect(readRateLimit(headers, NOW)).toMatchObject({ limit: 60, remaining: 0, used: 60, resource: 'core' });
  });

  it('is null when the headers are absent', () => {
    expect(readRateLimit(new Headers(), NOW)).toBeNull();
    expect(readRateLimit(new Headers({ 'x-ratelimit-limit': '60', 'x-ratelimit-remaining': '59' }), NOW)).toBeNull();
  });

  it.each([
    ['a word', { 'x-ratelimit-limit': 'lots', 'x-ratelimit-remaining': '5', 'x-ratelimit-reset': '1700000060' }],
    ['a negative count', { 'x-ratelimit-limit': '60', 'x-ratelimit-remaining': '-1', 'x-ratelimit-reset': '1700000060' }],
    ['a fraction', { 'x-ratelimit-limit': '60', 'x-ratelimit-remaining': '1.5', 'x-ratelimit-reset': '1700000060' }],
    ['a date for a reset', { 'x-ratelimit-limit': '60', 'x-ratelimit-remaining': '5', 'x-ratelimit-reset': 'Tue, 14 Nov 2023' }],
    ['more remaining than the limit', { 'x-ratelimit-limit': '60', 'x-ratelimit-remaining': '61', 'x-ratelimit-reset': '1' }],
  ])('is null when a value is garbled: %s', (_what, values) => {
    expect(readRateLimit(new Headers(values), NOW)).toBeNull();
  });
});
