/** How times read in the app: relative ("3 days ago"), exact (on hover), and countdowns. */
import { onFirstUse } from './on-first-use';

const RELATIVE = onFirstUse(() => new Intl.RelativeTimeFormat('en', { numeric: 'auto' }));
const EXACT = onFirstUse(() => new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'long' }));
const CLOCK = onFirstUse(() => new Intl.DateTimeFormat('en', { hour: '2-digit', minute: '2-digit', second: '2-digit' }));
/** One formatter for every count: `toLocaleString` would build a new one per call. */
const COUNT = onFirstUse(() => new Intl.NumberFormat('en'));

const SECOND_MS = 1000;
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600 * SECOND_MS],
  ['month', 30 * 24 * 3600 * SECOND_MS],
  ['week', 7 * 24 * 3600 * SECOND_MS],
  ['day', 24 * 3600 * SECOND_MS],
  ['hour', 3600 * SECOND_MS],
  ['minute', 60 * SECOND_MS],
];
/** Below this, "just now" reads better than a count of seconds that nobody watches tick. */
const JUST_NOW_MS = 45 * SECOND_MS;

/** "3 days ago", "in 2 hours", "just now". */
export function relativeTime(ms: number, now: number): string {
  const diff = ms - now;
  const abs = Math.abs(diff);
  if (abs < JUST_NOW_MS) return 'just now';
  for (const [unit, size] of UNITS) {
    if (abs >= size) return RELATIVE().format(Math.round(diff / size), unit);
  }
  return RELATIVE().format(Math.round(diff / (60 * SECOND_MS)), 'minute');
}

/** "May 1, 2024, 12:00:00 PM UTC": for a title or a sidebar. */
export function exactTime(ms: number): string {
  return EXACT().format(ms);
}

/** "14:32:05" */
export function clockTime(ms: number): string {
  return CLOCK().format(ms);
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

export function formatCount(n: number): string {
  return COUNT().format(n);
}

export function parseTime(iso: string | null | undefined): number | null {
  if (iso === null || iso === undefined) return null;
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? null : ms;
}
