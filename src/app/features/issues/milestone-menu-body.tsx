/**
 * The Milestones menu's contents: the repository's milestones (`GET …/milestones?state=all`),
 * open ones first by due date as GitHub lists them, then closed ones, each with its due date
 * and progress; found by title. Choosing writes `milestone:"Title"` into the query.
 */
import { useQuery } from '@tanstack/react-query';
import type { Milestone } from '../../../shared/wire-types';
import { useConnection } from '../../services/app-services-context';
import { clockTime } from '../../lib/time-format';
import { useSecondaryRequest } from '../../services/secondary-budget';
import { useRateLimitBlock } from '../../services/use-rate-limit-block';
import { milestonesQuery } from '../../services/people-queries';
import { ChoiceList, type Choice } from './choice-list';
import type { EditQuery } from './query-edit';

function progressOf(m: Milestone): string {
  const total = m.open_issues + m.closed_issues;
  return total === 0 ? 'no issues' : `${Math.round((m.closed_issues / total) * 100)}% complete`;
}

function dueText(m: Milestone): string | null {
  if (!m.due_on) return null;
  return `due ${new Date(m.due_on).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' })}`;
}

function milestoneChoice(m: Milestone): Choice {
  return {
    value: m.title,
    alsoFoundBy: m.description,
    section: m.state === 'open' ? 'Open' : 'Closed',
    content: (
      <span className="block">
        <span className="block truncate font-medium">{m.title}</span>
        <span className="block text-xs text-fg-muted">{[dueText(m), progressOf(m)].filter((part) => part !== null).join(' · ')}</span>
      </span>
    ),
  };
}

export function MilestoneMenuBody({ owner, repo, open, selected, none, onEdit }: { owner: string; repo: string; open: boolean; selected: string | null; none: boolean; onEdit: EditQuery }) {
  const connection = useConnection();
  const block = useRateLimitBlock();
  // A menu's contents are not what the reader asked for first: under a tenth of the budget left, they wait.
  const { allowed, heldUntil } = useSecondaryRequest('the milestone menu', 'core', open && block === null);
  const milestones = useQuery({ ...milestonesQuery(connection, owner, repo), enabled: open && block === null && allowed });
  const all = milestones.data?.data ?? [];
  // The service lists open ones by due date; closed ones follow, as github.com's menu puts them.
  const ordered = [...all.filter((m) => m.state === 'open'), ...all.filter((m) => m.state !== 'open')];
  return (
    <ChoiceList
      // A menu opens with an empty find box, as github.com's do.
      key={open ? 'open' : 'closed'}
      label="Filter by milestone"
      findLabel="Find a milestone"
      choices={ordered.map(milestoneChoice)}
      selected={selected}
      loading={milestones.isPending && open && block === null && allowed}
      error={
        milestones.isError
          ? `Could not load the milestones: ${milestones.error.message}`
          : block !== null && !milestones.data
            ? 'The rate limit is spent: the milestones load once it resets.'
            : heldUntil !== null && !milestones.data
              ? `The milestones wait for credits: fewer than a tenth of the rate limit is left, and it goes to what you open. They load at ${clockTime(heldUntil)}.`
              : null
      }
      empty="This repository has no milestones."
      onChoose={(title) => onEdit({ kind: 'milestone', title })}
      clearLabel="Clear milestone"
      none={{ label: 'No milestone', chosen: none, onChoose: (on) => onEdit({ kind: 'missing', field: 'milestone', on }) }}
    />
  );
}
