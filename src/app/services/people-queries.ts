/**
 * Query keys and options of a repository's assignees and milestones (the filter bar's
 * Author, Assignee and Milestones menus) and of one user (hovercards), shared by hooks.
 * Every key starts with the connection's identity, as every key in the app does.
 */
import { queryOptions, type Query } from '@tanstack/react-query';
import type { AuthenticatedUser, Milestone, SimpleUser } from '../../shared/wire-types';
import type { ApiResponse } from '../api/api-types';
import { STALE_TIME_MS } from './query-client';
import { apiUrl, type Connection } from './connection-store';
import { expectShape } from './expect-shape';
import { repoPath } from './query-keys';

/** GitHub's largest page: a menu shows the first hundred, and its find box says to type a login past them. */
export const MENU_PER_PAGE = 100;

export const peopleKeys = {
  assignees: (identity: string, owner: string, repo: string) => ['repos', identity, 'assignees', owner.toLowerCase(), repo.toLowerCase()] as const,
  milestones: (identity: string, owner: string, repo: string) => ['repos', identity, 'milestones', owner.toLowerCase(), repo.toLowerCase()] as const,
  user: (identity: string, login: string) => ['users', identity, login.toLowerCase()] as const,
};

/**
 * How long an answer is used without asking again: the `max-age` it came with (GitHub and
 * the service say 60 s), else the app's default. Asked again after that, it is a conditional
 * request, free when nothing changed.
 */
export function freshFor<T, K extends readonly unknown[]>(query: Query<ApiResponse<T>, Error, ApiResponse<T>, K>): number {
  const maxAge = query.state.data?.maxAgeSeconds;
  return typeof maxAge === 'number' ? maxAge * 1000 : STALE_TIME_MS;
}

export function assigneesQuery(connection: Connection, owner: string, repo: string) {
  return queryOptions({
    queryKey: peopleKeys.assignees(connection.identity, owner, repo),
    queryFn: async ({ signal }): Promise<ApiResponse<SimpleUser[]>> =>
      expectShape(await connection.client.get<SimpleUser[]>(apiUrl(connection, `${repoPath(owner, repo)}/assignees?per_page=${MENU_PER_PAGE}`), { signal }), 'array'),
    staleTime: freshFor,
  });
}

/** Open and closed milestones: a closed one is still something to filter by, as github.com's menu offers it. */
export function milestonesQuery(connection: Connection, owner: string, repo: string) {
  return queryOptions({
    queryKey: peopleKeys.milestones(connection.identity, owner, repo),
    queryFn: async ({ signal }): Promise<ApiResponse<Milestone[]>> =>
      expectShape(
        await connection.client.get<Milestone[]>(apiUrl(connection, `${repoPath(owner, repo)}/milestones?state=all&per_page=${MENU_PER_PAGE}`), { signal }),
        'array',
      ),
    staleTime: freshFor,
  });
}

export function userQuery(connection: Connection, login: string) {
  return queryOptions({
    queryKey: peopleKeys.user(connection.identity, login),
    queryFn: async ({ signal }): Promise<ApiResponse<AuthenticatedUser>> =>
      expectShape(await connection.client.get<AuthenticatedUser>(apiUrl(connection, `/users/${encodeURIComponent(login)}`), { signal }), 'object'),
    staleTime: freshFor,
  });
}
