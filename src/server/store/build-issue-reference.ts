/**
 * The other issue of a `sub_issue_added`, `sub_issue_removed`, `parent_issue_added` or
 * `parent_issue_removed` event, as GitHub's REST API shows it: `nullable-issue-reference`
 * (number, title, state, `simple-repository`, type), or null (issue 47, docs/api.md).
 *
 * Private is missing, decided when the event is stored, once for every caller: the timeline is
 * one answer per repository (cached by its data version), so it cannot name another repository's
 * issue to one caller and not to the next. An issue of the event's own repository is shown to
 * whoever may read the timeline; one of another repository only when GitHub's JSON says that
 * repository is public. A private one, or one whose visibility the JSON does not give, is null,
 * as GitHub answers a caller who cannot see the other issue.
 */
import type { IssueReference, SimpleRepository } from '../../shared/wire-types';
import { buildUser, nodeId, syntheticId, type DocumentOptions } from './build-documents';
import type { ImportedIssueReference, ImportedIssueType } from './import-schema';
import { apiUrl, cleanText, repoApiUrl, repoWebUrl, webUrl } from './issue-document';
import { REPO_URL_TEMPLATES } from './repository-url-templates';

/** `…/repos/{owner}/{name}` at the end of an API URL */
const REPO_API_URL = /\/repos\/([A-Za-z0-9_.-]{1,100})\/([A-Za-z0-9_.-]{1,100})\/?$/;

/** `owner/name` of a repository's API URL, or null. */
export function repoNameOfUrl(url: string | null | undefined): string | null {
  const match = url ? REPO_API_URL.exec(url) : null;
  return match ? `${match[1]}/${match[2]}` : null;
}

/**
 * The reference as the event keeps it, or null when it may not be shown.
 * `eventRepoUrl`: the API URL of the repository the event happened in (`issue.repository_url`).
 */
export function buildIssueReference(
  ref: ImportedIssueReference | null | undefined,
  eventRepoUrl: string | undefined,
  options: DocumentOptions,
): IssueReference | null {
  if (!ref) return null;
  const home = repoNameOfUrl(eventRepoUrl);
  const fullName = ref.repository?.full_name ?? repoNameOfUrl(ref.repository_url) ?? home;
  if (fullName === null) return null;
  const sameRepository = home !== null && fullName.toLowerCase() === home.toLowerCase();
  const isPrivate = ref.repository?.private;
  if (!sameRepository && isPrivate !== false) return null;
  const type = ref.issue_type ?? ref.type ?? null;
  return {
    number: ref.number,
    title: cleanText(ref.title),
    state: ref.state,
    state_reason: ref.state_reason ?? null,
    repository: simpleRepository(fullName, sameRepository, ref.repository, isPrivate === true, options),
    issue_type: type === null ? null : typeOnReference(type),
  };
}

/**
 * GitHub's `simple-repository` of the reference. Its names are GitHub's; its URLs are this
 * service's, and for the event's own repository they follow the repository here (a mirror
 * under another name, a renamed repository), as every URL of its own documents does.
 */
function simpleRepository(
  fullName: string,
  sameRepository: boolean,
  imported: ImportedIssueReference['repository'],
  isPrivate: boolean,
  options: DocumentOptions,
): SimpleRepository {
  const [owner = '', name = ''] = fullName.split('/');
  const id = imported?.id ?? syntheticId('repository', fullName.toLowerCase());
  const api = sameRepository ? repoApiUrl() : apiUrl(`/repos/${owner}/${name}`);
  return {
    id,
    node_id: imported?.node_id && /^[\w-]+$/.test(imported.node_id) ? imported.node_id : nodeId('R', id),
    name,
    full_name: fullName,
    owner: buildUser(imported?.owner ?? { login: owner, type: 'Organization' }, options),
    private: isPrivate,
    html_url: sameRepository ? repoWebUrl('/issues') : webUrl(`/${owner}/${name}/issues`),
    description: imported?.description == null ? null : cleanText(imported.description),
    fork: false,
    url: api,
    ...Object.fromEntries(REPO_URL_TEMPLATES.map(([field, path]) => [field, `${api}${path}`])),
  };
}

function typeOnReference(type: ImportedIssueType): NonNullable<IssueReference['issue_type']> {
  const name = cleanText(type.name);
  const id = type.id ?? syntheticId('issue-type', name.toLowerCase());
  return { id, node_id: type.node_id && /^[\w-]+$/.test(type.node_id) ? type.node_id : nodeId('IT', id), name, color: type.color ?? null };
}
