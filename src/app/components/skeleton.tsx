import clsx from 'clsx';
import type { CSSProperties } from 'react';

/** A grey block standing in for text while it loads. */
export function Skeleton({ className, style }: { className?: string; style?: CSSProperties }) {
  return <span aria-hidden="true" className={clsx('block animate-pulse rounded bg-canvas-inset', className)} style={style} />;
}
