/** `GET /repos/{owner}/{repo}` and `/repos/{owner}/{repo}/labels`. */
import { Hono } from 'hono';
import { toIsoSeconds } from '../../shared/iso-seconds';
import { parsePageParams } from '../../shared/list-params';
import type { Repository } from '../../shared/wire-types';
import type { AppEnv } from '../app-env';
import { DOCS, errors } from '../http/error-bodies';
import { parseQueryString } from '../http/query-string';
import { sendError, sendRepoJson, sendRepoPage } from '../http/respond';
import { apiUrl, repoApiUrl, repoWebUrl, webUrl } from '../store/issue-document';
import { buildLabel, syntheticId, userUrlTemplates } from '../store/build-documents';
import type { RepoRecord } from '../store/records';
import { REPO_URL_TEMPLATES } from '../store/repository-url-templates';
import type { IssueReader } from '../store/storage';

/**
 * GitHub's `full-repository` shape. The app reads a few fields (wire-types'
 * `Repository`); the rest are there because GitHub's description requires
 * them, with the values a read-only issue tracker can truthfully give: no
 * forks, stars, code or wiki here, so counts are 0 and features off.
 */
interface FullRepository extends Repository {
  [field: string]: unknown;
}

function repositoryDocument(repo: RepoRecord, openIssues: number): FullRepository {
  const ownerId = syntheticId('user', repo.owner.toLowerCase());
  const ownerApiUrl = apiUrl(`/users/${encodeURIComponent(repo.owner)}`);
  const updatedAt = toIsoSeconds(repo.modifiedAt * 1000);
  return {
    id: repo.id,
    node_id: `R_${Buffer.from(`0:${repo.id}`).toString('base64url')}`,
    name: repo.name,
    full_name: `${repo.owner}/${repo.name}`,
    private: repo.isPrivate,
    owner: {
      login: repo.owner,
      id: ownerId,
      node_id: `O_${Buffer.from(`0:${ownerId}`).toString('base64url')}`,
      avatar_url: webUrl(`/avatars/${encodeURIComponent(repo.owner)}.svg`),
      gravatar_id: '',
      url: ownerApiUrl,
      html_url: webUrl(`/${encodeURIComponent(repo.owner)}`),
      ...userUrlTemplates(ownerApiUrl),
      type: 'Organization',
      site_admin: false,
    },
    html_url: repoWebUrl('/issues'),
    description: repo.description,
    fork: false,
    url: repoApiUrl(),
    ...Object.fromEntries(REPO_URL_TEMPLATES.map(([field, path]) => [field, repoApiUrl(path)])),
    issues_url: repoApiUrl('/issues{/number}'),
    created_at: repo.createdAt,
    updated_at: updatedAt,
    pushed_at: updatedAt,
    // No git here: the clone URLs name where the repository would be, as GitHub's fields must.
    git_url: repoWebUrl('.git'),
    ssh_url: repoWebUrl('.git'),
    clone_url: repoWebUrl('.git'),
    svn_url: repoWebUrl(),
    homepage: null,
    size: 0,
    stargazers_count: 0,
    watchers_count: 0,
    language: null,
    has_issues: true,
    has_projects: false,
    has_downloads: false,
    has_wiki: false,
    has_pages: false,
    has_discussions: false,
    forks_count: 0,
    mirror_url: null,
    archived: false,
    disabled: false,
    open_issues_count: openIssues,
    license: null,
    allow_forking: false,
    is_template: false,
    topics: [],
    visibility: repo.isPrivate ? 'private' : 'public',
    forks: 0,
    open_issues: openIssues,
    watchers: 0,
    default_branch: 'main',
    network_count: 0,
    subscribers_count: 0,
  };
}

export function repoRoutes(store: Pick<IssueReader, 'openIssueCount' | 'listLabels'>, webBase: string | null): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.get('/', async (c) => {
    const repo = c.get('repo');
    return sendRepoJson(c, repo, JSON.stringify(repositoryDocument(repo, await store.openIssueCount(repo.id))), { webBase });
  });

  routes.get('/labels', async (c) => {
    const q = parseQueryString(new URL(c.req.url).search);
    if (!q.ok) return sendError(c, errors.badRequest('Problems parsing query string', DOCS.listLabels));
    const paging = parsePageParams(q.read);
    const repo = c.get('repo');
    const { total, labels } = await store.listLabels(repo.id, paging);
    const documents = labels.map((label) => JSON.stringify(buildLabel(label)));
    return sendRepoPage(c, repo, { total, documents }, paging, webBase);
  });

  return routes;
}
