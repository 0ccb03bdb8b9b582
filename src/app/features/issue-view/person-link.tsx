import clsx from 'clsx';
import { Link } from 'react-router';
import type { SimpleUser } from '../../../shared/wire-types';
import { Avatar } from '../../components/avatar';
import { authorListPath } from './filtered-list-paths';

/** What a link to a person says to a screen reader: whose entries it opens (and, first, their login, as shown). */
export function personLinkLabel(login: string): string {
  return `Issues and pull requests by ${login}`;
}

/**
 * A person in the issue view (an author, an actor, an assignee): their login,
 * and their avatar when `avatarSize` is given, linking to what they opened in
 * this repository rather than to a profile page the service may not have. A
 * deleted account is GitHub's "ghost", shown without a link.
 */
export function PersonLink({ user, owner, repo, avatarSize, className }: {
  user: Pick<SimpleUser, 'login' | 'avatar_url'> | null | undefined;
  owner: string;
  repo: string;
  avatarSize?: number;
  className?: string;
}) {
  if (!user) return <span className={clsx('font-semibold text-fg', className)}>ghost</span>;
  return (
    <Link
      to={authorListPath(owner, repo, user.login)}
      aria-label={personLinkLabel(user.login)}
      data-hovercard-login={user.login}
      className={clsx('inline-flex max-w-full items-center gap-1 align-bottom font-semibold text-fg hover:text-accent hover:underline', className)}
    >
      {avatarSize !== undefined ? <Avatar login={user.login} url={user.avatar_url} size={avatarSize} decorative /> : null}
      <span className="truncate">{user.login}</span>
    </Link>
  );
}

/** A person's avatar alone, linking where their login does (beside a card, where the login is in its header). */
export function PersonAvatarLink({ user, owner, repo, size, className }: {
  user: Pick<SimpleUser, 'login' | 'avatar_url'> | null | undefined;
  owner: string;
  repo: string;
  size: number;
  className?: string;
}) {
  const login = user?.login ?? 'ghost';
  if (!user) return <Avatar login={login} url={null} size={size} decorative className={className} />;
  return (
    <Link to={authorListPath(owner, repo, login)} aria-label={personLinkLabel(login)} className={clsx('shrink-0 self-start rounded-full', className)}>
      <Avatar login={login} url={user.avatar_url} size={size} decorative />
    </Link>
  );
}
