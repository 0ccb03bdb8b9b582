import clsx from 'clsx';

/** A grey block standing in for text while it loads; a width that depends on data comes as a class (useDynamicClass), never a `style` attribute (issue 48). */
export function Skeleton({ className }: { className?: string }) {
  return <span aria-hidden="true" className={clsx('block animate-pulse rounded bg-canvas-inset', className)} />;
}
