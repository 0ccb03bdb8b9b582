/**
 * Suggestions for the word being typed in the list's box: qualifiers, then
 * their values (the repository's labels, people seen in the loaded issues).
 * A lazy chunk: loaded when the box is first used.
 */
import clsx from 'clsx';
import { LabelPill } from '../../components/label-pill';
import { quoteValue } from '../../lib/query-text';

export interface SuggestionSource {
  labels: readonly { name: string; color: string }[];
  /** logins, most relevant first */
  people: readonly string[];
}

export interface Suggestion {
  /** what the option shows */
  label: string;
  hint: string;
  /** a label, shown as its pill */
  pill?: { name: string; color: string };
  /** the text that replaces the word being typed */
  replace: { start: number; end: number; text: string };
}

const QUALIFIERS: readonly [name: string, hint: string][] = [
  ['is', 'open, closed, issue or pr'],
  ['label', 'has this label'],
  ['author', 'opened by'],
  ['assignee', 'assigned to'],
  ['mentions', 'mentions someone'],
  ['commenter', 'commented on by'],
  ['involves', 'author, assignee, mentioned or commenter'],
  ['no', 'no label, assignee or milestone'],
  ['milestone', 'in a milestone, by title'],
  ['in', 'words in title, body or comments'],
  ['created', 'a date or range: >=2024-01-31'],
  ['updated', 'a date or range: 2024-01-01..2024-03-31'],
  ['closed', 'a date or range: <2024-06-01'],
  ['comments', 'a count or range: >10'],
  ['sort', 'created, updated or comments'],
  ['state', 'open or closed'],
];

const VALUES: Record<string, readonly string[]> = {
  is: ['open', 'closed', 'issue', 'pr'],
  state: ['open', 'closed'],
  type: ['issue', 'pr'],
  no: ['label', 'assignee', 'milestone'],
  in: ['title', 'body', 'comments'],
  sort: ['created-desc', 'created-asc', 'updated-desc', 'updated-asc', 'comments-desc', 'comments-asc'],
};

const PEOPLE_QUALIFIERS = new Set(['author', 'assignee', 'mentions', 'commenter', 'involves']);
const MAX_SUGGESTIONS = 8;

/** The suggestions for the word around offset `at` of `text`; an empty word suggests only when asked (`explicit`). */
export function suggest(text: string, at: number, source: SuggestionSource, explicit = false): Suggestion[] {
  const start = text.lastIndexOf(' ', at - 1) + 1;
  const next = text.indexOf(' ', at);
  const end = next === -1 ? text.length : next;
  const typed = text.slice(start, at);
  if (typed === '' && !explicit) return [];
  const negated = typed.startsWith('-') ? '-' : '';
  const word = typed.slice(negated.length);
  const colon = word.indexOf(':');
  const at0 = { start, end };

  if (colon === -1) {
    const lower = word.toLowerCase();
    return QUALIFIERS.filter(([name]) => name.startsWith(lower))
      .slice(0, MAX_SUGGESTIONS)
      .map(([name, hint]) => ({ label: `${negated}${name}:`, hint, replace: { ...at0, text: `${negated}${name}:` } }));
  }
  const name = word.slice(0, colon).toLowerCase();
  const value = word.slice(colon + 1).replace(/^"/, '').toLowerCase();
  const complete = (written: string, hint: string, pill?: Suggestion['pill']): Suggestion => {
    const whole = `${negated}${name}:${written}`;
    return { label: whole, hint, ...(pill === undefined ? {} : { pill }), replace: { ...at0, text: `${whole} ` } };
  };
  if (name === 'label') {
    return source.labels
      .filter((l) => l.name.toLowerCase().includes(value))
      .slice(0, MAX_SUGGESTIONS)
      .map((l) => complete(quoteValue(l.name), 'label', { name: l.name, color: l.color }));
  }
  if (PEOPLE_QUALIFIERS.has(name)) {
    return source.people.filter((login) => login.toLowerCase().startsWith(value)).slice(0, MAX_SUGGESTIONS).map((login) => complete(login, 'seen in these issues'));
  }
  return (VALUES[name] ?? []).filter((v) => v.startsWith(value) && v !== value).map((v) => complete(v, name));
}

/** The listbox of the box's combobox; options are picked with the mouse here, with the keys in the box. */
export function SuggestionList({ id, options, active, onPick }: { id: string; options: readonly Suggestion[]; active: number; onPick: (index: number) => void }) {
  return (
    <ul id={id} role="listbox" aria-label="Suggestions" className="absolute z-40 mt-1 max-h-80 w-full overflow-y-auto rounded-md border border-line bg-canvas py-1 shadow-xl">
      {options.map((option, index) => (
        <li
          key={option.label}
          id={`${id}-${index}`}
          role="option"
          aria-selected={index === active}
          // Keeps the focus in the box, which would otherwise close the list before the click lands.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => onPick(index)}
          className={clsx('flex cursor-pointer items-center justify-between gap-3 px-3 py-1.5', index === active ? 'bg-accent-subtle' : 'hover:bg-canvas-subtle')}
        >
          {option.pill !== undefined ? (
            <span className="flex items-center gap-1" aria-label={option.label}>
              <span className="font-mono text-[13px]" aria-hidden="true">{`${option.label.slice(0, option.label.indexOf(':') + 1)}`}</span>
              <LabelPill name={option.pill.name} color={option.pill.color} />
            </span>
          ) : (
            <span className="font-mono text-[13px]">{option.label}</span>
          )}
          <span className="truncate text-xs text-fg-muted">{option.hint}</span>
        </li>
      ))}
    </ul>
  );
}
