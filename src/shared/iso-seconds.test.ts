import { describe, expect, it } from 'vitest';
import { toIsoSeconds } from './iso-seconds';

describe('toIsoSeconds (spec 2.1)', () => {
  it('writes GitHub\'s form: UTC, whole seconds, no milliseconds', () => {
    expect(toIsoSeconds(Date.UTC(2026, 10, 27, 9, 35, 10))).toBe('2026-11-27T09:35:10Z');
  });

  it.each([
    [Date.UTC(2026, 10, 27, 9, 35, 10, 999), '2026-11-27T09:35:10Z'],
    [Date.UTC(2026, 10, 27, 9, 35, 10, 1), '2026-11-27T09:35:10Z'],
    [-1, '1969-12-31T23:59:59Z'],
    [0, '1970-01-01T00:00:00Z'],
  ])('rounds %i ms down to the second: %s', (ms, expected) => {
    expect(toIsoSeconds(ms)).toBe(expected);
  });

  it('a whole second reads as toISOString does, without `.000`', () => {
    const seconds = 1_795_772_110;
    expect(toIsoSeconds(seconds * 1000)).toBe(new Date(seconds * 1000).toISOString().replace('.000Z', 'Z'));
  });
});
