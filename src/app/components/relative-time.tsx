import { useState } from 'react';
import { useClockSelect } from '../services/clock';
import { exactTime, parseTime, relativeTime } from './time-format';

const MINUTE_MS = 60_000;
const minuteOf = (now: number): number => Math.floor(now / MINUTE_MS);

/**
 * "3 days ago", with the exact time in `dateTime` and, on hover, as a tooltip;
 * re-renders once a minute. The tooltip's text is made when the pointer first
 * comes: it needs Intl with its locale data, which a list of rows would
 * otherwise load before its first paint (see time-format.ts).
 */
export function RelativeTime({ iso, className }: { iso: string; className?: string }) {
  const minute = useClockSelect(minuteOf);
  const [hovered, setHovered] = useState(false);
  const ms = parseTime(iso);
  if (ms === null) return null;
  return (
    <time dateTime={iso} title={hovered ? exactTime(ms) : undefined} className={className} onPointerEnter={() => setHovered(true)}>
      {relativeTime(ms, minute * MINUTE_MS)}
    </time>
  );
}
