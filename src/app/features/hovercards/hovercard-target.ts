/**
 * Which links get a hovercard, and of what: a link whose text is a reference GitHub turns
 * into a link (`#123`, `owner/repo#123`, `@login`; issue-view/markdown/remark-issue-references.ts
 * makes them in bodies and comments) and that leads into this app. No DOM here: the layer
 * hands it a link's address and text.
 */
const LOGIN = '[A-Za-z\\d](?:[A-Za-z\\d]|-(?=[A-Za-z\\d])){0,38}';
const ISSUE_TEXT = /^(?:[\w.-]+\/[\w.-]+)?#[1-9]\d{0,9}$/;
const USER_TEXT = new RegExp(`^@(${LOGIN})$`);
const ISSUE_PATH = /^\/([^/]+)\/([^/]+)\/issues\/([1-9]\d{0,9})\/?$/;

export type HovercardTarget = { kind: 'issue'; owner: string; repo: string; number: number } | { kind: 'user'; login: string };

/** The card a link shows, or null: `href` as the link holds it (absolute or not), `text` its visible text. */
export function hovercardTarget(href: string, text: string, pageOrigin: string): HovercardTarget | null {
  const shown = text.trim();
  const user = USER_TEXT.exec(shown);
  if (user?.[1] !== undefined) return { kind: 'user', login: user[1] };
  if (!ISSUE_TEXT.test(shown)) return null;
  let url: URL;
  try {
    url = new URL(href, pageOrigin);
  } catch {
    return null;
  }
  if (url.origin !== pageOrigin) return null;
  const path = ISSUE_PATH.exec(url.pathname);
  if (!path?.[1] || !path[2] || !path[3]) return null;
  return { kind: 'issue', owner: decodeURIComponent(path[1]), repo: decodeURIComponent(path[2]), number: Number(path[3]) };
}

/** One key per card: the same card asked twice is one request (and one query). */
export function targetKey(target: HovercardTarget): string {
  return target.kind === 'user' ? `user:${target.login.toLowerCase()}` : `issue:${target.owner.toLowerCase()}/${target.repo.toLowerCase()}#${target.number}`;
}
