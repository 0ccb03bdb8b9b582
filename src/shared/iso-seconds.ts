/**
 * spec 2.1's timestamp form, GitHub's: `2026-11-27T09:35:10Z`, UTC, whole
 * seconds, no milliseconds. Every timestamp the service writes goes through
 * here, so the form is decided once.
 */

/** Formats Unix milliseconds as `YYYY-MM-DDTHH:MM:SSZ`, rounding down to the second. */
export function toIsoSeconds(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}
