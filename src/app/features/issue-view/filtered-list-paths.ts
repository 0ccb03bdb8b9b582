/**
 * Where the issue view's people, labels and milestones lead: the list of this
 * repository filtered to them, written as the query github.com's issues page
 * takes in `?q=`. Each address is the one the list's rewrite of the app's old
 * URL forms (`?assignee=`, `?labels=`, `?milestone=`, ../../lib/legacy-query.ts)
 * would have made, so a click costs no redirect. No React here: the Markdown
 * worker builds person links with it too.
 */
import { quoteValue } from '../../lib/query-text';
import { listPath } from '../../app-paths';

function filteredListPath(owner: string, repo: string, q: string): string {
  return listPath(owner, repo, new URLSearchParams({ q }));
}

/**
 * A person (an author, an actor, an `@login` in a text): what they opened,
 * as github.com's `?q=author:LOGIN`, open or closed.
 */
export function authorListPath(owner: string, repo: string, login: string): string {
  return filteredListPath(owner, repo, `author:${login}`);
}

/** An assignee: everything assigned to them, open or closed (the old `?assignee=LOGIN&state=all`). */
export function assigneeListPath(owner: string, repo: string, login: string): string {
  return filteredListPath(owner, repo, `assignee:${quoteValue(login)}`);
}

/** A label: the open entries carrying it, as github.com's sidebar links a label (the old `?labels=NAME`). */
export function labelListPath(owner: string, repo: string, name: string): string {
  return filteredListPath(owner, repo, `is:open label:${quoteValue(name)}`);
}

/**
 * A milestone: everything in it, open or closed (the old `?milestone=TITLE&state=all`).
 * By title, which is what queries name; the list finds its number itself.
 */
export function milestoneListPath(owner: string, repo: string, title: string): string {
  return filteredListPath(owner, repo, `milestone:${quoteValue(title)}`);
}
