/** The dialog that names and saves a view: its own chunk, loaded when it first opens (./save-view-button). */
import { useId } from 'react';
import { ModalDialog } from '../../components/modal-dialog';
import { useAppServices } from '../../services/app-services-context';
import { MAX_VIEW_NAME_LENGTH, saveView, viewSearch } from '../../services/saved-views';

export interface SaveViewDialogProps {
  open: boolean;
  owner: string;
  repo: string;
  search: URLSearchParams;
  onClose: () => void;
  onSaved: (name: string) => void;
}

export default function SaveViewDialog({ open, owner, repo, search, onClose, onSaved }: SaveViewDialogProps) {
  const { savedViews, now } = useAppServices();
  const id = useId();
  const filters = viewSearch(search);
  return (
    <ModalDialog open={open} onClose={onClose} title="Save this view">
      <form
        className="space-y-3"
        onSubmit={(event) => {
          event.preventDefault();
          const name = String(new FormData(event.currentTarget).get('name') ?? '').trim();
          if (name === '') return;
          saveView(savedViews, { name, owner, repo, search: filters }, now());
          onSaved(name);
        }}
      >
        <div>
          <label htmlFor={id} className="mb-1 block font-semibold">
            Name
          </label>
          <input id={id} name="name" required maxLength={MAX_VIEW_NAME_LENGTH} className="input" placeholder="e.g. Open bugs in the UI" autoFocus autoComplete="off" />
        </div>
        <p className="text-xs text-fg-muted">
          Saves {owner === '' ? 'your issues across repositories' : <span className="font-mono">{owner}/{repo}</span>} with {filters === '' ? 'the default filters' : <span className="font-mono break-all">{decodeURIComponent(filters)}</span>} on this device. Find it again on the start page.
        </p>
        <div className="flex justify-end gap-2">
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary">
            Save view
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
