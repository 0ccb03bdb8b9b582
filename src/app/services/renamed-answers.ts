/**
 * spec 4.1.7: a renamed repository's old name answers 301, and the client
 * follows it to the new name. That answer is the new name's too: it is put in
 * the query cache under the key the new address asks for, so following the
 * rename in the address bar costs no second request. Needed only after a 301,
 * so a chunk of its own (./seed-after-rename; an issue's timeline imports it
 * itself, features/issue-view/timeline-queries).
 */
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { ApiResponse } from '../api/api-types';
import { issueKeys, repoKeys } from './query-keys';

/**
 * The first page of another infinite query (an issue's timeline,
 * features/issue-view/timeline-queries), whose keys this module does not import:
 * its key under a repository's name, and the page's param.
 */
export interface RenamedFirstPage {
  keyUnder: (owner: string, repo: string) => QueryKey;
  pageParam: unknown;
}

/** Which query the answer was for: the repository, a list page, a continuous list's first page, one issue (its number), or another's first page. */
export type RenamedQuery = 'repository' | 'page' | 'continuous' | number | RenamedFirstPage;

const REPO_SEGMENT = /\/repos\/[^/?#]+\/[^/?#]+(?=[/?#]|$)/;

/** `…/repos/old/name/issues?…` as `…/repos/new/name/issues?…`; null when the URL names no repository. */
export function renamedUrl(url: string, owner: string, repo: string): string | null {
  return REPO_SEGMENT.test(url) ? url.replace(REPO_SEGMENT, `/repos/${encodeURIComponent(owner)}/${encodeURIComponent(repo)}`) : null;
}

function keyOf(identity: string, query: RenamedQuery, owner: string, repo: string, url: string | null): QueryKey | null {
  if (typeof query === 'number') return issueKeys.detail(identity, owner, repo, query);
  if (typeof query === 'object') return query.keyUnder(owner, repo);
  if (query === 'repository') return repoKeys.detail(identity, owner, repo);
  if (url === null) return null;
  return query === 'page' ? issueKeys.page(identity, url) : issueKeys.continuous(identity, url);
}

/** What the query holds: the answer, or an infinite query's pages starting with it. */
function dataOf(query: RenamedQuery, answer: ApiResponse<unknown>, url: string | null): unknown {
  if (query === 'continuous') return { pages: [answer], pageParams: [url] };
  if (typeof query === 'object') return { pages: [answer], pageParams: [query.pageParam] };
  return answer;
}

export function seed(client: QueryClient, identity: string, query: RenamedQuery, requestUrl: string, response: ApiResponse<unknown>): void {
  const [owner, repo, ...rest] = (response.movedTo ?? '').split('/');
  if (!owner || !repo || rest.length > 0) return;
  const url = renamedUrl(requestUrl, owner, repo);
  const key = keyOf(identity, query, owner, repo, url);
  if (key === null) return;
  // Under its new name the answer names no move: the address already says where it is.
  client.setQueryData(key, dataOf(query, { ...response, movedTo: null }, url));
}
