/**
 * The controls of the issue list's filter bar. They read the query (its
 * summary) and change it through `onEdit`, which rewrites the qualifier they
 * own in the query text and keeps the rest as typed (./query-edit).
 */
import clsx from 'clsx';
import { TagIcon, TriangleDownIcon } from '../../components/icons';
import { lazy, Suspense, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { importOutlastingOutage } from '../../lib/import-outlasting-outage';
import { Link, type To } from 'react-router';
import { useDetailsDismiss } from './use-details-dismiss';
import { DEFAULT_PER_PAGE } from '../../../shared/api-constants';
import { PER_PAGE_CHOICES, SORT_CHOICES } from './list-view';
import type { EditQuery, QuerySummary } from './query-edit';

/**
 * The menus' contents are a lazy chunk, loaded when a menu first opens and
 * fetched ahead when the pointer or focus reaches its button, so opening one
 * rarely shows the fallback.
 */
const loadMenuBodies = () => import('./filter-menu-bodies');
const LabelMenuBody = lazy(async () => ({ default: (await importOutlastingOutage(loadMenuBodies)).LabelMenuBody }));

export function MenuLoading() {
  return <p className="p-3 text-fg-muted">Loading…</p>;
}

/** What the controls show of the default query, known without the parser. */
export const DEFAULT_SUMMARY: QuerySummary = { state: 'open', type: 'issue', labels: [], issueType: null, author: null, assignee: null, mentions: null, milestone: null, noMilestone: false, noAssignee: false, sort: null };

type StateTab = 'open' | 'closed' | 'all';

const STATE_TABS: { value: StateTab; label: string }[] = [
  { value: 'open', label: 'Open' },
  { value: 'closed', label: 'Closed' },
  { value: 'all', label: 'All' },
];

const TYPE_TABS: { value: 'issue' | 'pr' | null; label: string }[] = [
  { value: 'issue', label: 'Issues' },
  { value: 'pr', label: 'Pull requests' },
  { value: null, label: 'All' },
];

const segment =
  'inline-flex items-center px-3 py-1 text-sm font-medium text-fg-muted hover:bg-canvas-inset hover:text-fg aria-[current=page]:bg-canvas aria-[current=page]:text-fg aria-[current=page]:shadow-sm aria-[pressed=true]:bg-canvas aria-[pressed=true]:text-fg aria-[pressed=true]:shadow-sm rounded-[5px]';

/** Open / Closed / All: links, so each state is a URL of its own (`is:open` in the query, or none for all). */
export function StateTabs({ state, to }: { state: 'open' | 'closed' | null; to: (state: StateTab) => To }) {
  return (
    <nav aria-label="Issue state" className="inline-flex rounded-md border border-line bg-canvas-subtle p-0.5">
      {STATE_TABS.map((tab) => (
        <Link key={tab.value} to={to(tab.value)} aria-current={tab.value === (state ?? 'all') ? 'page' : undefined} className={segment}>
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}

/** Issues / Pull requests / All: `is:issue`, `is:pr` or neither (a search: the list endpoint cannot tell them apart). */
export function TypeTabs({ type, onEdit }: { type: 'issue' | 'pr' | null; onEdit: EditQuery }) {
  return (
    <div role="group" aria-label="Type" className="inline-flex rounded-md border border-line bg-canvas-subtle p-0.5">
      {TYPE_TABS.map((tab) => (
        <button key={tab.label} type="button" aria-pressed={tab.value === type} onClick={() => onEdit({ kind: 'type', value: tab.value })} className={segment}>
          {tab.label}
        </button>
      ))}
    </div>
  );
}

/** A filter-bar menu: a `<details>` whose button shows a count of what is chosen, dismissed on Escape or a click outside (the Types, Milestones and people menus use it too). */
export function Menu({ label, icon, count, onToggle, children, align = 'left', onPrepare = () => void loadMenuBodies() }: {
  label: string;
  icon: ReactNode;
  count: number;
  onToggle: (open: boolean) => void;
  /** fetches the menu's lazy contents ahead, when the pointer or focus reaches its button */
  onPrepare?: () => void;
  children: ReactNode;
  align?: 'left' | 'right';
}) {
  const ref = useRef<HTMLDetailsElement>(null);
  useDetailsDismiss(ref);
  // On a page the service rendered, a <details> opens without script: one opened before the app took over told
  // nobody, and would stay open and empty. Said once, as the app takes over; every toggle after is an event.
  useEffect(() => {
    if (ref.current?.open !== true) return;
    onPrepare();
    onToggle(true);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, at mount: the open state the markup had
  }, []);
  return (
    <details ref={ref} className="relative" onToggle={(event) => onToggle(event.currentTarget.open)}>
      <summary
        className="btn cursor-pointer list-none [&::-webkit-details-marker]:hidden"
        onPointerEnter={onPrepare}
        onFocus={onPrepare}
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

/** The repository's labels with their colours; checking one adds `label:name` to the query (all of them must match). */
export function LabelMenu({ owner, repo, selected, onEdit }: { owner: string; repo: string; selected: string[]; onEdit: EditQuery }) {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const id = useId();
  return (
    <Menu
      label="Labels"
      icon={<TagIcon size={16} aria-hidden="true" />}
      count={selected.length}
      onToggle={(isOpen) => {
        setOpen(isOpen);
        if (isOpen) setOpened(true);
      }}
    >
      {opened ? (
        <Suspense fallback={<MenuLoading />}>
          <LabelMenuBody owner={owner} repo={repo} open={open} selected={selected} onEdit={onEdit} idBase={id} />
        </Suspense>
      ) : null}
    </Menu>
  );
}

/**
 * The order: `sort:` in the query. Without one, the list endpoint gives the newest
 * first and a search its best matches first, as GitHub's do.
 */
export function SortSelect({ summary, searching, onEdit }: { summary: QuerySummary; searching: boolean; onEdit: EditQuery }) {
  const id = useId();
  const current = summary.sort ? `${summary.sort.field}-${summary.sort.order}` : searching ? 'best' : 'created-desc';
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
          // Newest is the list's own order: no qualifier needed unless a search would otherwise rank by match.
          onEdit({ kind: 'sort', value: choice === undefined || (!searching && choice.id === 'created-desc') ? null : { field: choice.field, order: choice.order } });
        }}
      >
        {searching ? <option value="best">Best match</option> : null}
        {SORT_CHOICES.map((choice) => (
          <option key={choice.id} value={choice.id}>
            {choice.label}
          </option>
        ))}
      </select>
    </div>
  );
}

export function PerPageSelect({ perPage, onChange }: { perPage: number; onChange: (perPage: string | null) => void }) {
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
        onChange={(event) => onChange(event.currentTarget.value === String(DEFAULT_PER_PAGE) ? null : event.currentTarget.value)}
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
