/** The app's own paths, which mirror github.com's (`/owner/repo/issues`, `/owner/repo/issues/12`). */

export function listPath(owner: string, repo: string, search?: URLSearchParams): string {
  const query = search?.toString() ?? '';
  return `/${encodeURIComponent(owner)}/${encodeURIComponent(repo)}/issues${query ? `?${query}` : ''}`;
}

export function issueViewPath(owner: string, repo: string, number: number): string {
  return `/${encodeURIComponent(owner)}/${encodeURIComponent(repo)}/issues/${number}`;
}

/**
 * A comment's anchor, as on github.com (`issuecomment-<id>`): its card's id on
 * the issue page, and the fragment of a link to it.
 */
export function commentAnchor(id: number): string {
  return `issuecomment-${id}`;
}

const COMMENT_ANCHOR = /^issuecomment-([1-9]\d{0,15})$/;

/** The comment id a fragment (without its `#`) links to, or null if it names no comment. */
export function commentIdFromAnchor(fragment: string): number | null {
  const match = COMMENT_ANCHOR.exec(fragment);
  return match ? Number(match[1]) : null;
}
