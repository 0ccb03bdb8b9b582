/**
 * Turns what someone pastes into the start page (`owner/repo`, any github.com
 * URL of a repository's issues or pull requests, an API URL, a git remote)
 * into the app's own URL. The app's routes mirror github.com's, so the path
 * maps one to one, and the list keeps GitHub's search in `?q=` as github.com
 * does: it is carried over unchanged.
 *
 * Loaded on demand (the start page, `/pulls`): the list's first paint only needs ./app-paths.
 */
import { hasLegacyParams, LEGACY_PARAM_NAMES } from '../../lib/list-query';
import { rewriteLegacyParams } from '../../lib/legacy-query';
import { commentAnchor, commentIdFromAnchor, issueViewPath, listPath } from '../../app-paths';

export type Destination =
  | { kind: 'list'; owner: string; repo: string; search: URLSearchParams }
  | { kind: 'issue'; owner: string; repo: string; number: number; /** the id of a comment it links to */ comment?: number };

export type TranslateResult = { ok: true; destination: Destination; path: string } | { ok: false; message: string };

const OWNER = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})$/;
const REPO = /^[A-Za-z0-9._-]{1,100}$/;
const ISSUE_NUMBER = /^[1-9]\d{0,9}$/;
const GITHUB_HOSTS = new Set(['github.com', 'www.github.com', 'api.github.com']);

const HELP = 'Enter a repository as owner/name (for example acme/rocket), or paste a GitHub URL.';

/**
 * Code hosts that are not GitHub, whose URLs have GitHub's `owner/repo` shape:
 * taken as GitHub's, they would open a same-named repository of the service
 * in use, or a "not found", without a word (issue 45). A GitHub Enterprise
 * host or this app's own address cannot be listed, so any other host is
 * taken as GitHub-compatible.
 */
const OTHER_FORGES = ['gitlab.com', 'bitbucket.org', 'codeberg.org', 'sr.ht', 'gitee.com', 'sourceforge.net', 'dev.azure.com', 'visualstudio.com'];

function otherForge(hostname: string): string | null {
  const host = hostname.toLowerCase().replace(/^www\./, '');
  return OTHER_FORGES.find((forge) => host === forge || host.endsWith(`.${forge}`)) ?? null;
}

function notGitHub(host: string): TranslateResult {
  return { ok: false, message: `${host} is not GitHub: Issuescope opens repositories of GitHub, GitHub Enterprise Server or a service that speaks GitHub's API. ${HELP}` };
}

export function isRepoName(owner: string, repo: string): boolean {
  return OWNER.test(owner) && REPO.test(repo) && repo !== '.' && repo !== '..';
}

function result(destination: Destination): TranslateResult {
  const path =
    destination.kind === 'issue'
      ? `${issueViewPath(destination.owner, destination.repo, destination.number)}${destination.comment === undefined ? '' : `#${commentAnchor(destination.comment)}`}`
      : listPath(destination.owner, destination.repo, destination.search);
  return { ok: true, destination, path };
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

export function translateRepoInput(input: string): TranslateResult {
  const raw = input.trim();
  if (raw === '') return { ok: false, message: HELP };

  // owner/repo#12
  const shorthand = /^([^/\s#]+)\/([^/\s#]+?)(?:\.git)?(?:#(\d+))?$/.exec(raw);
  if (shorthand && !raw.includes(':')) {
    const [, owner, repo, number] = shorthand as unknown as [string, string, string, string | undefined];
    if (!isRepoName(owner, repo)) return { ok: false, message: `“${raw}” is not a repository name. ${HELP}` };
    return number !== undefined && ISSUE_NUMBER.test(number)
      ? result({ kind: 'issue', owner, repo, number: Number(number) })
      : result({ kind: 'list', owner, repo, search: new URLSearchParams() });
  }

  // git@github.com:owner/repo.git
  const scp = /^[\w.-]+@[\w.-]+:([^/\s]+)\/([^/\s]+?)(?:\.git)?\/?$/.exec(raw);
  if (scp) {
    const host = /@([\w.-]+):/.exec(raw)![1]!;
    if (otherForge(host) !== null) return notGitHub(host);
    const [, owner, repo] = scp as unknown as [string, string, string];
    if (isRepoName(owner, repo)) return result({ kind: 'list', owner, repo, search: new URLSearchParams() });
  }

  let url: URL;
  try {
    url = new URL(/^[a-z][a-z\d+.-]*:\/\//i.test(raw) ? raw : `https://${raw}`);
  } catch {
    return { ok: false, message: HELP };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { ok: false, message: HELP };
  if (otherForge(url.hostname) !== null) return notGitHub(url.hostname);

  const segments = url.pathname.split('/').filter((s) => s !== '').map(safeDecode);
  // GitLab's pages (on gitlab.com or a host of its own) put `/-/` between the project and its issues; GitHub's never do.
  if (segments.includes('-')) return notGitHub(url.hostname);
  // API URLs (api.github.com/repos/o/r/issues, HOST/api/v3/repos/...) name the repository after /repos/.
  const reposAt = segments.indexOf('repos');
  const path = reposAt >= 0 && (GITHUB_HOSTS.has(url.hostname) || segments[0] === 'api') ? segments.slice(reposAt + 1) : segments;
  const [owner, rawRepo, section, detail] = path;
  if (owner === undefined || rawRepo === undefined) return { ok: false, message: `That URL does not name a repository. ${HELP}` };
  const repo = rawRepo.replace(/\.git$/, '');
  if (!isRepoName(owner, repo)) return { ok: false, message: `“${owner}/${repo}” is not a repository name. ${HELP}` };

  if ((section === 'issues' || section === 'pull' || section === 'pulls') && detail !== undefined && ISSUE_NUMBER.test(detail)) {
    // GitHub's link to one comment; other anchors (a pull request's diff lines) name nothing here.
    const comment = commentIdFromAnchor(url.hash.slice(1));
    return result({ kind: 'issue', owner, repo, number: Number(detail), ...(comment === null ? {} : { comment }) });
  }
  if (section === 'issues' || section === 'pulls') {
    const base = section === 'pulls' ? 'pulls' : 'issues';
    return result({ kind: 'list', owner, repo, search: translateListQuery(url.searchParams, base) });
  }
  if (section === 'labels' && detail !== undefined) {
    return result({ kind: 'list', owner, repo, search: new URLSearchParams({ q: `is:open label:${/[\s,()"]/.test(detail) ? `"${detail}"` : detail}` }) });
  }
  return result({ kind: 'list', owner, repo, search: new URLSearchParams() });
}

/** The parameters of the app's list URL a github.com list URL (or this app's, or an API's) names. */
const LIST_URL_PARAMS: readonly string[] = ['q', 'per_page', 'page', 'view', ...LEGACY_PARAM_NAMES];

/**
 * The list parameters of a github.com (or this app's, or the API's) list URL:
 * `q` as it is, paging and the view mode kept; the app's old parameters
 * (`state`, `labels`, …) written into `q`. github.com's pull requests page
 * without a `q` shows open pull requests.
 */
export function translateListQuery(search: URLSearchParams, base: 'issues' | 'pulls'): URLSearchParams {
  let params = new URLSearchParams();
  for (const [name, value] of search) if (LIST_URL_PARAMS.includes(name)) params.append(name, value);
  if (hasLegacyParams(params)) {
    if (base === 'pulls' && !params.has('type')) params.set('type', 'pr');
    params = rewriteLegacyParams(params);
  }
  if (base === 'pulls' && !params.has('q')) params.set('q', 'is:pr is:open');
  return params;
}
