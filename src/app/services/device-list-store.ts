/**
 * A short list kept on this device (recent repositories, saved views) through
 * SafeStorage, observable with useSyncExternalStore and kept in step with
 * other tabs through the `storage` event.
 */
import type { SafeStorage } from '../storage/safe-storage';

export interface DeviceListStore<T> {
  /** The same array until the list changes. */
  getSnapshot(): readonly T[];
  subscribe(listener: () => void): () => void;
  update(change: (items: readonly T[]) => readonly T[]): void;
}

export interface DeviceListOptions<T> {
  storage: SafeStorage;
  key: string;
  /** Drops entries written by an older version or tampered with. */
  isItem: (value: unknown) => value is T;
  maxItems: number;
}

export function createDeviceListStore<T>({ storage, key, isItem, maxItems }: DeviceListOptions<T>): DeviceListStore<T> {
  const listeners = new Set<() => void>();
  let items = read();

  function read(): readonly T[] {
    const raw = storage.getJson<unknown>(key);
    return Array.isArray(raw) ? raw.filter(isItem).slice(0, maxItems) : [];
  }

  function notify(): void {
    for (const listener of [...listeners]) listener();
  }

  function onStorage(event: StorageEvent): void {
    if (event.key !== null && event.key !== key) return;
    items = read();
    notify();
  }

  return {
    getSnapshot: () => items,
    subscribe(listener) {
      if (listeners.size === 0 && typeof window !== 'undefined') window.addEventListener('storage', onStorage);
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && typeof window !== 'undefined') window.removeEventListener('storage', onStorage);
      };
    },
    update(change) {
      const changed = change(items);
      // Unchanged (a repository already at the top, say): nothing to write, and no listener woken for nothing.
      if (changed === items) return;
      const next = changed.slice(0, maxItems);
      items = next;
      // Kept in memory even when storage refuses the write: it lasts until the tab closes.
      storage.setJson(key, next);
      notify();
    },
  };
}
