/**
 * GitHub's `public-user`: what `GET /user` answers a token without account permissions, and
 * what `GET /users/{username}` answers for anyone. The profile fields this service does not
 * keep (company, blog, location, bio, counts…) are null or 0 as the schema allows, never invented.
 */
import type { AuthenticatedUser } from '../../shared/wire-types';
import { syntheticId, userUrlTemplates } from '../store/build-documents';
import type { UserRecord } from '../store/records';

export function publicUserDocument(
  login: string,
  user: UserRecord | null,
  /** the earliest moment the service knows the account by (ISO) */
  since: string,
  bases: { api: string; web: string },
): AuthenticatedUser & Record<string, unknown> {
  const shown = user?.login ?? login;
  const id = user?.id ?? syntheticId('user', shown.toLowerCase());
  const userApiUrl = `${bases.api}/users/${encodeURIComponent(shown)}`;
  return {
    login: shown,
    id,
    node_id: `U_${Buffer.from(`0:${id}`).toString('base64url')}`,
    avatar_url: `${bases.web}/avatars/${encodeURIComponent(shown)}.svg`,
    gravatar_id: '',
    url: userApiUrl,
    html_url: `${bases.web}/${encodeURIComponent(shown)}`,
    ...userUrlTemplates(userApiUrl),
    type: user?.type ?? 'User',
    site_admin: false,
    name: user?.name ?? null,
    company: null,
    blog: null,
    location: null,
    email: null,
    hireable: null,
    bio: null,
    twitter_username: null,
    public_repos: 0,
    public_gists: 0,
    followers: 0,
    following: 0,
    created_at: since,
    updated_at: since,
  };
}
