/**
 * The failure panel, whose messages (./describe-error) and icons load only
 * when a failure is shown: a list that loads fine never downloads them.
 */
import { lazy, Suspense } from 'react';
import type { ErrorPanelProps } from './error-panel-content';

const ErrorPanelContent = lazy(async () => ({ default: (await import('./error-panel-content')).ErrorPanelContent }));

export function ErrorPanel(props: ErrorPanelProps) {
  return (
    <Suspense fallback={null}>
      <ErrorPanelContent {...props} />
    </Suspense>
  );
}
