/**
 * The hooks that read the app's shared stores (services/app-services-context.tsx),
 * kept apart from the stores themselves so that a store's module never imports
 * the context that names its type.
 */
import { useSyncExternalStore } from 'react';
import { useAppServices } from './app-services-context';
import type { RecentRepo } from './recent-repos';
import type { SavedView } from './saved-views';

/**
 * The current time, re-rendering every tick. A page rendered on the service, and the browser's
 * hydration of it, read the time it was rendered at (clock.ts), so the text matches; the next
 * render reads the live clock.
 */
export function useNow(): number {
  const { clock } = useAppServices();
  return useSyncExternalStore(clock.subscribe, clock.getSnapshot, clock.getServerSnapshot);
}

/**
 * A value derived from the clock, re-rendering only when it changes (e.g. the
 * minute for "3 minutes ago", or whether a reset time has passed). `select`
 * must return a primitive or a stable object.
 */
export function useClockSelect<T>(select: (now: number) => T): T {
  const { clock } = useAppServices();
  return useSyncExternalStore(
    clock.subscribe,
    () => select(clock.getSnapshot()),
    () => select(clock.getServerSnapshot()),
  );
}

/** The origin of the page the app runs in (services' `pageOrigin`): the service's render has no `window` to ask. */
export function usePageOrigin(): string {
  return useAppServices().pageOrigin;
}

export function useCredentialsNotice(): { raised: boolean; dismiss: () => void } {
  const { credentialsNotice } = useAppServices();
  const raised = useSyncExternalStore(credentialsNotice.subscribe, credentialsNotice.getSnapshot, credentialsNotice.getSnapshot);
  return { raised, dismiss: credentialsNotice.dismiss };
}

/**
 * The lists kept on this device: a service knows none of them, so a page it rendered, and the
 * browser's hydration of it, show none; the next render reads the device's.
 */
const NOTHING_ON_THE_SERVICE: readonly never[] = [];
const nothingOnTheService = () => NOTHING_ON_THE_SERVICE;

export function useRecentRepos(): readonly RecentRepo[] {
  const { recentRepos } = useAppServices();
  return useSyncExternalStore(recentRepos.subscribe, recentRepos.getSnapshot, nothingOnTheService);
}

export function useSavedViews(): readonly SavedView[] {
  const { savedViews } = useAppServices();
  return useSyncExternalStore(savedViews.subscribe, savedViews.getSnapshot, nothingOnTheService);
}
