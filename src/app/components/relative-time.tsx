import { useClockSelect } from '../services/use-services';
import { exactTime, parseTime, relativeTime } from '../lib/time-format';

const MINUTE_MS = 60_000;
const minuteOf = (now: number): number => Math.floor(now / MINUTE_MS);

/** "3 days ago", with the exact time on hover and in `dateTime`; re-renders once a minute. */
export function RelativeTime({ iso, className }: { iso: string; className?: string }) {
  const minute = useClockSelect(minuteOf);
  const ms = parseTime(iso);
  if (ms === null) return null;
  return (
    <time dateTime={iso} title={exactTime(ms)} className={className}>
      {relativeTime(ms, minute * MINUTE_MS)}
    </time>
  );
}
