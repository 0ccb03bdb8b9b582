/**
 * Issues and comments are stored as finished JSON documents, so a page is the
 * stored bytes joined, not objects built and serialised per request.
 *
 * The absolute URLs inside a document depend on where the service is reached
 * (`http://127.0.0.1:8080/api`) and on the repository's current name (it can be
 * renamed), so documents hold markers instead, filled in per response:
 *
 *   API_MARK  (U+0000) at the start of a string value → the API base URL
 *   WEB_MARK  (U+0001) at the start of a string value → the app's base URL
 *   REPO_MARK (U+0002) right after `/repos/` or `WEB_MARK/` → `owner/name`
 *
 * JSON.stringify writes these as `\u0000` … escapes. Import strips C0 control
 * characters from all user text (see `cleanText`), so in stored JSON the
 * sequence `"\u0000` (quote, backslash, u0000) can only be a marker: user text
 * with a literal backslash would appear as `\\u0000`, never preceded by a bare
 * quote or `/`. The anchored replacements below rely on exactly that.
 */

export const API_MARK = '\u0000';
export const WEB_MARK = '\u0001';
export const REPO_MARK = '\u0002';

export const apiUrl = (path: string): string => `${API_MARK}${path}`;
export const webUrl = (path: string): string => `${WEB_MARK}${path}`;
export const repoApiUrl = (rest = ''): string => `${API_MARK}/repos/${REPO_MARK}${rest}`;
export const repoWebUrl = (rest = ''): string => `${WEB_MARK}/${REPO_MARK}${rest}`;

// C0 controls other than tab, newline and carriage return carry no meaning in
// Markdown or titles; removing them keeps the markers unambiguous.
// eslint-disable-next-line no-control-regex
const STRAY_CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g;

export function cleanText(text: string): string {
  return text.replace(STRAY_CONTROLS, '');
}

export interface DocumentBases {
  /** e.g. `http://127.0.0.1:8080/api` (no trailing slash) */
  api: string;
  /** e.g. `http://127.0.0.1:8080` (no trailing slash) */
  web: string;
  /** `owner/name`, the repository's current name */
  repoPath: string;
}

// The marker sequences as they appear in stored JSON text; the first alternative must come before
// the last, which is its prefix.
const MARKED = /"\\u0001\/\\u0002|\/repos\/\\u0002|"\\u0000|"\\u0001/g;
const WEB_REPO_MARKED = '"\\u0001/\\u0002';
const REPO_MARKED = '/repos/\\u0002';
const API_MARKED = '"\\u0000';

/**
 * Names the repository in stored JSON whose answer is another repository's (a sub-issue or
 * parent across repositories, issue 47): its repository markers become `owner/name`, the base
 * URLs stay markers for `renderDocuments`.
 */
export function withRepoPath(json: string, repoPath: string): string {
  return json.replace(/"\\u0001\/\\u0002|\/repos\/\\u0002/g, (marker) => (marker === WEB_REPO_MARKED ? `"\\u0001/${repoPath}` : `/repos/${repoPath}`));
}

/**
 * Fills the markers of stored JSON (one document or a joined array) for one
 * response, in one pass over the text: a page holds thousands of URLs, and
 * four `replaceAll` passes, one per marker, each walked all of it.
 */
export function renderDocuments(json: string, bases: DocumentBases): string {
  const webRepo = `"${bases.web}/${bases.repoPath}`;
  const repo = `/repos/${bases.repoPath}`;
  const api = `"${bases.api}`;
  const web = `"${bases.web}`;
  return json.replace(MARKED, (marker) =>
    marker === WEB_REPO_MARKED ? webRepo : marker === REPO_MARKED ? repo : marker === API_MARKED ? api : web,
  );
}
