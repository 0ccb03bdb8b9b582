import { listPath } from '../repo-picker/app-paths';

/**
 * Where a person leads (an author, an actor, an `@login` in a text): the list
 * of this repository filtered to what they opened, as github.com's
 * `?q=author:LOGIN`. Apart from ./person-link so the Markdown worker can
 * build the same address without React.
 */
export function authorListPath(owner: string, repo: string, login: string): string {
  return listPath(owner, repo, new URLSearchParams({ q: `author:${login}` }));
}
