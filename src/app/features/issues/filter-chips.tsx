import { XIcon } from '../../components/icons';
import { Link } from 'react-router';
import { labelColors } from '../../components/label-colors';
import { SORT_CHOICES, type ListView } from './list-view';
import type { ChangeFilters, FilterChanges } from './filter-controls';

interface Chip {
  key: string;
  label: string;
  value: string;
  remove: FilterChanges;
  replace?: boolean;
}

const TYPE_NAMES = { issue: 'issues', pr: 'pull requests', all: 'all' } as const;

function chipsOf(view: ListView): Chip[] {
  const { shown } = view;
  const chips: Chip[] = [];
  if (shown.state !== 'open') chips.push({ key: 'state', label: 'State', value: shown.state, remove: { state: null } });
  if (view.type !== 'all') chips.push({ key: 'type', label: 'Type', value: TYPE_NAMES[view.type], remove: { type: null }, replace: true });
  for (const name of view.labels) {
    const rest = view.labels.filter((n) => n !== name);
    chips.push({ key: `label:${name}`, label: 'Label', value: name, remove: { labels: rest.join(',') || null } });
  }
  if (view.sinceInput !== '') chips.push({ key: 'since', label: 'Updated since', value: view.sinceInput, remove: { since: null } });
  if (shown.creator) chips.push({ key: 'creator', label: 'Author', value: shown.creator, remove: { creator: null } });
  if (shown.assignee) chips.push({ key: 'assignee', label: 'Assignee', value: shown.assignee, remove: { assignee: null } });
  if (shown.mentioned) chips.push({ key: 'mentioned', label: 'Mentions', value: shown.mentioned, remove: { mentioned: null } });
  if (shown.milestone) chips.push({ key: 'milestone', label: 'Milestone', value: shown.milestone, remove: { milestone: null } });
  if (shown.sort !== 'created' || shown.direction !== 'desc') {
    const choice = SORT_CHOICES.find((c) => c.sort === shown.sort && c.direction === shown.direction);
    chips.push({ key: 'sort', label: 'Sort', value: choice?.label ?? `${shown.sort} ${shown.direction}`, remove: { sort: null, direction: null } });
  }
  if (view.q.trim() !== '') chips.push({ key: 'q', label: 'Text', value: view.q.trim(), remove: { q: null }, replace: true });
  return chips;
}

/** The active filters, each removable; "Clear all" returns to the repository's open issues. */
export function FilterChips({ view, onChange, labelColor, clearTo, invalidFields }: {
  view: ListView;
  onChange: ChangeFilters;
  labelColor: (name: string) => string | null;
  clearTo: string;
  invalidFields: ReadonlySet<string>;
}) {
  const chips = chipsOf(view);
  if (chips.length === 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-1.5" aria-label="Active filters" role="group">
      {chips.map((chip) => {
        const field = chip.key.startsWith('label:') ? 'labels' : chip.key;
        const invalid = invalidFields.has(field);
        const style = chip.key.startsWith('label:') && !invalid ? labelColors(labelColor(chip.value)) : undefined;
        return (
          <span
            key={chip.key}
            className={
              invalid
                ? 'inline-flex items-center gap-1 rounded-full border border-danger bg-danger-subtle py-0.5 pr-1 pl-2.5 text-xs text-danger'
                : 'inline-flex items-center gap-1 rounded-full border border-line bg-canvas-subtle py-0.5 pr-1 pl-2.5 text-xs'
            }
            style={style}
          >
            <span className={style ? 'opacity-80' : 'text-fg-muted'}>{chip.label}:</span>
            <span className="max-w-48 truncate font-medium">{chip.value}</span>
            <button
              type="button"
              className="rounded-full p-0.5 hover:bg-black/10 dark:hover:bg-white/15"
              aria-label={`Remove filter ${chip.label}: ${chip.value}`}
              onClick={() => onChange(chip.remove, { replace: chip.replace ?? false })}
            >
              <XIcon size={12} aria-hidden="true" />
            </button>
          </span>
        );
      })}
      <Link to={clearTo} className="ml-1 text-xs link">
        Clear all
      </Link>
    </div>
  );
}
