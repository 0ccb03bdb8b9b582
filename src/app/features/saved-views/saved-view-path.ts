import { listPath } from '../../app-paths';
import type { SavedView } from '../../services/saved-views';

/** Where a saved view opens: its repository's list, or `/issues` for a view of the reader's own issues (owner and repo ''). */
export function savedViewPath(view: Pick<SavedView, 'owner' | 'repo' | 'search'>): string {
  return `${view.owner === '' && view.repo === '' ? '/issues' : listPath(view.owner, view.repo)}${view.search}`;
}
