import { lazy, Suspense, useState } from 'react';
import { importOutlastingOutage } from '../lib/import-outlasting-outage';

// Nobody needs the dialog to see the list: it loads the first time it opens (or when the browser is idle, see main.tsx).
const loadBody = () => import('./shortcuts-dialog-body');
const ShortcutsDialogBody = lazy(() => importOutlastingOutage(loadBody));

/** The keyboard shortcuts, opened with `?`. */
export function ShortcutsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  // Mounted from the first opening on, so closing it runs the dialog's own close.
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <ShortcutsDialogBody open={open} onClose={onClose} />
    </Suspense>
  );
}

/** Fetches the dialog's chunk ahead of need. */
export function preloadShortcutsDialog(): void {
  loadBody().catch(() => {
    // The dialog asks again when it first opens.
  });
}
