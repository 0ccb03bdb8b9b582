/**
 * The query cache's keys for repositories and issues, by identity (a token's
 * answers are never another's), and the API path of a repository: the
 * vocabulary the features' queries and the rename seeding share.
 */

export const repoKeys = {
  all: (identity: string) => ['repos', identity] as const,
  detail: (identity: string, owner: string, repo: string) =>
    [...repoKeys.all(identity), 'detail', owner.toLowerCase(), repo.toLowerCase()] as const,
  labels: (identity: string, owner: string, repo: string) =>
    [...repoKeys.all(identity), 'labels', owner.toLowerCase(), repo.toLowerCase()] as const,
};

export const issueKeys = {
  all: (identity: string) => ['issues', identity] as const,
  pages: (identity: string) => [...issueKeys.all(identity), 'page'] as const,
  /** one list page, by the absolute URL requested (built from the view, or a `Link` rel) */
  page: (identity: string, url: string) => [...issueKeys.pages(identity), url] as const,
  continuousLists: (identity: string) => [...issueKeys.all(identity), 'continuous'] as const,
  /** the continuous list of a view, by the URL of its first page */
  continuous: (identity: string, firstUrl: string) => [...issueKeys.continuousLists(identity), firstUrl] as const,
  detail: (identity: string, owner: string, repo: string, number: number) =>
    [...issueKeys.all(identity), 'detail', owner.toLowerCase(), repo.toLowerCase(), number] as const,
};

export function repoPath(owner: string, repo: string): string {
  return `/repos/${encodeURIComponent(owner)}/${encodeURIComponent(repo)}`;
}
