import { useClockSelect } from '../services/use-services';
import { useHydrated } from '../hooks/use-hydrated';
import { exactTime, parseTime, relativeTime } from '../lib/time-format';

const MINUTE_MS = 60_000;
const minuteOf = (now: number): number => Math.floor(now / MINUTE_MS);

/**
 * "3 days ago", with the exact time on hover and in `dateTime`; re-renders once a minute. The
 * hover's time is in the reader's zone, which a page rendered on the service cannot know: that page
 * and its hydration have none, and the next render writes it.
 */
export function RelativeTime({ iso, className }: { iso: string; className?: string }) {
  const minute = useClockSelect(minuteOf);
  const hydrated = useHydrated();
  const ms = parseTime(iso);
  if (ms === null) return null;
  return (
    <time dateTime={iso} title={hydrated ? exactTime(ms) : undefined} className={className}>
      {relativeTime(ms, minute * MINUTE_MS)}
    </time>
  );
}
