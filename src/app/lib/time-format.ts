/**
 * How times and counts read in the app: relative ("3 days ago"), exact (on
 * hover and in the sidebar), clock times, countdowns and counts.
 *
 * They are written out here in English rather than by Intl, with the same
 * output as Intl's "en" (the tests compare the two): the first Intl formatter
 * of a page loads its locale data, a long task on a slow phone, and every
 * list and issue page shows counts and times while it loads.
 */

type RelativeUnit = 'year' | 'month' | 'week' | 'day' | 'hour' | 'minute';
const SECOND_MS = 1000;
const UNITS: [RelativeUnit, number][] = [
  ['year', 365 * 24 * 3600 * SECOND_MS],
  ['month', 30 * 24 * 3600 * SECOND_MS],
  ['week', 7 * 24 * 3600 * SECOND_MS],
  ['day', 24 * 3600 * SECOND_MS],
  ['hour', 3600 * SECOND_MS],
  ['minute', 60 * SECOND_MS],
];
/** Below this, "just now" reads better than a count of seconds that nobody watches tick. */
const JUST_NOW_MS = 45 * SECOND_MS;
/** What Intl's `numeric: 'auto'` says for one unit back and forth (hours and minutes have no such word). */
const ONE_BACK: Partial<Record<RelativeUnit, string>> = { year: 'last year', month: 'last month', week: 'last week', day: 'yesterday' };
const ONE_AHEAD: Partial<Record<RelativeUnit, string>> = { year: 'next year', month: 'next month', week: 'next week', day: 'tomorrow' };

/** As `Intl.RelativeTimeFormat('en', { numeric: 'auto' }).format(value, unit)`, for whole values. */
function relativeEnglish(value: number, unit: RelativeUnit): string {
  if (value === 0) return unit === 'day' ? 'today' : `this ${unit}`;
  const word = value === -1 ? ONE_BACK[unit] : value === 1 ? ONE_AHEAD[unit] : undefined;
  if (word !== undefined) return word;
  const amount = `${formatCount(Math.abs(value))} ${unit}${Math.abs(value) === 1 ? '' : 's'}`;
  return value < 0 ? `${amount} ago` : `in ${amount}`;
}

/** "3 days ago", "in 2 hours", "yesterday", "just now". */
export function relativeTime(ms: number, now: number): string {
  const diff = ms - now;
  const abs = Math.abs(diff);
  if (abs < JUST_NOW_MS) return 'just now';
  for (const [unit, size] of UNITS) {
    if (abs >= size) return relativeEnglish(Math.round(diff / size), unit);
  }
  return relativeEnglish(Math.round(diff / (60 * SECOND_MS)), 'minute');
}

export const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
export const pad2 = (n: number): string => String(n).padStart(2, '0');

/** The local zone as Intl's "en" names zones without a short name of their own: "UTC", "GMT+1", "GMT-3:30". */
function zoneName(date: Date): string {
  const east = -date.getTimezoneOffset();
  if (east === 0) return 'UTC';
  const hours = Math.floor(Math.abs(east) / 60);
  const minutes = Math.abs(east) % 60;
  return `GMT${east > 0 ? '+' : '-'}${hours}${minutes === 0 ? '' : `:${pad2(minutes)}`}`;
}

/**
 * "May 1, 2024, 12:00:00 PM UTC", in local time: for a title or a sidebar. As
 * Intl's "en" with `dateStyle: 'medium', timeStyle: 'long'`, except that zones
 * with an English abbreviation ("PST") are named by their offset ("GMT-8").
 */
export function exactTime(ms: number): string {
  const date = new Date(ms);
  const hours = date.getHours();
  const clock = `${hours % 12 || 12}:${pad2(date.getMinutes())}:${pad2(date.getSeconds())} ${hours < 12 ? 'AM' : 'PM'}`;
  return `${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}, ${clock} ${zoneName(date)}`;
}

/** "02:32:05 PM", in local time, as Intl's "en" with two-digit hours, minutes and seconds. */
export function clockTime(ms: number): string {
  const date = new Date(ms);
  const hours = date.getHours();
  return `${pad2(hours % 12 || 12)}:${pad2(date.getMinutes())}:${pad2(date.getSeconds())} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** A countdown: "1:02:03", "12:03", "0:05". */
export function countdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / SECOND_MS));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const mm = hours > 0 ? String(minutes).padStart(2, '0') : String(minutes);
  return `${hours > 0 ? `${hours}:` : ''}${mm}:${String(seconds).padStart(2, '0')}`;
}

/** "1,234,567", as Intl's "en" for whole numbers; anything else (no count is) as JavaScript writes it. */
export function formatCount(n: number): string {
  if (!Number.isSafeInteger(n)) return String(n);
  const digits = String(Math.abs(n)).replace(/\B(?=(\d{3})+$)/g, ',');
  return n < 0 ? `-${digits}` : digits;
}

const COMPACT_UNITS: ReadonlyArray<[number, string]> = [
  [1e12, 'T'],
  [1e9, 'B'],
  [1e6, 'M'],
  [1e3, 'K'],
];

/**
 * "1.2M", "150K", "1B": as Intl's "en" compact notation with at most one
 * decimal, for whole numbers below 10^15 (a gauge's counts); anything else is
 * written in full. Rounded in whole numbers, half away from zero as Intl does,
 * so 1,150,000 is "1.2M" (floating point would make it 1.1).
 */
export function formatCompactCount(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0 || n >= 1e15) return formatCount(n);
  for (let i = COMPACT_UNITS.length - 1; i >= 0; i--) {
    const [unit, suffix] = COMPACT_UNITS[i]!;
    if (n < unit) break;
    const larger = COMPACT_UNITS[i - 1];
    if (larger !== undefined && n >= larger[0]) continue;
    const tenth = unit / 10;
    const tenths = Math.floor(n / tenth) + (2 * (n % tenth) >= tenth ? 1 : 0);
    // Rounding up to a thousand of this unit reads as one of the next ("999.95K" is "1M").
    if (tenths >= 10_000 && larger !== undefined) return `1${larger[1]}`;
    return `${Math.floor(tenths / 10)}${tenths % 10 === 0 ? '' : `.${tenths % 10}`}${suffix}`;
  }
  return formatCount(n);
}

export function parseTime(iso: string | null | undefined): number | null {
  if (iso === null || iso === undefined) return null;
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? null : ms;
}
