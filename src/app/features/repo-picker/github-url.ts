/**
 * Turns what someone pastes into the start page (`owner/repo`, any github.com
 * URL of a repository's issues or pull requests, an API URL, a git remote)
 * into the app's own URL, translating GitHub's search box (`q=is:closed
 * label:bug sort:created-asc`) into the list's parameters.
 *
 * The app's routes mirror github.com's, so the path maps one to one; what the
 * API cannot express is reported back, never silently dropped.
 *
 * Loaded on demand (the start page, a pasted `?q=`, `/pulls`): the list's
 * first paint only needs ./app-paths and ./search-qualifiers.
 */
import { LIST_PARAM_NAMES } from '../issues/list-view';
import { commentAnchor, commentIdFromAnchor, issueViewPath, listPath } from './app-paths';
import { SEARCH_TOKEN } from './search-qualifiers';

export type Destination =
  | { kind: 'list'; owner: string; repo: string; search: URLSearchParams }
  | { kind: 'issue'; owner: string; repo: string; number: number; /** the id of a comment it links to */ comment?: number };

export type TranslateResult =
  | { ok: true; destination: Destination; path: string; ignored: string[] }
  | { ok: false; message: string };

export interface SearchTranslation {
  params: URLSearchParams;
  /** qualifiers with no equivalent in the API, as written */
  ignored: string[];
}

const OWNER = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})$/;
const REPO = /^[A-Za-z0-9._-]{1,100}$/;
const ISSUE_NUMBER = /^[1-9]\d{0,9}$/;
const GITHUB_HOSTS = new Set(['github.com', 'www.github.com', 'api.github.com']);

const HELP = 'Enter a repository as owner/name (for example acme/rocket), or paste a GitHub URL.';

export function isRepoName(owner: string, repo: string): boolean {
  return OWNER.test(owner) && REPO.test(repo) && repo !== '.' && repo !== '..';
}

function result(destination: Destination, ignored: string[] = []): TranslateResult {
  const path =
    destination.kind === 'issue'
      ? `${issueViewPath(destination.owner, destination.repo, destination.number)}${destination.comment === undefined ? '' : `#${commentAnchor(destination.comment)}`}`
      : listPath(destination.owner, destination.repo, destination.search);
  return { ok: true, destination, path, ignored };
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

  const segments = url.pathname.split('/').filter((s) => s !== '').map(safeDecode);
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
    const { params, ignored } = translateListQuery(url.searchParams, base);
    return result({ kind: 'list', owner, repo, search: params }, ignored);
  }
  if (section === 'labels' && detail !== undefined) {
    return result({ kind: 'list', owner, repo, search: new URLSearchParams({ labels: detail }) });
  }
  return result({ kind: 'list', owner, repo, search: new URLSearchParams() });
}

/**
 * The list parameters of a github.com (or this app's, or the API's) list URL:
 * the app's own parameters are kept, and GitHub's `q` is translated. Without
 * a `q`, github.com shows open issues (or open pull requests on /pulls).
 */
export function translateListQuery(search: URLSearchParams, base: 'issues' | 'pulls'): SearchTranslation {
  const own = new URLSearchParams();
  for (const name of LIST_PARAM_NAMES) {
    const value = search.get(name);
    if (value !== null && name !== 'q') own.set(name, value);
  }
  const q = search.get('q');
  if (q === null) {
    if (own.size === 0) own.set('type', base === 'pulls' ? 'pr' : 'issue');
    else if (base === 'pulls' && !own.has('type')) own.set('type', 'pr');
    return { params: own, ignored: [] };
  }
  const translated = translateIssueSearch(q, base);
  for (const [name, value] of own) if (!translated.params.has(name)) translated.params.set(name, value);
  return translated;
}

const SORTS = new Set(['created', 'updated', 'comments']);
const DATE = /^(>=|>|)(\d{4}-\d{2}-\d{2})$/;

function unquote(value: string): string {
  return value.length >= 2 && value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1) : value;
}

function nextDay(date: string): string {
  const ms = Date.parse(`${date}T00:00:00Z`) + 24 * 3600 * 1000;
  return new Date(ms).toISOString().slice(0, 10);
}

/**
 * GitHub's issue search (`is:issue is:closed label:bug author:alice
 * sort:created-asc crash`) as the list's parameters; the words left over
 * become the text filter. With a `q`, github.com shows open and closed alike
 * unless the query says which.
 */
export function translateIssueSearch(q: string, base: 'issues' | 'pulls' = 'issues'): SearchTranslation {
  const params = new URLSearchParams();
  const ignored: string[] = [];
  const labels: string[] = [];
  const words: string[] = [];
  let state: string | null = null;
  let type: string | null = base === 'pulls' ? 'pr' : null;

  for (const m of q.matchAll(SEARCH_TOKEN)) {
    const [whole, negated, rawKey, rawValue, quoted, word] = m;
    if (rawKey === undefined || rawValue === undefined) {
      const text = quoted ?? word;
      if (text) words.push(text);
      continue;
    }
    const key = rawKey.toLowerCase();
    const value = unquote(rawValue);
    const lower = value.toLowerCase();
    if (negated) {
      ignored.push(whole);
      continue;
    }
    switch (key) {
      case 'is':
      case 'state':
      case 'type':
        if (lower === 'open' || lower === 'closed') state = lower;
        else if (lower === 'issue') type = 'issue';
        else if (lower === 'pr' || lower === 'pull-request') type = 'pr';
        else if (lower === 'merged' || lower === 'unmerged') {
          // Only "closed pull requests" can be asked for; merged ones are marked in the list.
          type = 'pr';
          state = lower === 'merged' ? 'closed' : state;
          ignored.push(whole);
        } else ignored.push(whole);
        break;
      case 'label':
        // GitHub reads `label:a,b` as either label; the API can only require all of them.
        if (value.includes(',')) ignored.push(whole);
        else labels.push(value);
        break;
      case 'author':
        params.set('creator', value);
        break;
      case 'assignee':
        params.set('assignee', value);
        break;
      case 'mentions':
        params.set('mentioned', value);
        break;
      case 'no':
        if (lower === 'assignee') params.set('assignee', 'none');
        else if (lower === 'milestone') params.set('milestone', 'none');
        else ignored.push(whole);
        break;
      case 'sort': {
        const [field, direction = 'desc'] = lower.split('-');
        if (field !== undefined && SORTS.has(field) && (direction === 'asc' || direction === 'desc')) {
          params.set('sort', field);
          params.set('direction', direction);
        } else ignored.push(whole);
        break;
      }
      case 'updated': {
        const date = DATE.exec(value);
        if (date) params.set('since', date[1] === '>' ? nextDay(date[2]!) : date[2]!);
        else ignored.push(whole);
        break;
      }
      case 'repo':
      case 'in':
        // The path names the repository, and the text filter reads titles anyway.
        break;
      default:
        ignored.push(whole);
    }
  }

  const out = new URLSearchParams();
  // With a search, github.com shows both states unless it names one.
  const effectiveState = state ?? 'all';
  if (effectiveState !== 'open') out.set('state', effectiveState);
  if (type !== null) out.set('type', type);
  if (labels.length > 0) out.set('labels', labels.join(','));
  for (const name of ['since', 'sort', 'direction', 'creator', 'assignee', 'mentioned', 'milestone']) {
    const value = params.get(name);
    if (value !== null) out.set(name, value);
  }
  if (out.get('sort') === 'created' && out.get('direction') === 'desc') {
    out.delete('sort');
    out.delete('direction');
  }
  if (words.length > 0) out.set('q', words.join(' '));
  return { params: out, ignored };
}
