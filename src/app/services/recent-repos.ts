/** The repositories opened lately on this device, newest first. */
import type { SafeStorage } from '../storage/safe-storage';
import { createDeviceListStore, type DeviceListStore } from './device-list-store';

export interface RecentRepo {
  /** `owner/name` as the service spells it */
  fullName: string;
  description: string | null;
  private: boolean;
  /** Unix ms */
  visitedAt: number;
}

export const RECENT_REPOS_STORAGE_KEY = 'issuescope.recentRepos';
export const MAX_RECENT_REPOS = 8;

function isRecentRepo(value: unknown): value is RecentRepo {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.fullName === 'string' &&
    /^[^/\s]+\/[^/\s]+$/.test(v.fullName) &&
    (typeof v.description === 'string' || v.description === null) &&
    typeof v.private === 'boolean' &&
    typeof v.visitedAt === 'number'
  );
}

export function createRecentRepos(storage: SafeStorage): DeviceListStore<RecentRepo> {
  return createDeviceListStore({ storage, key: RECENT_REPOS_STORAGE_KEY, isItem: isRecentRepo, maxItems: MAX_RECENT_REPOS });
}

/** Puts a repository at the top of the list (once, whatever its case). */
export function rememberRepo(store: DeviceListStore<RecentRepo>, repo: RecentRepo): void {
  store.update((items) => {
    const first = items[0];
    if (
      first !== undefined &&
      first.fullName === repo.fullName &&
      first.description === repo.description &&
      first.private === repo.private
    ) {
      return items;
    }
    const others = items.filter((item) => item.fullName.toLowerCase() !== repo.fullName.toLowerCase());
    return [repo, ...others];
  });
}

export function forgetRepo(store: DeviceListStore<RecentRepo>, fullName: string): void {
  store.update((items) => items.filter((item) => item.fullName !== fullName));
}
