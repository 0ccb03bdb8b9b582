/**
 * Turns imported GitHub records into the stored wire documents (see
 * issue-document.ts for the URL markers). One place decides the full GitHub
 * shape of an issue, a comment, a user and a label.
 */
import type {
  AuthorAssociation,
  Issue,
  IssueComment,
  IssueType,
  Label,
  Milestone,
  ReactionRollup,
  SimpleUser,
} from '../../shared/wire-types';
import { toIsoSeconds } from '../../shared/iso-seconds';
import { apiUrl, cleanText, repoApiUrl, repoWebUrl, webUrl } from './issue-document';
import type { ImportedComment, ImportedIssue, ImportedIssueType, ImportedUser } from './import-schema';

const ASSOCIATIONS: readonly AuthorAssociation[] = [
  'COLLABORATOR', 'CONTRIBUTOR', 'FIRST_TIMER', 'FIRST_TIME_CONTRIBUTOR', 'MANNEQUIN', 'MEMBER', 'NONE', 'OWNER',
];

/** GitHub shows a deleted account as `ghost`. */
export const GHOST: ImportedUser = { login: 'ghost', id: 10137, type: 'User' };

export interface DocumentOptions {
  /** serve avatars from this service (`/avatars/{login}.svg`) instead of the imported URL: for offline demo data */
  localAvatars: boolean;
}

export function isoOrNull(value: string | null | undefined): string | null {
  return value ? toIsoSeconds(Date.parse(value)) : null;
}

/** A stable positive id for records imported without one. */
export function syntheticId(...parts: Array<string | number>): number {
  let h = 2166136261;
  for (const ch of parts.join('\u0000')) {
    h ^= ch.codePointAt(0) ?? 0;
    h = Math.imul(h, 16777619);
  }
  return (h >>> 0) + 1;
}

export function nodeId(prefix: string, id: number): string {
  return `${prefix}_${Buffer.from(`0:${id}`).toString('base64url')}`;
}

export function userId(user: ImportedUser): number {
  return user.id ?? syntheticId('user', user.login.toLowerCase());
}

/** The URL templates GitHub's `simple-user` carries, from the user's API URL (`…/users/{login}`). */
export function userUrlTemplates(userApiUrl: string): Pick<
  SimpleUser,
  | 'followers_url' | 'following_url' | 'gists_url' | 'starred_url' | 'subscriptions_url'
  | 'organizations_url' | 'repos_url' | 'events_url' | 'received_events_url'
> {
  return {
    followers_url: `${userApiUrl}/followers`,
    following_url: `${userApiUrl}/following{/other_user}`,
    gists_url: `${userApiUrl}/gists{/gist_id}`,
    starred_url: `${userApiUrl}/starred{/owner}{/repo}`,
    subscriptions_url: `${userApiUrl}/subscriptions`,
    organizations_url: `${userApiUrl}/orgs`,
    repos_url: `${userApiUrl}/repos`,
    events_url: `${userApiUrl}/events{/privacy}`,
    received_events_url: `${userApiUrl}/received_events`,
  };
}

/**
 * Users built already, by everything that shapes one: an import names the same few hundred
 * people on 100,000 issues, and building each (fifteen URLs, a base64 node id) was a tenth of
 * the time spent building documents. The documents share these objects; nothing changes them
 * after they are built, they are only serialised.
 */
const builtUsers = new Map<string, Array<{ user: ImportedUser; localAvatars: boolean; built: SimpleUser }>>();
const BUILT_USERS_MAX = 10_000;
const BUILT_VARIANTS_MAX = 8;

function sameUser(a: ImportedUser, b: ImportedUser): boolean {
  return a.login === b.login && a.id === b.id && a.avatar_url === b.avatar_url && a.type === b.type && a.site_admin === b.site_admin;
}

export function buildUser(user: ImportedUser, options: DocumentOptions): SimpleUser {
  const seen = builtUsers.get(user.login);
  if (seen) {
    for (const s of seen) if (s.localAvatars === options.localAvatars && sameUser(s.user, user)) return s.built;
  }
  if (builtUsers.size >= BUILT_USERS_MAX) builtUsers.clear();
  const built = makeUser(user, options);
  const entry = { user: { ...user }, localAvatars: options.localAvatars, built };
  const variants = builtUsers.get(user.login);
  if (!variants) builtUsers.set(user.login, [entry]);
  else {
    // A login seen with many ids or avatars keeps only its latest few, so a lookup stays short.
    if (variants.length >= BUILT_VARIANTS_MAX) variants.shift();
    variants.push(entry);
  }
  return built;
}

function makeUser(user: ImportedUser, options: DocumentOptions): SimpleUser {
  const id = userId(user);
  const login = cleanText(user.login);
  const avatar =
    !options.localAvatars && user.avatar_url && /^https?:\/\//.test(user.avatar_url)
      ? user.avatar_url
      : webUrl(`/avatars/${encodeURIComponent(login)}.svg`);
  return {
    login,
    id,
    node_id: nodeId('U', id),
    avatar_url: avatar,
    gravatar_id: '',
    url: apiUrl(`/users/${encodeURIComponent(login)}`),
    html_url: webUrl(`/${encodeURIComponent(login)}`),
    ...userUrlTemplates(apiUrl(`/users/${encodeURIComponent(login)}`)),
    type: user.type ?? (login.endsWith('[bot]') ? 'Bot' : 'User'),
    site_admin: user.site_admin ?? false,
  };
}

export interface LabelRecord {
  id: number;
  name: string;
  color: string;
  description: string | null;
  isDefault: boolean;
}

export function buildLabel(label: LabelRecord): Label {
  return {
    id: label.id,
    node_id: nodeId('LA', label.id),
    url: repoApiUrl(`/labels/${encodeURIComponent(label.name)}`),
    name: label.name,
    color: label.color,
    default: label.isDefault,
    description: label.description,
  };
}

function buildReactions(reactions: ImportedIssue['reactions'], selfPath: string): ReactionRollup {
  const r = reactions ?? {};
  const counts = {
    '+1': r['+1'] ?? 0,
    '-1': r['-1'] ?? 0,
    laugh: r.laugh ?? 0,
    hooray: r.hooray ?? 0,
    confused: r.confused ?? 0,
    heart: r.heart ?? 0,
    rocket: r.rocket ?? 0,
    eyes: r.eyes ?? 0,
  };
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  return { url: repoApiUrl(`${selfPath}/reactions`), total_count: total, ...counts };
}

function buildMilestone(m: NonNullable<ImportedIssue['milestone']>, options: DocumentOptions): Milestone {
  const id = m.id ?? syntheticId('milestone', m.number, m.title);
  return {
    url: repoApiUrl(`/milestones/${m.number}`),
    html_url: repoWebUrl(`/milestone/${m.number}`),
    labels_url: repoApiUrl(`/milestones/${m.number}/labels`),
    id,
    node_id: nodeId('MI', id),
    number: m.number,
    title: cleanText(m.title),
    description: m.description == null ? null : cleanText(m.description),
    state: m.state ?? 'open',
    open_issues: m.open_issues ?? 0,
    closed_issues: m.closed_issues ?? 0,
    created_at: isoOrNull(m.created_at) ?? '1970-01-01T00:00:00Z',
    updated_at: isoOrNull(m.updated_at) ?? isoOrNull(m.created_at) ?? '1970-01-01T00:00:00Z',
    closed_at: isoOrNull(m.closed_at),
    due_on: isoOrNull(m.due_on),
    creator: m.creator ? buildUser(m.creator, options) : null,
  };
}

/**
 * GitHub's `issue-type`. Types belong to the organization on GitHub, so one imported without an id
 * gets the same id in every repository: it is named by its name, compared without case.
 * `fallbackTime` stands in for timestamps the import lacks (the issue's creation).
 */
export function buildIssueType(type: ImportedIssueType, fallbackTime: string): IssueType {
  const name = cleanText(type.name);
  const id = type.id ?? syntheticId('issue-type', name.toLowerCase());
  const createdAt = isoOrNull(type.created_at) ?? fallbackTime;
  return {
    id,
    node_id: type.node_id && /^[\w-]+$/.test(type.node_id) ? type.node_id : nodeId('IT', id),
    name,
    description: type.description == null ? null : cleanText(type.description),
    color: type.color ?? null,
    created_at: createdAt,
    updated_at: isoOrNull(type.updated_at) ?? createdAt,
    is_enabled: type.is_enabled ?? true,
  };
}

/**
 * The number of the issue's parent when GitHub's `parent_issue_url` names an issue of the same
 * repository (its `repository_url`, when the import has it). A parent in another repository is
 * `parentInOtherRepository`'s.
 */
export function parentNumberOf(issue: ImportedIssue): number | null {
  const url = issue.parent_issue_url;
  if (!url) return null;
  const m = /^(.*)\/issues\/(\d+)$/.exec(url);
  if (!m) return null;
  if (issue.repository_url !== undefined && m[1]?.toLowerCase() !== issue.repository_url.replace(/\/+$/, '').toLowerCase()) return null;
  const n = Number(m[2]);
  return n > 0 && n !== issue.number ? n : null;
}

/** A parent in another repository, as GitHub's `parent_issue_url` names it. */
export interface OtherRepositoryParent {
  owner: string;
  name: string;
  number: number;
}

const ISSUE_API_URL = /\/repos\/([^/]+)\/([^/]+)\/issues\/(\d+)$/;

/**
 * The parent GitHub's `parent_issue_url` names in another repository than the issue's own
 * `repository_url` (without that, a parent is taken to be in the same repository, as
 * `parentNumberOf` takes it). Whether that repository is here, and has the same owner, the
 * import decides (issue-links.ts).
 */
export function parentInOtherRepository(issue: ImportedIssue): OtherRepositoryParent | null {
  const url = issue.parent_issue_url;
  if (!url || issue.repository_url === undefined || parentNumberOf(issue) !== null) return null;
  const m = ISSUE_API_URL.exec(url);
  if (!m?.[1] || !m[2]) return null;
  const number = Number(m[3]);
  return number > 0 ? { owner: decodeURIComponent(m[1]), name: decodeURIComponent(m[2]), number } : null;
}

/** GitHub's `sub-issues-summary`: the share of closed sub-issues, in whole percent rounded down. */
export function subIssuesSummary(total: number, completed: number): { total: number; completed: number; percent_completed: number } {
  return { total, completed, percent_completed: total === 0 ? 0 : Math.floor((completed * 100) / total) };
}

function association(value: string | undefined): AuthorAssociation {
  return (ASSOCIATIONS as readonly string[]).includes(value ?? '') ? (value as AuthorAssociation) : 'NONE';
}

export function assigneesOf(issue: ImportedIssue): ImportedUser[] {
  const list = issue.assignees ?? (issue.assignee ? [issue.assignee] : []);
  return [...new Map(list.map((u) => [u.login.toLowerCase(), u])).values()];
}

export function buildIssue(
  issue: ImportedIssue,
  repoId: number,
  labels: LabelRecord[],
  options: DocumentOptions,
): Issue {
  const n = issue.number;
  const id = issue.id ?? syntheticId('issue', repoId, n);
  const assignees = assigneesOf(issue).map((u) => buildUser(u, options));
  const state = issue.state;
  const createdAt = toIsoSeconds(Date.parse(issue.created_at));
  // spec 2.1: closed_at is null while the issue is open.
  const closedAt = state === 'open' ? null : (isoOrNull(issue.closed_at) ?? toIsoSeconds(Date.parse(issue.updated_at)));
  const doc: Issue = {
    url: repoApiUrl(`/issues/${n}`),
    repository_url: repoApiUrl(),
    labels_url: repoApiUrl(`/issues/${n}/labels{/name}`),
    comments_url: repoApiUrl(`/issues/${n}/comments`),
    events_url: repoApiUrl(`/issues/${n}/events`),
    html_url: repoWebUrl(`/issues/${n}`),
    id,
    node_id: issue.node_id && /^[\w-]+$/.test(issue.node_id) ? issue.node_id : nodeId(issue.pull_request ? 'PR' : 'I', id),
    number: n,
    title: cleanText(issue.title),
    user: buildUser(issue.user ?? GHOST, options),
    labels: labels.map(buildLabel),
    state,
    state_reason: state === 'open' ? (issue.state_reason === 'reopened' ? 'reopened' : null) : (issue.state_reason ?? 'completed'),
    locked: issue.locked,
    active_lock_reason: issue.locked ? (issue.active_lock_reason ?? null) : null,
    assignee: assignees[0] ?? null,
    assignees,
    milestone: issue.milestone ? buildMilestone(issue.milestone, options) : null,
    comments: issue.comments,
    created_at: createdAt,
    updated_at: toIsoSeconds(Math.max(Date.parse(issue.updated_at), Date.parse(issue.created_at))),
    closed_at: closedAt,
    // Who closed it is known from its events, imported with or after it (core/timeline-reads.ts).
    closed_by: null,
    author_association: association(issue.author_association),
    body: issue.body == null ? null : cleanText(issue.body),
    reactions: buildReactions(issue.reactions, `/issues/${n}`),
    timeline_url: repoApiUrl(`/issues/${n}/timeline`),
    // No GitHub Apps act here; GitHub sends null for everything a person did.
    performed_via_github_app: null,
    type: issue.type ? buildIssueType(issue.type, createdAt) : null,
    // The counts of its sub-issues are written once every issue of the import is stored (issue-links.ts).
    sub_issues_summary: subIssuesSummary(0, 0),
  };
  const parent = parentNumberOf(issue);
  doc.parent_issue_url = parent === null ? null : repoApiUrl(`/issues/${parent}`);
  if (issue.pull_request) {
    doc.draft = issue.draft ?? false;
    doc.pull_request = {
      url: repoApiUrl(`/pulls/${n}`),
      html_url: repoWebUrl(`/issues/${n}`),
      diff_url: repoWebUrl(`/pull/${n}.diff`),
      patch_url: repoWebUrl(`/pull/${n}.patch`),
      merged_at: isoOrNull(issue.pull_request.merged_at),
    };
  }
  return doc;
}

export function issueNumberOfComment(comment: ImportedComment): number {
  return Number(/\/issues\/(\d+)$/.exec(comment.issue_url)?.[1]);
}

export function buildComment(comment: ImportedComment, options: DocumentOptions): IssueComment {
  const n = issueNumberOfComment(comment);
  return {
    url: repoApiUrl(`/issues/comments/${comment.id}`),
    html_url: repoWebUrl(`/issues/${n}#issuecomment-${comment.id}`),
    issue_url: repoApiUrl(`/issues/${n}`),
    id: comment.id,
    node_id: comment.node_id && /^[\w-]+$/.test(comment.node_id) ? comment.node_id : nodeId('IC', comment.id),
    user: buildUser(comment.user ?? GHOST, options),
    created_at: toIsoSeconds(Date.parse(comment.created_at)),
    updated_at: toIsoSeconds(Math.max(Date.parse(comment.updated_at), Date.parse(comment.created_at))),
    author_association: association(comment.author_association),
    body: comment.body == null ? '' : cleanText(comment.body),
    reactions: buildReactions(comment.reactions, `/issues/comments/${comment.id}`),
    performed_via_github_app: null,
  };
}

// `@org/team` names a team, not a user, so a login followed by `/` is no mention.
const MENTION = /(?:^|[^\w`/])@([A-Za-z0-9](?:[A-Za-z0-9-]{0,38}))\b(?![/-])/g;

/** Logins mentioned as `@login` in Markdown text (the `mentioned` filter). Code spans are not mentions. */
export function mentionsIn(text: string | null | undefined): string[] {
  if (!text) return [];
  const withoutCode = text.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
  return [...withoutCode.matchAll(MENTION)].map((m) => (m[1] ?? '').toLowerCase());
}
