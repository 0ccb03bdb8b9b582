/**
 * A fake ApiClient for component tests: answers by URL with ApiResponse values
 * or rejects with the typed errors, and records every URL requested. The real
 * client has its own tests against a real server.
 */
import type { Issue, IssueComment, Label, RateLimitOverview, Repository, SimpleUser } from '../../src/shared/wire-types';
import { searchIssuesPath } from '../../src/shared/default-list-query';
import type { ApiClient, ApiResponse, PageLinks, RateLimitSnapshot, SearchIssuesRequest, SearchIssuesResult } from '../../src/app/api/api-types';

export const TEST_BASE_URL = 'http://api.test/api';

export type Answer = ApiResponse<unknown> | Error;
export type Handler = (url: URL) => Answer | Promise<Answer | undefined> | undefined;

export interface FakeApi {
  client: ApiClient;
  /** every absolute URL requested, in order */
  calls: string[];
  /** the `onRateLimit` listener the app registered, to feed headers as responses would */
  reportRateLimit(snapshot: RateLimitSnapshot): void;
}

export function ok<T>(data: T, extra: Partial<Omit<ApiResponse<T>, 'data'>> = {}): ApiResponse<T> {
  return { data, status: 200, url: '', links: {}, rateLimit: null, notModified: false, offline: false, movedTo: null, ...extra };
}

export function pageUrl(owner: string, repo: string, page: number, extra = 'state=open&per_page=30'): string {
  return `${TEST_BASE_URL}/repos/${owner}/${repo}/issues?${extra}&page=${page}`;
}

export function links(owner: string, repo: string, rels: Partial<Record<keyof PageLinks, number>>): PageLinks {
  const out: PageLinks = {};
  for (const [rel, page] of Object.entries(rels) as [keyof PageLinks, number][]) out[rel] = pageUrl(owner, repo, page);
  return out;
}

export function createFakeApi(handler: Handler): {
  api: FakeApi;
  factory: (options: { baseUrl: string; onRateLimit?: (s: RateLimitSnapshot) => void }) => ApiClient;
} {
  const calls: string[] = [];
  let listener: ((s: RateLimitSnapshot) => void) | undefined;
  const api: FakeApi = {
    calls,
    client: null as unknown as ApiClient,
    reportRateLimit: (s) => listener?.(s),
  };
  const factory = (options: { baseUrl: string; onRateLimit?: (s: RateLimitSnapshot) => void }): ApiClient => {
    listener = options.onRateLimit;
    const client: ApiClient = {
      baseUrl: options.baseUrl,
      async get<T>(pathOrUrl: string): Promise<ApiResponse<T>> {
        const url = new URL(/^https?:/.test(pathOrUrl) ? pathOrUrl : `${options.baseUrl}${pathOrUrl}`);
        calls.push(url.href);
        const answer = (await handler(url)) ?? defaultAnswer(url);
        if (answer instanceof Error) throw answer;
        const response = { ...answer, url: answer.url || url.href } as ApiResponse<T>;
        if (response.rateLimit) listener?.(response.rateLimit);
        return response;
      },
      searchIssues<Item>(request: SearchIssuesRequest | string): Promise<ApiResponse<SearchIssuesResult<Item>>> {
        return client.get<SearchIssuesResult<Item>>(typeof request === 'string' ? request : searchIssuesPath(request));
      },
    };
    api.client = client;
    return client;
  };
  return { api, factory };
}

/** A search answer as GitHub shapes it. */
export function searchResult(items: Issue[], total = items.length, extra: Partial<Omit<ApiResponse<SearchIssuesResult<Issue>>, 'data'>> = {}): ApiResponse<SearchIssuesResult<Issue>> {
  return ok({ total_count: total, incomplete_results: false, items }, extra);
}

function defaultAnswer(url: URL): Answer {
  if (url.pathname.endsWith('/search/issues')) return searchResult([]);
  if (url.pathname.endsWith('/rate_limit')) return ok(rateLimitOverview());
  if (url.pathname.endsWith('/user')) return ok(makeUser('octocat'));
  const repo = /\/repos\/([^/]+)\/([^/]+)$/.exec(url.pathname);
  if (repo) return ok(makeRepository(repo[1]!, repo[2]!));
  if (url.pathname.endsWith('/labels')) return ok([makeLabel('bug', 'd73a4a'), makeLabel('enhancement', 'a2eeef'), makeLabel('docs', '0075ca')]);
  if (url.pathname.endsWith('/comments')) return ok([] as IssueComment[]);
  return ok([] as Issue[]);
}

export function rateLimitOverview(remaining = 4990, limit = 5000, resetSeconds = Math.floor(Date.now() / 1000) + 3600): RateLimitOverview {
  const core = { limit, remaining, used: limit - remaining, reset: resetSeconds };
  return { resources: { core }, rate: core };
}

export function makeUser(login: string): SimpleUser {
  return {
    login,
    id: login.length,
    node_id: `U_${login}`,
    avatar_url: '',
    gravatar_id: '',
    url: `${TEST_BASE_URL}/users/${login}`,
    html_url: `http://app.test/${login}`,
    type: 'User',
    site_admin: false,
  };
}

export function makeLabel(name: string, color: string, description: string | null = null): Label {
  return { id: name.length * 7 + color.length, node_id: `L_${name}`, url: '', name, color, default: false, description };
}

export function makeRepository(owner: string, name: string): Repository {
  return {
    id: 1,
    node_id: 'R_1',
    name,
    full_name: `${owner}/${name}`,
    private: false,
    owner: makeUser(owner),
    html_url: `http://app.test/${owner}/${name}`,
    description: `The ${name} repository`,
    url: `${TEST_BASE_URL}/repos/${owner}/${name}`,
    issues_url: '',
    created_at: '2024-01-01T00:00:00Z',
    updated_at: '2024-05-01T00:00:00Z',
    has_issues: true,
    open_issues_count: 42,
    visibility: 'public',
    default_branch: 'main',
  };
}

export function makeIssue(number: number, overrides: Partial<Issue> = {}, owner = 'acme', repo = 'rocket'): Issue {
  return {
    id: 1000 + number,
    node_id: `I_${number}`,
    url: `${TEST_BASE_URL}/repos/${owner}/${repo}/issues/${number}`,
    repository_url: `${TEST_BASE_URL}/repos/${owner}/${repo}`,
    labels_url: '',
    comments_url: '',
    events_url: '',
    html_url: `http://app.test/${owner}/${repo}/issues/${number}`,
    number,
    title: `Issue number ${number}`,
    user: makeUser('alice'),
    labels: [],
    state: 'open',
    state_reason: null,
    locked: false,
    active_lock_reason: null,
    assignee: null,
    assignees: [],
    milestone: null,
    comments: 0,
    created_at: '2024-05-01T12:00:00Z',
    updated_at: '2024-05-02T12:00:00Z',
    closed_at: null,
    author_association: 'MEMBER',
    body: null,
    ...overrides,
  };
}
