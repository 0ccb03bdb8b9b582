/** The controls of the issue list's filter bar; each writes the URL through `onChange`. */
import clsx from 'clsx';
import { CheckIcon, PersonIcon, TagIcon, TriangleDownIcon } from '../../components/icons';
import { useId, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { StateFilter } from '../../../shared/list-params';
import { LabelPill } from '../../components/label-pill';
import { Skeleton } from '../../components/skeleton';
import { useDetailsDismiss } from '../../components/use-dismiss';
import { useUrlBoundInput } from '../../components/use-url-bound-input';
import { useRepoLabels } from '../repository/use-repo-labels';
import { PER_PAGE_CHOICES, SORT_CHOICES, withParams, type ListParamName, type ListView, type TypeFilter } from './list-view';

export type FilterChanges = Partial<Record<ListParamName, string | null>>;
export type ChangeFilters = (changes: FilterChanges, options?: { replace?: boolean }) => void;

const STATE_TABS: { value: StateFilter; label: string }[] = [
  { value: 'open', label: 'Open' },
  { value: 'closed', label: 'Closed' },
  { value: 'all', label: 'All' },
];

const TYPE_TABS: { value: TypeFilter; label: string }[] = [
  { value: 'issue', label: 'Issues' },
  { value: 'pr', label: 'Pull requests' },
  { value: 'all', label: 'All' },
];

const segment =
  'inline-flex items-center px-3 py-1 text-sm font-medium text-fg-muted hover:bg-canvas-inset hover:text-fg aria-[current=page]:bg-canvas aria-[current=page]:text-fg aria-[current=page]:shadow-sm aria-[pressed=true]:bg-canvas aria-[pressed=true]:text-fg aria-[pressed=true]:shadow-sm rounded-[5px]';

/** Open / Closed / All: links, so each state is a URL of its own. */
export function StateTabs({ search, state }: { search: URLSearchParams; state: StateFilter }) {
  return (
    <nav aria-label="Issue state" className="inline-flex rounded-md border border-line bg-canvas-subtle p-0.5">
      {STATE_TABS.map((tab) => (
        <Link
          key={tab.value}
          to={{ search: withParams(search, { state: tab.value === 'open' ? null : tab.value }).toString() }}
          aria-current={tab.value === state ? 'page' : undefined}
          className={segment}
        >
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}

/** Issues / Pull requests / All: filters the loaded page (the API cannot). */
export function TypeTabs({ type, onChange }: { type: TypeFilter; onChange: ChangeFilters }) {
  return (
    <div role="group" aria-label="Type" className="inline-flex rounded-md border border-line bg-canvas-subtle p-0.5">
      {TYPE_TABS.map((tab) => (
        <button
          key={tab.value}
          type="button"
          aria-pressed={tab.value === type}
          onClick={() => onChange({ type: tab.value === 'all' ? null : tab.value }, { replace: true })}
          className={segment}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}

function Menu({ label, icon, count, invalid, describedBy, onToggle, children, align = 'left' }: {
  label: string;
  icon: ReactNode;
  count: number;
  invalid?: boolean;
  describedBy?: string | undefined;
  onToggle?: (open: boolean) => void;
  children: ReactNode;
  align?: 'left' | 'right';
}) {
  const ref = useRef<HTMLDetailsElement>(null);
  useDetailsDismiss(ref);
  return (
    <details ref={ref} className="relative" onToggle={(event) => onToggle?.(event.currentTarget.open)}>
      <summary
        className={clsx('btn cursor-pointer list-none [&::-webkit-details-marker]:hidden', invalid && 'border-danger text-danger')}
        aria-describedby={describedBy}
      >
        {icon}
        {label}
        {count > 0 ? <span className="rounded-full bg-canvas-inset px-1.5 text-xs">{count}</span> : null}
        <TriangleDownIcon size={16} aria-hidden="true" />
      </summary>
      <div
        className={clsx(
          'absolute z-30 mt-1 w-72 max-w-[calc(100vw-2rem)] rounded-md border border-line bg-canvas shadow-xl',
          align === 'right' ? 'right-0' : 'left-0',
        )}
      >
        {children}
      </div>
    </details>
  );
}

/** The repository's labels with their colours; checking one adds it to the filter (all checked labels must match). */
export function LabelMenu({ owner, repo, selected, onChange, error, errorId }: {
  owner: string;
  repo: string;
  selected: string[];
  onChange: ChangeFilters;
  error: string | null;
  errorId: string;
}) {
  const [open, setOpen] = useState(false);
  const [find, setFind] = useState('');
  const labels = useRepoLabels(owner, repo, open);
  const chosen = new Set(selected.map((name) => name.toLowerCase()));
  const shown = (labels.data?.data ?? []).filter((label) => label.name.toLowerCase().includes(find.trim().toLowerCase()));

  function toggle(name: string): void {
    const next = chosen.has(name.toLowerCase())
      ? selected.filter((n) => n.toLowerCase() !== name.toLowerCase())
      : [...selected, name];
    onChange({ labels: next.join(',') });
  }

  return (
    <Menu label="Labels" icon={<TagIcon size={16} aria-hidden="true" />} count={selected.length} invalid={error !== null} describedBy={error ? errorId : undefined} onToggle={setOpen}>
      <div className="border-b border-line p-2">
        <label className="sr-only" htmlFor={`${errorId}-find`}>
          Find a label
        </label>
        <input id={`${errorId}-find`} className="input" placeholder="Find a label" value={find} onChange={(e) => setFind(e.target.value)} />
      </div>
      <div className="max-h-80 overflow-y-auto py-1">
        {labels.isPending && open ? (
          <div className="space-y-2 p-3" aria-label="Loading labels">
            <Skeleton className="h-4 w-3/4" />
            <Skeleton className="h-4 w-1/2" />
            <Skeleton className="h-4 w-2/3" />
          </div>
        ) : labels.isError ? (
          <p className="p-3 text-danger">Could not load the labels: {labels.error.message}</p>
        ) : shown.length === 0 ? (
          <p className="p-3 text-fg-muted">{find ? 'No label matches.' : 'This repository has no labels.'}</p>
        ) : (
          <fieldset>
            <legend className="sr-only">Labels to filter by</legend>
            {shown.map((label) => {
              const checked = chosen.has(label.name.toLowerCase());
              return (
                <label key={label.id ?? label.name} className="flex cursor-pointer items-start gap-2 px-3 py-1.5 hover:bg-canvas-subtle">
                  <input type="checkbox" className="peer sr-only" checked={checked} onChange={() => toggle(label.name)} />
                  <span
                    className={clsx(
                      'mt-0.5 inline-flex size-4 shrink-0 items-center justify-center rounded border peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-accent',
                      checked ? 'border-accent-emphasis bg-accent-emphasis text-on-emphasis' : 'border-line bg-canvas',
                    )}
                    aria-hidden="true"
                  >
                    {checked ? <CheckIcon size={12} /> : null}
                  </span>
                  <span className="min-w-0">
                    <LabelPill name={label.name} color={label.color} />
                    {label.description ? <span className="mt-0.5 block text-xs text-fg-muted">{label.description}</span> : null}
                  </span>
                </label>
              );
            })}
          </fieldset>
        )}
      </div>
      {selected.length > 0 ? (
        <div className="border-t border-line p-2">
          <button type="button" className="btn btn-sm w-full" onClick={() => onChange({ labels: null })}>
            Clear labels
          </button>
        </div>
      ) : null}
    </Menu>
  );
}

/** Author, assignee and mention filters: applied together with a button, not on every key (each costs a request). */
export function PeopleMenu({ view, onChange }: { view: ListView; onChange: ChangeFilters }) {
  const id = useId();
  const { creator, assignee, mentioned } = view.shown;
  const count = [creator, assignee, mentioned].filter((v) => v !== null).length;
  return (
    <Menu label="People" icon={<PersonIcon size={16} aria-hidden="true" />} count={count} align="right">
      <form
        // A new URL value resets the fields (a chip removed elsewhere).
        key={`${creator}|${assignee}|${mentioned}`}
        className="space-y-3 p-3"
        onSubmit={(event) => {
          event.preventDefault();
          const data = new FormData(event.currentTarget);
          const read = (name: string): string | null => {
            const value = String(data.get(name) ?? '').trim().replace(/^@/, '');
            return value === '' ? null : value;
          };
          onChange({ creator: read('creator'), assignee: read('assignee'), mentioned: read('mentioned') });
          event.currentTarget.closest('details')?.removeAttribute('open');
        }}
      >
        {(
          [
            ['creator', 'Author', creator, 'login'],
            ['assignee', 'Assignee', assignee, 'login, none or *'],
            ['mentioned', 'Mentions', mentioned, 'login'],
          ] as const
        ).map(([name, label, value, hint]) => (
          <div key={name}>
            <label htmlFor={`${id}-${name}`} className="mb-1 block text-xs font-semibold">
              {label}
            </label>
            <input id={`${id}-${name}`} name={name} defaultValue={value ?? ''} className="input" placeholder={hint} autoComplete="off" spellCheck={false} />
          </div>
        ))}
        <button type="submit" className="btn btn-primary w-full">
          Apply
        </button>
      </form>
    </Menu>
  );
}

/** Only issues updated on or after this day (the service's `since`). */
export function SinceField({ value, onChange, error, errorId }: { value: string; onChange: ChangeFilters; error: string | null; errorId: string }) {
  const ref = useRef<HTMLInputElement>(null);
  useUrlBoundInput(ref, value);
  const id = useId();
  return (
    <div className="flex items-center gap-1.5">
      <label htmlFor={id} className="text-fg-muted whitespace-nowrap">
        Updated since
      </label>
      <input
        ref={ref}
        id={id}
        type="date"
        defaultValue={value}
        aria-invalid={error !== null || undefined}
        aria-describedby={error ? errorId : undefined}
        className="input w-auto py-1"
        onChange={(event) => {
          const next = event.currentTarget.value;
          // A half-typed date reads as '' with the input still invalid: wait for a whole one.
          if (next === '' && event.currentTarget.validity.badInput) return;
          onChange({ since: next === '' ? null : next });
        }}
      />
    </div>
  );
}

export function SortSelect({ view, onChange }: { view: ListView; onChange: ChangeFilters }) {
  const id = useId();
  const current = `${view.shown.sort}-${view.shown.direction}`;
  return (
    <div className="flex items-center gap-1.5">
      <label htmlFor={id} className="text-fg-muted">
        Sort
      </label>
      <select
        id={id}
        className="input w-auto py-1"
        value={current}
        onChange={(event) => {
          const choice = SORT_CHOICES.find((c) => c.id === event.currentTarget.value);
          if (!choice) return;
          const isDefault = choice.sort === 'created' && choice.direction === 'desc';
          onChange({ sort: isDefault ? null : choice.sort, direction: isDefault ? null : choice.direction });
        }}
      >
        {SORT_CHOICES.map((choice) => (
          <option key={choice.id} value={choice.id}>
            {choice.label}
          </option>
        ))}
      </select>
    </div>
  );
}

export function PerPageSelect({ perPage, onChange }: { perPage: number; onChange: ChangeFilters }) {
  const id = useId();
  const choices: number[] = PER_PAGE_CHOICES.includes(perPage as (typeof PER_PAGE_CHOICES)[number]) ? [...PER_PAGE_CHOICES] : [...PER_PAGE_CHOICES, perPage].sort((a, b) => a - b);
  return (
    <div className="flex items-center gap-1.5">
      <label htmlFor={id} className="text-fg-muted whitespace-nowrap">
        Per page
      </label>
      <select
        id={id}
        className="input w-auto py-1"
        value={perPage}
        onChange={(event) => onChange({ per_page: event.currentTarget.value === '30' ? null : event.currentTarget.value })}
      >
        {choices.map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
    </div>
  );
}
