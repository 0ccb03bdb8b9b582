/**
 * The demo dataset's fixed clock. Every timestamp in it is computed from these
 * constants, never from the machine's clock, so two builds are byte-identical.
 */
export const SECOND_MS = 1_000;
export const MINUTE_MS = 60 * SECOND_MS;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/** "now" in the demo world: nothing in the dataset happens after this instant */
export const DEMO_NOW_MS = Date.UTC(2026, 10, 20, 12, 0, 0);

/** GitHub's timestamp format: whole seconds, UTC, `Z` suffix (no milliseconds) */
export function toWireTimestamp(ms: number): string {
  const seconds = Math.floor(ms / SECOND_MS);
  const days = Math.floor(seconds / 86_400);
  const secondOfDay = seconds - days * 86_400;
  const [year, month, day] = civilFromDays(days);
  const hh = Math.floor(secondOfDay / 3600);
  const mm = Math.floor((secondOfDay % 3600) / 60);
  const ss = secondOfDay % 60;
  return `${year}-${pad2(month)}-${pad2(day)}T${pad2(hh)}:${pad2(mm)}:${pad2(ss)}Z`;
}

function pad2(value: number): string {
  return value < 10 ? `0${value}` : String(value);
}

/**
 * Days since 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's
 * algorithm). The dataset formats tens of thousands of timestamps, and this is
 * several times cheaper than `new Date(ms).toISOString()`.
 */
function civilFromDays(daysSinceEpoch: number): [number, number, number] {
  const z = daysSinceEpoch + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor((dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365);
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const mp = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return [yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day];
}

/** `YYYY-MM-DD`, for prose such as "since 2025-03-04" */
export function toDay(ms: number): string {
  return toWireTimestamp(ms).slice(0, 10);
}
