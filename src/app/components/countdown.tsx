import { useNow } from '../services/use-services';
import { clockTime, countdown } from '../lib/time-format';

/** "14:32:05 (in 12:03)", ticking each second. */
export function Countdown({ until, className }: { until: number; className?: string }) {
  const now = useNow();
  return (
    <span className={className}>
      <time dateTime={new Date(until).toISOString()}>{clockTime(until)}</time>{' '}
      <span className="tabular-nums">(in {countdown(until - now)})</span>
    </span>
  );
}
