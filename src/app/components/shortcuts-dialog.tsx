import { lazy, Suspense } from 'react';
import { ModalDialog } from './modal-dialog';

// Nobody needs the table to see the list: it loads the first time the dialog opens.
const ShortcutsTable = lazy(() => import('./shortcuts-table'));

/** The keyboard shortcuts, opened with `?`. */
export function ShortcutsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <ModalDialog open={open} onClose={onClose} title="Keyboard shortcuts">
      <Suspense fallback={<p className="text-fg-muted">Loading the shortcuts…</p>}>
        <ShortcutsTable />
      </Suspense>
    </ModalDialog>
  );
}
