/**
 * The Author and Assignee menus' contents: the repository's assignees (`GET …/assignees`)
 * and the people the list has shown, found by login or name, each with their avatar. A login
 * typed in the find box that neither lists is offered too: anyone can open an issue.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { SimpleUser } from '../../../shared/wire-types';
import { Avatar } from '../../components/avatar';
import { useConnection } from '../../services/app-services-context';
import { clockTime } from '../../lib/time-format';
import { useSecondaryRequest } from '../../services/secondary-budget';
import { useRateLimitBlock } from '../../services/use-rate-limit-block';
import { assigneesQuery } from '../../services/people-queries';
import { ChoiceList, type Choice } from './choice-list';
import type { EditQuery } from './query-edit';
import { peopleInList } from './people-in-list';

const ROLE_WORDS = {
  author: { label: 'Filter by author', find: 'Find an author', clear: 'Clear author', empty: 'No one to show yet.' },
  assignee: { label: 'Filter by assignee', find: 'Find an assignee', clear: 'Clear assignee', empty: 'No one has been assigned here.' },
} as const;

// GitHub logins: letters, digits and single inner hyphens, at most 39 characters (bots end in [bot]).
const LOGIN = /^[A-Za-z\d](?:[A-Za-z\d]|-(?=[A-Za-z\d])){0,38}(?:\[bot\])?$/;

function personChoice(user: Pick<SimpleUser, 'login' | 'avatar_url'> | { login: string; avatar_url: null }): Choice {
  return {
    value: user.login,
    content: (
      <span className="flex items-center gap-2">
        {/* A typed login has no known avatar: a blank of the same size keeps the names aligned. */}
        {user.avatar_url === null ? <span className="inline-block size-5 shrink-0" aria-hidden="true" /> : <Avatar login={user.login} url={user.avatar_url} size={20} decorative />}
        <span className="truncate font-medium">{user.login}</span>
      </span>
    ),
  };
}

export function PersonMenuBody({ owner, repo, role, open, selected, none, onEdit }: {
  owner: string;
  repo: string;
  role: 'author' | 'assignee';
  open: boolean;
  selected: string | null;
  none: boolean;
  onEdit: EditQuery;
}) {
  const connection = useConnection();
  const queryClient = useQueryClient();
  const block = useRateLimitBlock();
  // A menu's contents are not what the reader asked for first: under a tenth of the budget left, they wait.
  const { allowed, heldUntil } = useSecondaryRequest(`the ${role} menu`, 'core', open && block === null);
  const assignees = useQuery({ ...assigneesQuery(connection, owner, repo), enabled: open && block === null && allowed });
  const seen = open ? peopleInList(queryClient, connection.identity, owner, repo, role) : [];
  const byLogin = new Map<string, Pick<SimpleUser, 'login' | 'avatar_url'>>();
  for (const user of [...(assignees.data?.data ?? []), ...seen]) if (!byLogin.has(user.login.toLowerCase())) byLogin.set(user.login.toLowerCase(), user);
  const people = [...byLogin.values()].sort((a, b) => a.login.toLowerCase().localeCompare(b.login.toLowerCase()));
  const words = ROLE_WORDS[role];
  return (
    <ChoiceList
      // A menu opens with an empty find box, as github.com's do.
      key={open ? 'open' : 'closed'}
      label={words.label}
      findLabel={words.find}
      choices={people.map(personChoice)}
      selected={selected}
      loading={assignees.isPending && open && block === null && allowed && people.length === 0}
      error={
        assignees.isError
          ? `Could not load the repository's assignees: ${assignees.error.message}`
          : block !== null && !assignees.data
            ? 'The rate limit is spent: the assignees load once it resets. A login typed here still works.'
            : heldUntil !== null && !assignees.data
              ? `The assignees wait for credits: fewer than a tenth of the rate limit is left, and it goes to what you open. They load at ${clockTime(heldUntil)}; a login typed here still works.`
              : null
      }
      empty={words.empty}
      typed={(text) => {
        const login = text.replace(/^@/, '');
        return LOGIN.test(login) ? personChoice({ login, avatar_url: null }) : null;
      }}
      onChoose={(login) => onEdit({ kind: 'user', role, login })}
      clearLabel={words.clear}
      // Every issue has an author; "Assigned to nobody" is the assignee menu's first choice, as on github.com.
      {...(role === 'assignee' ? { none: { label: 'Assigned to nobody', chosen: none, onChoose: (on: boolean) => onEdit({ kind: 'missing', field: 'assignee', on }) } } : {})}
    />
  );
}
