import clsx from 'clsx';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import type { AuthorAssociation, SimpleUser } from '../../../shared/wire-types';
import { Avatar } from '../../components/avatar';
import { RelativeTime } from '../../components/relative-time';
import { DESCRIPTION_SCOPE } from './markdown/markdown-ready';
import { MarkdownSection } from './markdown-section';

const ASSOCIATION: Partial<Record<AuthorAssociation, string>> = {
  OWNER: 'Owner',
  MEMBER: 'Member',
  COLLABORATOR: 'Collaborator',
  CONTRIBUTOR: 'Contributor',
  FIRST_TIME_CONTRIBUTOR: 'First-time contributor',
  FIRST_TIMER: 'First-timer',
};

/** The description or one comment: who, when (a comment's time links to it, as on GitHub), and the Markdown. */
export function CommentCard({ id, user, association, createdAt, verb, body, owner, repo, highlight, targeted, footer }: {
  id?: string;
  user: SimpleUser | null;
  association: AuthorAssociation | undefined;
  createdAt: string;
  verb: string;
  body: string | null;
  owner: string;
  repo: string;
  highlight?: boolean;
  /** the comment the address links to */
  targeted?: boolean;
  footer?: ReactNode;
}) {
  const location = useLocation();
  const login = user?.login ?? 'ghost';
  const role = association ? ASSOCIATION[association] : undefined;
  const isDescription = verb === 'opened this';
  // A heading per card, for screen readers' heading navigation and so the Markdown's own headings
  // (often ###) follow one: the description sits under the page's <h1>, a comment under "Comments" (<h2>).
  const Heading = isDescription ? 'h2' : 'h3';
  return (
    <article
      id={id}
      // Scrolled to by a link (below the sticky header: scroll-padding-top in styles.css), the keyboard starts there too.
      className="flex gap-3 focus:outline-none"
      tabIndex={targeted ? -1 : undefined}
      aria-current={targeted ? 'true' : undefined}
      aria-label={`${isDescription ? 'Description' : 'Comment'} by ${login}`}
    >
      <Avatar login={login} url={user?.avatar_url} size={36} decorative className="mt-0.5 max-sm:hidden" />
      <div className={clsx('card min-w-0 flex-1', targeted ? 'border-accent ring-1 ring-accent' : highlight && 'border-accent/50')}>
        <header
          className={clsx(
            'flex flex-wrap items-center gap-x-1.5 gap-y-1 rounded-t-md border-b px-3 py-2 text-fg-muted sm:px-4',
            highlight ? 'border-accent/30 bg-accent-subtle/70' : 'border-line bg-canvas-subtle',
          )}
        >
          <Heading className="sr-only">{isDescription ? 'Description' : `Comment by ${login}`}</Heading>
          <Avatar login={login} url={user?.avatar_url} size={20} decorative className="sm:hidden" />
          <span className="font-semibold text-fg">{login}</span>
          <span>
            {verb}{' '}
            {id !== undefined && !isDescription ? (
              // The page's own state (the list it was opened from) goes with it, for "Back to issues".
              <Link to={`#${id}`} state={location.state} className="hover:text-accent hover:underline">
                <RelativeTime iso={createdAt} />
              </Link>
            ) : (
              <RelativeTime iso={createdAt} />
            )}
          </span>
          {role ? <span className="ml-auto rounded-full border border-line px-2 text-xs">{role}</span> : null}
        </header>
        <div className="px-3 py-3 sm:px-4">
          <MarkdownSection markdown={body} owner={owner} repo={repo} scope={id ?? DESCRIPTION_SCOPE} />
        </div>
        {footer}
      </div>
    </article>
  );
}
