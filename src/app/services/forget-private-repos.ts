import type { DeviceListStore } from './device-list-store';
import type { SavedView } from './saved-views';
import type { RecentRepo } from './recent-repos';

/**
 * What a token revealed and the device still shows once it is gone: the
 * private repositories among the recent ones (their names, descriptions) and
 * the saved views of those repositories. Removing or replacing the token
 * forgets them with its cached answers (issue 45); public ones stay, as
 * anyone may see them.
 */
export function forgetPrivateRepos(recentRepos: DeviceListStore<RecentRepo>, savedViews: DeviceListStore<SavedView>): void {
  const hidden = new Set(recentRepos.getSnapshot().filter((repo) => repo.private).map((repo) => repo.fullName.toLowerCase()));
  if (hidden.size === 0) return;
  recentRepos.update((items) => items.filter((repo) => !repo.private));
  savedViews.update((views) => views.filter((view) => !hidden.has(`${view.owner}/${view.repo}`.toLowerCase())));
}
