/** The app's own paths, which mirror github.com's (`/owner/repo/issues`, `/owner/repo/issues/12`). */

export function listPath(owner: string, repo: string, search?: URLSearchParams): string {
  const query = search?.toString() ?? '';
  return `/${encodeURIComponent(owner)}/${encodeURIComponent(repo)}/issues${query ? `?${query}` : ''}`;
}

export function issueViewPath(owner: string, repo: string, number: number): string {
  return `/${encodeURIComponent(owner)}/${encodeURIComponent(repo)}/issues/${number}`;
}
