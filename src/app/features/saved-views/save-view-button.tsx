import { BookmarkIcon } from '../../components/icons';
import { lazy, Suspense, useState } from 'react';
import { importOutlastingOutage } from '../../lib/import-outlasting-outage';

// The list's first paint shows only the button: the dialog loads the first time it opens (or when the browser is idle, see main.tsx).
const loadDialog = () => import('./save-view-dialog');
const SaveViewDialog = lazy(() => importOutlastingOutage(loadDialog));

/** Names the list's current filters and keeps them on this device, to find again on the start page. */
export function SaveViewButton({ owner, repo, search }: { owner: string; repo: string; search: URLSearchParams }) {
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so closing it runs the dialog's own close.
  const [opened, setOpened] = useState(false);
  const [savedName, setSavedName] = useState<string | null>(null);
  if (open && !opened) setOpened(true);
  return (
    <>
      <button type="button" className="btn" onClick={() => setOpen(true)}>
        <BookmarkIcon size={16} aria-hidden="true" />
        <span className="sr-only md:not-sr-only">Save view</span>
      </button>
      <span role="status" className="sr-only">
        {savedName !== null ? `Saved the view “${savedName}”.` : ''}
      </span>
      {opened ? (
        <Suspense fallback={null}>
          <SaveViewDialog
            open={open}
            owner={owner}
            repo={repo}
            search={search}
            onClose={() => setOpen(false)}
            onSaved={(name) => {
              setSavedName(name);
              setOpen(false);
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}

/** Fetches the dialog's chunk ahead of need. */
export function preloadSaveViewDialog(): void {
  loadDialog().catch(() => {
    // The lazy component tries again when the dialog opens.
  });
}
