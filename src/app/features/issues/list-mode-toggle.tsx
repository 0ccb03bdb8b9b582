import clsx from 'clsx';
import type { ListMode } from './list-view';

const MODES: { mode: ListMode; label: string; title: string }[] = [
  { mode: 'pages', label: 'Pages', title: 'One page at a time, with a pager' },
  { mode: 'continuous', label: 'Continuous', title: 'One long list that loads more as you scroll' },
];

/** Pages or one continuous list; the choice is the URL's `view`, so it is shared with the link. */
export function ListModeToggle({ mode, onChange }: { mode: ListMode; onChange: (mode: ListMode) => void }) {
  return (
    <div role="group" aria-label="List mode" className="inline-flex shrink-0 overflow-hidden rounded-md border border-line">
      {MODES.map((m) => (
        <button
          key={m.mode}
          type="button"
          aria-pressed={mode === m.mode}
          title={m.title}
          onClick={() => onChange(m.mode)}
          className={clsx(
            'px-2.5 py-0.5 text-xs font-medium not-first:border-l not-first:border-line',
            mode === m.mode ? 'bg-accent-subtle text-fg' : 'bg-canvas text-fg-muted hover:bg-canvas-inset hover:text-fg',
          )}
        >
          {m.label}
        </button>
      ))}
    </div>
  );
}
