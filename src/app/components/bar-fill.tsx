import clsx from 'clsx';
import { useDynamicClass } from '../styles/dynamic-classes';

/**
 * The filled part of a progress bar, `percent` (0 to 100) of its track wide.
 * The width is a class, not a `style` attribute, which the CSP refuses in
 * markup the service renders (issue 48); rounded to a whole percent, so a
 * page needs at most 101 such classes and a bar 40 px wide moves by under half
 * a pixel.
 */
export function BarFill({ percent, className }: { percent: number; className: string }) {
  const whole = Number.isFinite(percent) ? Math.round(Math.min(100, Math.max(0, percent))) : 0;
  const width = useDynamicClass({ width: `${whole}%` });
  return <span className={clsx('block h-full', className, width)} />;
}
