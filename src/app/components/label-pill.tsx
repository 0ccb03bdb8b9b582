import clsx from 'clsx';
import type { ReactNode } from 'react';
import { labelColors } from '../lib/label-colors';
import { useDynamicClass } from '../styles/dynamic-classes';

/**
 * A label in its colour. The inset ring keeps a pale label visible on a light
 * page and a dark one on a dark page. Its colours are a class, not a `style`
 * attribute, which the CSP refuses in markup the service renders (issue 48).
 */
export function LabelPill({ name, color, className, children }: { name: string; color: string | null | undefined; className?: string; children?: ReactNode }) {
  const { backgroundColor, color: textColor } = labelColors(color);
  const colors = useDynamicClass({ 'background-color': backgroundColor, color: textColor });
  return (
    <span
      className={clsx(
        'inline-flex max-w-full items-center gap-1 truncate rounded-full px-2 py-px text-xs font-medium leading-5 ring-1 ring-inset ring-black/15 dark:ring-white/20',
        colors,
        className,
      )}
    >
      <span className="truncate">{name}</span>
      {children}
    </span>
  );
}
