import clsx from 'clsx';
import { Link, useLocation } from 'react-router';
import type { AuthorAssociation, ReactionRollup, SimpleUser } from '../../../shared/wire-types';
import { RelativeTime } from '../../components/relative-time';
import { DESCRIPTION_SCOPE } from './markdown/markdown-ready';
import { MarkdownSection } from './markdown-section';
import { PersonAvatarLink, PersonLink } from './person-link';
import { ReactionsBar } from './reactions-bar';

const ASSOCIATION: Partial<Record<AuthorAssociation, string>> = {
  OWNER: 'Owner',
  MEMBER: 'Member',
  COLLABORATOR: 'Collaborator',
  CONTRIBUTOR: 'Contributor',
  FIRST_TIME_CONTRIBUTOR: 'First-time contributor',
  FIRST_TIMER: 'First-timer',
};

/**
 * The description or one comment: who (linking to what they opened here), when (a
 * comment's time links to it, as on GitHub), the Markdown and the reactions it got.
 */
export function CommentCard({ id, user, association, createdAt, verb, body, owner, repo, highlight, targeted, reactions }: {
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
  reactions?: ReactionRollup | undefined;
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
      <PersonAvatarLink user={user} owner={owner} repo={repo} size={36} className="mt-0.5 max-sm:hidden" />
      <div className={clsx('card min-w-0 flex-1', targeted ? 'border-accent ring-1 ring-accent' : highlight && 'border-accent/50')}>
        <header
          className={clsx(
            'flex flex-wrap items-center gap-x-1.5 gap-y-1 rounded-t-md border-b px-3 py-2 text-fg-muted sm:px-4',
            highlight ? 'border-accent/30 bg-accent-subtle/70' : 'border-line bg-canvas-subtle',
          )}
        >
          <Heading className="sr-only">{isDescription ? 'Description' : `Comment by ${login}`}</Heading>
          <PersonAvatarLink user={user} owner={owner} repo={repo} size={20} className="sm:hidden" />
          <PersonLink user={user} owner={owner} repo={repo} />
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
        <ReactionsBar reactions={reactions} />
      </div>
    </article>
  );
}
