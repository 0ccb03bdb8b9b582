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

/**
 * What a link says of itself beyond its text: the timeline's people and issues are links whose
 * text is a bare login or "#12 Title", marked with `data-hovercard-login` and `data-hovercard="issue"`
 * (issue-view/person-link.tsx, linked-issue.tsx, cross-reference.tsx).
 */
export interface HovercardMark {
  login?: string | undefined;
  issue?: boolean;
}

/** The card a link shows, or null: `href` as the link holds it (absolute or not), `text` its visible text. */
export function hovercardTarget(href: string, text: string, pageOrigin: string, mark: HovercardMark = {}): HovercardTarget | null {
  if (mark.login && new RegExp(`^${LOGIN}(?:\\[bot\\])?$`).test(mark.login)) return { kind: 'user', login: mark.login };
  const shown = text.trim();
  const user = USER_TEXT.exec(shown);
  if (user?.[1] !== undefined) return { kind: 'user', login: user[1] };
  if (!mark.issue && !ISSUE_TEXT.test(shown)) return null;
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
