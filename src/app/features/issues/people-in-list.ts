/**
 * The people the issue list has shown of one repository (authors and assignees of the pages and
 * continuous lists in the query cache): the Author and Assignee menus offer them beside the
 * repository's assignees, as github.com's menus offer the people of the issues on screen.
 * Read from the cache, never fetched.
 */
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { Issue, SimpleUser } from '../../../shared/wire-types';
import type { ApiResponse } from '../../api/api-types';
import { issueKeys } from '../../services/query-keys';

function inRepository(issue: Issue, owner: string, repo: string): boolean {
  const suffix = `/repos/${owner}/${repo}`.toLowerCase();
  return typeof issue.repository_url === 'string' && decodeURIComponent(issue.repository_url).toLowerCase().endsWith(suffix);
}

export function peopleInList(queryClient: QueryClient, identity: string, owner: string, repo: string, role: 'author' | 'assignee'): SimpleUser[] {
  const pages = queryClient.getQueriesData<ApiResponse<Issue[]>>({ queryKey: issueKeys.pages(identity) }).map(([, data]) => data);
  const continuous = queryClient
    .getQueriesData<InfiniteData<ApiResponse<Issue[]>>>({ queryKey: issueKeys.continuousLists(identity) })
    .flatMap(([, data]) => data?.pages ?? []);
  const people = new Map<string, SimpleUser>();
  for (const page of [...pages, ...continuous]) {
    for (const issue of page?.data ?? []) {
      if (!inRepository(issue, owner, repo)) continue;
      const named = role === 'author' ? (issue.user ? [issue.user] : []) : (issue.assignees ?? []);
      for (const user of named) if (!people.has(user.login.toLowerCase())) people.set(user.login.toLowerCase(), user);
    }
  }
  return [...people.values()];
}
