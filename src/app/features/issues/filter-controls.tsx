/** The controls of the issue list's filter bar; each writes the URL through `onChange`. */
import clsx from 'clsx';
import { PersonIcon, TagIcon, TriangleDownIcon } from '../../components/icons';
import { lazy, Suspense, useId, useRef, useState, type ReactNode } from 'react';
import { importOutlastingOutage } from '../../components/import-outlasting-outage';
import { Link } from 'react-router';
import type { StateFilter } from '../../../shared/list-params';
import { useDetailsDismiss } from '../../components/use-dismiss';
import { useUrlBoundInput } from '../../components/use-url-bound-input';
import { PER_PAGE_CHOICES, SORT_CHOICES, withParams, type ListParamName, type ListView, type TypeFilter } from './list-view';

/**
 * The menus' contents are a lazy chunk, loaded when a menu first opens and
 * fetched ahead when the pointer or focus reaches its button, so opening one
 * rarely shows the fallback.
 */
const loadMenuBodies = () => import('./filter-menu-bodies');
const LabelMenuBody = lazy(async () => ({ default: (await importOutlastingOutage(loadMenuBodies)).LabelMenuBody }));
const PeopleMenuBody = lazy(async () => ({ default: (await importOutlastingOutage(loadMenuBodies)).PeopleMenuBody }));

function MenuLoading() {
  return <p className="p-3 text-fg-muted">Loading…</p>;
}

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
        onPointerEnter={() => void loadMenuBodies()}
        onFocus={() => void loadMenuBodies()}
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
  const [opened, setOpened] = useState(false);
  return (
    <Menu
      label="Labels"
      icon={<TagIcon size={16} aria-hidden="true" />}
      count={selected.length}
      invalid={error !== null}
      describedBy={error ? errorId : undefined}
      onToggle={(isOpen) => {
        setOpen(isOpen);
        if (isOpen) setOpened(true);
      }}
    >
      {opened ? (
        <Suspense fallback={<MenuLoading />}>
          <LabelMenuBody owner={owner} repo={repo} open={open} selected={selected} onChange={onChange} errorId={errorId} />
        </Suspense>
      ) : null}
    </Menu>
  );
}

/** Author, assignee and mention filters: applied together with a button, not on every key (each costs a request). */
export function PeopleMenu({ view, onChange }: { view: ListView; onChange: ChangeFilters }) {
  const [opened, setOpened] = useState(false);
  const { creator, assignee, mentioned } = view.shown;
  const count = [creator, assignee, mentioned].filter((v) => v !== null).length;
  return (
    <Menu
      label="People"
      icon={<PersonIcon size={16} aria-hidden="true" />}
      count={count}
      align="right"
      onToggle={(isOpen) => {
        if (isOpen) setOpened(true);
      }}
    >
      {opened ? (
        <Suspense fallback={<MenuLoading />}>
          <PeopleMenuBody view={view} onChange={onChange} />
        </Suspense>
      ) : null}
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
