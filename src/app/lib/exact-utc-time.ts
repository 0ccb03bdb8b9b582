/**
 * exactTime (./time-format.ts) in UTC, apart from it so that the list's first paint (whose entry holds
 * time-format.ts) does not carry what only the sidebar uses.
 */
import { MONTHS, pad2 } from './time-format';

/**
 * "May 1, 2024, 12:00:00 PM UTC", whatever the local zone: what a page rendered on the service
 * shows (and its hydration), which cannot know the reader's zone; the next render writes exactTime.
 */
export function exactUtcTime(ms: number): string {
  const date = new Date(ms);
  const hours = date.getUTCHours();
  const clock = `${hours % 12 || 12}:${pad2(date.getUTCMinutes())}:${pad2(date.getUTCSeconds())} ${hours < 12 ? 'AM' : 'PM'}`;
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}, ${clock} UTC`;
}
