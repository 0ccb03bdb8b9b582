/**
 * Builders for the GitHub wire shapes the demo dataset is made of: users,
 * labels, milestones, reaction rollups, and the URL and node-id conventions
 * GitHub's REST API (2022-11-28) uses for them.
 */
import type { Label, ReactionRollup, SimpleUser } from '../../../src/shared/wire-types';
import type { DemoUser } from './demo-user';

export const API_ORIGIN = 'https://api.github.com';
export const WEB_ORIGIN = 'https://github.com';

export function apiRepoUrl(fullName: string): string {
  return `${API_ORIGIN}/repos/${fullName}`;
}

export function webRepoUrl(fullName: string): string {
  return `${WEB_ORIGIN}/${fullName}`;
}

export function toSimpleUser(user: DemoUser): SimpleUser {
  return {
    login: user.login,
    id: user.id,
    node_id: legacyNodeId(user),
    avatar_url: `https://avatars.githubusercontent.com/u/${user.id}?v=4`,
    gravatar_id: '',
    url: `${API_ORIGIN}/users/${encodeURIComponent(user.login)}`,
    html_url: user.type === 'Bot' ? `${WEB_ORIGIN}/apps/${user.login.replace('[bot]', '')}` : `${WEB_ORIGIN}/${user.login}`,
    type: user.type,
    site_admin: false,
  };
}

/** GitHub's older users keep base64("04:User{id}") ids; apps' bots use "03:Bot{id}". */
function legacyNodeId(user: DemoUser): string {
  const kind = user.type === 'Bot' ? '03:Bot' : '04:User';
  return Buffer.from(`${kind}${user.id}`, 'utf8').toString('base64');
}

/**
 * A new-style global node id (`I_kwDO…`, `PR_kwDO…`, `IC_kwDO…`): a type prefix
 * and the repository and object ids packed into base64url. Unique as long as
 * `id` is unique for its prefix.
 */
export function nodeId(prefix: 'I' | 'PR' | 'IC' | 'LA' | 'MI', repositoryId: number, id: number): string {
  // 12 bytes (repository id, then the id as 64 bits) are exactly 16 base64 characters
  return `${prefix}_kwDO${base64url24(repositoryId >>> 8)}${base64url24(((repositoryId & 0xff) << 16) | (Math.floor(id / 2 ** 48) & 0xffff))}${base64url24(Math.floor(id / 2 ** 24) % 2 ** 24)}${base64url24(id % 2 ** 24)}`;
}

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** three bytes (a 24-bit number) as four base64url characters */
function base64url24(value: number): string {
  return (
    BASE64URL.charAt((value >>> 18) & 63) + BASE64URL.charAt((value >>> 12) & 63) + BASE64URL.charAt((value >>> 6) & 63) + BASE64URL.charAt(value & 63)
  );
}

export interface LabelSpec {
  name: string;
  /** six hex digits, no '#' */
  color: string;
  description: string | null;
}

/** GitHub's default label set: `default: true` on these names only. */
const GITHUB_DEFAULT_LABELS = new Set([
  'bug',
  'documentation',
  'duplicate',
  'enhancement',
  'good first issue',
  'help wanted',
  'invalid',
  'question',
  'wontfix',
]);

export function toLabel(spec: LabelSpec, fullName: string, repositoryId: number, id: number): Label {
  return {
    id,
    node_id: nodeId('LA', repositoryId, id),
    url: `${apiRepoUrl(fullName)}/labels/${encodeURIComponent(spec.name)}`,
    name: spec.name,
    color: spec.color,
    default: GITHUB_DEFAULT_LABELS.has(spec.name),
    description: spec.description,
  };
}

export type ReactionCounts = Omit<ReactionRollup, 'url' | 'total_count'>;

export const NO_REACTIONS: ReactionCounts = {
  '+1': 0,
  '-1': 0,
  laugh: 0,
  hooray: 0,
  confused: 0,
  heart: 0,
  rocket: 0,
  eyes: 0,
};

export function toReactionRollup(url: string, counts: ReactionCounts): ReactionRollup {
  const total =
    counts['+1'] + counts['-1'] + counts.laugh + counts.hooray + counts.confused + counts.heart + counts.rocket + counts.eyes;
  return { url, total_count: total, ...counts };
}
