import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { afterEach } from 'vitest';
import { clockTime, exactTime, formatCompactCount, formatCount, relativeTime } from './time-format';
import { exactUtcTime } from './exact-utc-time';

// The app writes these out in English instead of loading Intl's locale data on every page;
// a reader must not be able to tell: each is compared with what Intl's "en" says.
const SPACES = /[\u202f\u00a0]/g;
const DAY_MS = 24 * 3600 * 1000;
const NOW = Date.UTC(2026, 10, 23, 17, 30);
const UNITS = [
  ['year', 365 * DAY_MS],
  ['month', 30 * DAY_MS],
  ['week', 7 * DAY_MS],
  ['day', DAY_MS],
  ['hour', 3600_000],
  ['minute', 60_000],
] as const;

function intlRelative(ms: number, now: number): string {
  const diff = ms - now;
  if (Math.abs(diff) < 45_000) return 'just now';
  const rtf = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  for (const [unit, size] of UNITS) if (Math.abs(diff) >= size) return rtf.format(Math.round(diff / size), unit);
  return rtf.format(Math.round(diff / 60_000), 'minute');
}

describe('how times and counts read', () => {
  it('groups counts with commas, as Intl does', () => {
    const intl = new Intl.NumberFormat('en');
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1000)).toBe('1,000');
    expect(formatCount(1_000_000_000)).toBe('1,000,000,000');
    fc.assert(fc.property(fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }), (n) => formatCount(n) === intl.format(n)));
    // No count has a fraction; one from a broken service still reads.
    expect(formatCount(1234.5)).toBe('1234.5');
  });

  it('says relative times as Intl does, with its words for one unit back or ahead', () => {
    expect(relativeTime(NOW - DAY_MS, NOW)).toBe('yesterday');
    expect(relativeTime(NOW - 7 * DAY_MS, NOW)).toBe('last week');
    expect(relativeTime(NOW + 30 * DAY_MS, NOW)).toBe('next month');
    expect(relativeTime(NOW - 3 * 3600_000, NOW)).toBe('3 hours ago');
    expect(relativeTime(NOW - 3600_000, NOW)).toBe('1 hour ago');
    expect(relativeTime(NOW + 50_000, NOW)).toBe('in 1 minute');
    expect(relativeTime(NOW - 10_000, NOW)).toBe('just now');
    expect(relativeTime(NOW - 5000 * 365 * DAY_MS, NOW)).toBe('5,000 years ago');
    fc.assert(
      fc.property(fc.integer({ min: -200 * 365 * DAY_MS, max: 200 * 365 * DAY_MS }), (offset) => relativeTime(NOW + offset, NOW) === intlRelative(NOW + offset, NOW)),
      { numRuns: 2000 },
    );
  });

  it('reads clock times as Intl does with two-digit hours, minutes and seconds', () => {
    const intl = new Intl.DateTimeFormat('en', { hour: '2-digit', minute: '2-digit', second: '2-digit' });
    for (const hour of [0, 1, 11, 12, 13, 23]) {
      const ms = new Date(2026, 10, 23, hour, 2, 5).getTime();
      expect(clockTime(ms)).toBe(intl.format(ms).replace(SPACES, ' '));
    }
    expect(clockTime(new Date(2026, 10, 23, 14, 32, 5).getTime())).toBe('02:32:05 PM');
    fc.assert(fc.property(fc.integer({ min: 0, max: 4_102_444_800_000 }), (ms) => clockTime(ms) === intl.format(ms).replace(SPACES, ' ')));
  });

  it("shortens large counts as Intl's compact notation does", () => {
    const intl = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 });
    expect(formatCompactCount(150_000)).toBe('150K');
    expect(formatCompactCount(1_150_000)).toBe('1.2M');
    expect(formatCompactCount(999_950)).toBe('1M');
    expect(formatCompactCount(999_999_994)).toBe('1B');
    const around = (n: number) => [n - 1, n, n + 1, n - 50, n + 50, n - 500, n + 500];
    for (const n of [1e3, 1e5, 1e6, 1e9, 1e12, 999_950, 1_050_000, 1_250_000, 999_949, 9_950, 99_950_000].flatMap(around)) {
      if (n >= 0) expect(formatCompactCount(n)).toBe(intl.format(n));
    }
    fc.assert(fc.property(fc.integer({ min: 0, max: 1e15 - 1 }), (n) => formatCompactCount(n) === intl.format(n)), { numRuns: 3000 });
    fc.assert(fc.property(fc.integer({ min: 0, max: 2e7 }), (n) => formatCompactCount(n) === intl.format(n)), { numRuns: 3000 });
  });

  describe('exact times, in the local zone', () => {
    const zoneBefore = process.env.TZ;
    afterEach(() => {
      process.env.TZ = zoneBefore;
    });

    it.each(['UTC', 'Europe/Berlin', 'Asia/Kolkata', 'America/St_Johns', 'Australia/Lord_Howe'])('read as Intl does in %s (zones named by offset)', (zone) => {
      process.env.TZ = zone;
      const intl = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'long', timeZone: zone });
      // Intl names UTC "UTC" and zones without an English abbreviation by their offset, as exactTime does.
      const byOffset = (ms: number) => intl.format(ms).replace(SPACES, ' ').replace(/ (?:[A-Z]{3,4}|GMT[+-][\d:]+)$/, ` ${zoneOf(ms)}`);
      fc.assert(fc.property(fc.integer({ min: 0, max: 4_102_444_800_000 }), (ms) => exactTime(ms) === byOffset(ms)), { numRuns: 500 });
      expect(exactTime(Date.UTC(2024, 4, 1, 12))).toMatch(/^May 1, 2024, \d{1,2}:\d{2}:00 [AP]M (UTC|GMT[+-][\d:]+)$/);
    });

    it('in UTC whatever the local zone, for a page rendered on the service, as Intl does in UTC', () => {
      process.env.TZ = 'Asia/Kolkata';
      const intl = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'long', timeZone: 'UTC' });
      fc.assert(fc.property(fc.integer({ min: 0, max: 4_102_444_800_000 }), (ms) => exactUtcTime(ms) === intl.format(ms).replace(SPACES, ' ')), { numRuns: 500 });
      expect(exactUtcTime(Date.UTC(2024, 4, 1, 12))).toBe('May 1, 2024, 12:00:00 PM UTC');
    });

    it('names the zone by its offset from UTC', () => {
      process.env.TZ = 'Asia/Kolkata';
      expect(exactTime(Date.UTC(2024, 4, 1, 12))).toBe('May 1, 2024, 5:30:00 PM GMT+5:30');
      process.env.TZ = 'UTC';
      expect(exactTime(Date.UTC(2024, 4, 1, 12))).toBe('May 1, 2024, 12:00:00 PM UTC');
      process.env.TZ = 'America/St_Johns';
      expect(exactTime(Date.UTC(2024, 0, 1, 12))).toBe('Jan 1, 2024, 8:30:00 AM GMT-3:30');
    });
  });
});

/** What exactTime should call the zone at that instant: Intl's offset name, "UTC" for none. */
function zoneOf(ms: number): string {
  const name = new Intl.DateTimeFormat('en', { timeZoneName: 'longOffset' }).formatToParts(ms).find((part) => part.type === 'timeZoneName')?.value ?? '';
  if (/^GMT(?:[+-]00:00)?$/.test(name)) return 'UTC';
  return name.replace(/^GMT([+-])0?(\d+)(?::00)?/, 'GMT$1$2');
}
