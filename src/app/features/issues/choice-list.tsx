/**
 * The body of a single-choice filter menu (Author, Assignee, Milestones), as github.com's
 * filter bar has them: a find box, the choices it matches, the current one checked, and a
 * way to clear it. Choosing closes the menu.
 */
import { useId, useState, type ReactNode } from 'react';
import { CheckIcon } from '../../components/page-icons';
import { Skeleton } from '../../components/skeleton';

export interface Choice {
  /** what choosing it writes (a login, a title); compared without case to the current choice */
  value: string;
  /** what the find box matches, besides `value` */
  alsoFoundBy?: string | null;
  /** a heading the choice is listed under ("Open", "Closed") */
  section?: string;
  content: ReactNode;
}

export interface ChoiceListProps {
  /** "Filter by author": the group's accessible name */
  label: string;
  findLabel: string;
  choices: Choice[];
  selected: string | null;
  loading: boolean;
  /** what failed while loading the choices; the find box still works */
  error: string | null;
  empty: string;
  /** a choice made of what was typed, when nothing listed matches it (a login the menu does not list) */
  typed?: (text: string) => Choice | null;
  onChoose: (value: string | null) => void;
  clearLabel: string;
  /** github.com's first choice of some menus: "No milestone", "Assigned to nobody" (`no:…`) */
  none?: { label: string; chosen: boolean; onChoose: (on: boolean) => void };
}

function closeMenuOf(element: Element): void {
  const details = element.closest('details');
  if (!details) return;
  details.open = false;
  details.querySelector('summary')?.focus();
}

export function ChoiceList({ label, findLabel, choices, selected, loading, error, empty, typed, onChoose, clearLabel, none }: ChoiceListProps) {
  const id = useId();
  const [find, setFind] = useState('');
  const needle = find.trim().toLowerCase();
  const shown = choices.filter((c) => needle === '' || c.value.toLowerCase().includes(needle) || (c.alsoFoundBy ?? '').toLowerCase().includes(needle));
  // What was typed is offered only when nothing listed matches it: "mch" finds mchen, not a login "mch".
  const extra = needle !== '' && shown.length === 0 ? (typed?.(find.trim()) ?? null) : null;
  const listed = extra ? [...shown, extra] : shown;
  const current = selected?.toLowerCase() ?? null;
  const sections = [...new Set(listed.map((c) => c.section ?? ''))];

  return (
    <>
      <div className="border-b border-line p-2">
        <label className="sr-only" htmlFor={`${id}-find`}>
          {findLabel}
        </label>
        <input
          id={`${id}-find`}
          className="input"
          placeholder={findLabel}
          value={find}
          autoComplete="off"
          spellCheck={false}
          onChange={(e) => setFind(e.target.value)}
          onKeyDown={(e) => {
            // Enter takes the first match, as github.com's menus do.
            const first = listed[0];
            if (e.key !== 'Enter' || first === undefined) return;
            e.preventDefault();
            onChoose(first.value.toLowerCase() === current ? null : first.value);
            closeMenuOf(e.currentTarget);
          }}
        />
      </div>
      <div role="group" aria-label={label} className="max-h-80 overflow-y-auto py-1">
        {error ? <p className="px-3 py-2 text-danger">{error}</p> : null}
        {none && needle === '' ? (
          <button
            type="button"
            aria-pressed={none.chosen}
            className="flex w-full items-center gap-2 border-b border-line px-3 py-1.5 text-left hover:bg-canvas-subtle focus-visible:bg-canvas-subtle"
            onClick={(e) => {
              none.onChoose(!none.chosen);
              closeMenuOf(e.currentTarget);
            }}
          >
            <span className="inline-flex size-4 shrink-0 items-center justify-center" aria-hidden="true">
              {none.chosen ? <CheckIcon size={14} /> : null}
            </span>
            <span className="font-medium">{none.label}</span>
          </button>
        ) : null}
        {loading ? (
          <div className="space-y-2 p-3" aria-label={`Loading: ${label}`}>
            <Skeleton className="h-4 w-3/4" />
            <Skeleton className="h-4 w-1/2" />
          </div>
        ) : listed.length === 0 ? (
          <p className="p-3 text-fg-muted">{needle ? 'Nothing matches.' : empty}</p>
        ) : (
          <>
            {sections.map((section) => (
              <div key={section}>
                {section ? <p className="px-3 pt-2 pb-1 text-xs font-semibold text-fg-muted">{section}</p> : null}
                {listed
                  .filter((c) => (c.section ?? '') === section)
                  .map((choice) => {
                    const chosen = choice.value.toLowerCase() === current;
                    return (
                      <button
                        key={choice.value}
                        type="button"
                        aria-pressed={chosen}
                        className="flex w-full items-center gap-2 px-3 py-1.5 text-left hover:bg-canvas-subtle focus-visible:bg-canvas-subtle"
                        onClick={(e) => {
                          onChoose(chosen ? null : choice.value);
                          closeMenuOf(e.currentTarget);
                        }}
                      >
                        <span className="inline-flex size-4 shrink-0 items-center justify-center" aria-hidden="true">
                          {chosen ? <CheckIcon size={14} /> : null}
                        </span>
                        <span className="min-w-0 flex-1">{choice.content}</span>
                      </button>
                    );
                  })}
              </div>
            ))}
          </>
        )}
      </div>
      {selected !== null || none?.chosen === true ? (
        <div className="border-t border-line p-2">
          <button
            type="button"
            className="btn btn-sm w-full"
            onClick={(e) => {
              if (none?.chosen) none.onChoose(false);
              else onChoose(null);
              closeMenuOf(e.currentTarget);
            }}
          >
            {clearLabel}
          </button>
        </div>
      ) : null}
    </>
  );
}
