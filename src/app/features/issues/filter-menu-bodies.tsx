/**
 * The contents of the filter bar's Labels menu. They are only
 * seen once a menu opens, so they are a lazy chunk (see ./filter-controls),
 * off the issue list's first paint.
 */
import clsx from 'clsx';
import { useState } from 'react';
import { CheckIcon } from '../../components/page-icons';
import { LabelPill } from '../../components/label-pill';
import { Skeleton } from '../../components/skeleton';
import { clockTime } from '../../lib/time-format';
import { useRepoLabels } from '../../services/use-repo-labels';
import type { EditQuery } from './query-edit';

/** The repository's labels, fetched while the menu is open; checking one adds `label:name` to the query. */
export function LabelMenuBody({ owner, repo, open, selected, onEdit, idBase }: {
  owner: string;
  repo: string;
  open: boolean;
  selected: string[];
  onEdit: EditQuery;
  idBase: string;
}) {
  const errorId = idBase;
  const [find, setFind] = useState('');
  const { labels, heldUntil } = useRepoLabels(owner, repo, open, 'the label menu');
  const chosen = new Set(selected.map((name) => name.toLowerCase()));
  const shown = (labels.data?.data ?? []).filter((label) => label.name.toLowerCase().includes(find.trim().toLowerCase()));

  function toggle(name: string): void {
    onEdit({ kind: 'label', name, on: !chosen.has(name.toLowerCase()) });
  }

  return (
    <>
      <div className="border-b border-line p-2">
        <label className="sr-only" htmlFor={`${errorId}-find`}>
          Find a label
        </label>
        <input id={`${errorId}-find`} className="input" placeholder="Find a label" value={find} onChange={(e) => setFind(e.target.value)} />
      </div>
      <div className="max-h-80 overflow-y-auto py-1">
        {labels.isPending && heldUntil !== null ? (
          <p className="p-3 text-fg-muted">
            The labels wait for credits: fewer than a tenth of the rate limit is left, and it goes to what you open. They load at {clockTime(heldUntil)}.
          </p>
        ) : labels.isPending && open ? (
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
          <button type="button" className="btn btn-sm w-full" onClick={() => onEdit(selected.map((name) => ({ kind: 'label', name, on: false })))}>
            Clear labels
          </button>
        </div>
      ) : null}
    </>
  );
}
