/** Named filter sets of the issue list, kept on this device. */
import type { SafeStorage } from '../storage/safe-storage';
import { createDeviceListStore, type DeviceListStore } from './device-list-store';

export interface SavedView {
  id: string;
  name: string;
  /** '' (with `repo`) for a view of `/issues`, the reader's own issues across repositories */
  owner: string;
  repo: string;
  /** the list's search string without `page`, e.g. `?state=closed&labels=bug` */
  search: string;
  /** Unix ms */
  savedAt: number;
}

export const SAVED_VIEWS_STORAGE_KEY = 'issuescope.savedViews';
export const MAX_SAVED_VIEWS = 50;
export const MAX_VIEW_NAME_LENGTH = 80;

function isSavedView(value: unknown): value is SavedView {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.id === 'string' &&
    typeof v.name === 'string' &&
    typeof v.owner === 'string' &&
    typeof v.repo === 'string' &&
    typeof v.search === 'string' &&
    (v.search === '' || v.search.startsWith('?')) &&
    typeof v.savedAt === 'number'
  );
}

export function createSavedViews(storage: SafeStorage): DeviceListStore<SavedView> {
  return createDeviceListStore({ storage, key: SAVED_VIEWS_STORAGE_KEY, isItem: isSavedView, maxItems: MAX_SAVED_VIEWS });
}

/** A view's search without the page: a saved view is a filter set, and opens on its first page. */
export function viewSearch(search: URLSearchParams): string {
  const params = new URLSearchParams(search);
  params.delete('page');
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

export function saveView(
  store: DeviceListStore<SavedView>,
  view: Omit<SavedView, 'id' | 'savedAt'>,
  now: number,
): SavedView {
  const saved: SavedView = { ...view, name: view.name.trim().slice(0, MAX_VIEW_NAME_LENGTH), id: `${now.toString(36)}-${Math.random().toString(36).slice(2, 8)}`, savedAt: now };
  // A view saved again under the same name replaces the old one.
  store.update((items) => [saved, ...items.filter((item) => item.name.toLowerCase() !== saved.name.toLowerCase() || item.owner !== saved.owner || item.repo !== saved.repo)]);
  return saved;
}

export function deleteView(store: DeviceListStore<SavedView>, id: string): void {
  store.update((items) => items.filter((item) => item.id !== id));
}
