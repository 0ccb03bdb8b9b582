import { useSyncExternalStore } from 'react';

const nothingChanges = () => () => {};

/** A server snapshot for what a server has not (a screen, a chunk loaded later), one function for all. */
export const falseOnTheServer = (): boolean => false;

/**
 * False on a server and while the browser hydrates what a server rendered, true from the next
 * render on (and always, for a page rendered in the browser). For what depends on the reader's
 * device and cannot be a server snapshot of a store: a time written in the reader's time zone.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(nothingChanges, () => true, falseOnTheServer);
}
