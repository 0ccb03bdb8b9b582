import { BookmarkIcon } from '../../components/icons';
import { useId, useState } from 'react';
import { ModalDialog } from '../../components/modal-dialog';
import { useAppServices } from '../../services/app-services-context';
import { MAX_VIEW_NAME_LENGTH, saveView, viewSearch } from './saved-views';

/** Names the list's current filters and keeps them on this device, to find again on the start page. */
export function SaveViewButton({ owner, repo, search }: { owner: string; repo: string; search: URLSearchParams }) {
  const { savedViews, now } = useAppServices();
  const [open, setOpen] = useState(false);
  const [savedName, setSavedName] = useState<string | null>(null);
  const id = useId();
  const filters = viewSearch(search);
  return (
    <>
      <button type="button" className="btn" onClick={() => setOpen(true)}>
        <BookmarkIcon size={16} aria-hidden="true" />
        <span className="sr-only md:not-sr-only">Save view</span>
      </button>
      <span role="status" className="sr-only">
        {savedName !== null ? `Saved the view “${savedName}”.` : ''}
      </span>
      <ModalDialog open={open} onClose={() => setOpen(false)} title="Save this view">
        <form
          className="space-y-3"
          onSubmit={(event) => {
            event.preventDefault();
            const name = String(new FormData(event.currentTarget).get('name') ?? '').trim();
            if (name === '') return;
            saveView(savedViews, { name, owner, repo, search: filters }, now());
            setSavedName(name);
            setOpen(false);
          }}
        >
          <div>
            <label htmlFor={id} className="mb-1 block font-semibold">
              Name
            </label>
            <input id={id} name="name" required maxLength={MAX_VIEW_NAME_LENGTH} className="input" placeholder="e.g. Open bugs in the UI" autoFocus autoComplete="off" />
          </div>
          <p className="text-xs text-fg-muted">
            Saves <span className="font-mono">{owner}/{repo}</span> with {filters === '' ? 'the default filters' : <span className="font-mono break-all">{decodeURIComponent(filters)}</span>} on this device. Find it again on the start page.
          </p>
          <div className="flex justify-end gap-2">
            <button type="button" className="btn" onClick={() => setOpen(false)}>
              Cancel
            </button>
            <button type="submit" className="btn btn-primary">
              Save view
            </button>
          </div>
        </form>
      </ModalDialog>
    </>
  );
}
