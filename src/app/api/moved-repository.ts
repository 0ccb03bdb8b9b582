/**
 * Whether an answer came from another repository than the one asked for: a renamed or
 * transferred repository (spec 4.1.7), seen in the URL fetch ended at or in the answer itself.
 */

const REPO_PATH = /\/repos\/([^/]+)\/([^/]+)/;

/** The `owner/name` of a `/repos/{owner}/{name}/...` URL. */
function repoOfUrl(url: string): string | null {
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    return null;
  }
  const m = REPO_PATH.exec(path);
  if (!m) return null;
  try {
    return `${decodeURIComponent(m[1]!)}/${decodeURIComponent(m[2]!)}`;
  } catch {
    return null;
  }
}

/**
 * GitHub redirects a renamed repository to `/repositories/{id}/...`, which
 * names no owner: the answer itself says where it lives (an issue's
 * `repository_url`, a repository's `full_name`).
 */
function repoOfBody(body: unknown): string | null {
  const first: unknown = Array.isArray(body) ? body[0] : body;
  if (typeof first !== 'object' || first === null) return null;
  const record = first as Record<string, unknown>;
  if (typeof record.repository_url === 'string') return repoOfUrl(record.repository_url);
  if (typeof record.full_name === 'string' && /^[^/]+\/[^/]+$/.test(record.full_name)) return record.full_name;
  return null;
}

export function movedBetween(requestedUrl: string, finalUrl: string, body: unknown): string | null {
  if (finalUrl === requestedUrl) return null;
  const to = repoOfUrl(finalUrl) ?? repoOfBody(body);
  return to !== null && to !== repoOfUrl(requestedUrl) ? to : null;
}

/** spec 4.1.7: fetch follows the 301 for us; a final URL naming another repository means it moved. */
export function movedTo(requestedUrl: string, response: Response, body: unknown): string | null {
  if (!response.redirected || !response.url) return null;
  return movedBetween(requestedUrl, response.url, body);
}
