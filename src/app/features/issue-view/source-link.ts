/** Where "Open on …" goes: the issue on the site it comes from, never the app's own page for it. */

export interface SourceLink {
  href: string;
  /** "Open on GitHub", "Open on issues.example.org" */
  label: string;
}

const GITHUB_HOSTS = new Set(['github.com', 'www.github.com']);

/**
 * The issue's `html_url`, unless it is a page of this app (the service may
 * serve the app and name its pages as the issues' pages): a link there would
 * open what the reader is looking at. Null when there is nowhere else to go.
 */
export function sourceLink(htmlUrl: string | null | undefined, appOrigin: string): SourceLink | null {
  if (!htmlUrl) return null;
  let url: URL;
  try {
    url = new URL(htmlUrl);
  } catch {
    return null;
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.origin === appOrigin) return null;
  return { href: url.href, label: `Open on ${GITHUB_HOSTS.has(url.hostname) ? 'GitHub' : url.host}` };
}
