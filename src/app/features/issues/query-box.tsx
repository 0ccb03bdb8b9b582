/**
 * The list's box: GitHub's query language, applied on Enter as on github.com
 * (a search spends a budget of 10 to 30 a minute, so not one per key), with
 * suggestions as you type in an ARIA combobox. The suggestions and their
 * list are a lazy chunk (./query-suggestions), loaded when the box is first used.
 */
import { SearchIcon } from '../../components/icons';
import { useId, useState, type KeyboardEvent, type RefObject } from 'react';
import { useUrlBoundInput } from './use-url-bound-input';
import { useRepoLabels } from '../../services/use-repo-labels';

type SuggestionsModule = typeof import('./query-suggestions');
let suggestionsModule: SuggestionsModule | null = null;
const loadSuggestions = (): Promise<SuggestionsModule> => import('./query-suggestions').then((module) => (suggestionsModule = module));

/** Where the person is typing: the text and the caret's offset; null while the suggestions are closed. */
interface Caret {
  text: string;
  at: number;
  /** opened with the arrow key: show suggestions for an empty word too */
  explicit: boolean;
}

export function QueryBox({ owner, repo, q, inputRef, people, invalid, describedBy, onSubmit }: {
  owner: string;
  repo: string;
  q: string;
  inputRef: RefObject<HTMLInputElement | null>;
  /** logins to suggest (those seen in the loaded issues); read when suggestions show */
  people: () => string[];
  invalid: boolean;
  describedBy: string | undefined;
  onSubmit: (q: string) => void;
}) {
  const id = useId();
  const listboxId = `${id}-suggestions`;
  const [suggestions, setSuggestions] = useState<SuggestionsModule | null>(suggestionsModule);
  const [caret, setCaret] = useState<Caret | null>(null);
  const [active, setActive] = useState(-1);
  useUrlBoundInput(inputRef, q);
  // The repository's labels are asked for once the box is in use (a 304 later costs nothing).
  // Across repositories (`/issues`, no owner) there is no one repository's labels to suggest.
  const { labels } = useRepoLabels(owner, repo, suggestions !== null && owner !== '', 'label suggestions');

  const options =
    suggestions !== null && caret !== null ? suggestions.suggest(caret.text, caret.at, { labels: labels.data?.data ?? [], people: people() }, caret.explicit) : [];
  const open = options.length > 0;

  function track(explicit = false): void {
    const input = inputRef.current;
    if (input === null) return;
    if (suggestions === null) void loadSuggestions().then(setSuggestions, () => {
      // No suggestions this time: the box works without them.
    });
    setCaret({ text: input.value, at: input.selectionStart ?? input.value.length, explicit });
    setActive(-1);
  }

  function pick(index: number): void {
    const option = options[index];
    const input = inputRef.current;
    if (option === undefined || input === null) return;
    const { start, end, text } = option.replace;
    input.value = `${input.value.slice(0, start)}${text}${input.value.slice(end)}`;
    const at = start + text.length;
    input.setSelectionRange(at, at);
    input.focus();
    setCaret({ text: input.value, at, explicit: false });
    setActive(-1);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>): void {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) return track(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      // Cycles through the options and back to none (-1), the typed text.
      setActive((current) => ((current + 1 + step + options.length + 1) % (options.length + 1)) - 1);
    } else if (event.key === 'Enter' && open && active >= 0 && active < options.length) {
      event.preventDefault();
      pick(active);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setCaret(null);
    }
  }

  return (
    <form
      role="search"
      className="relative min-w-0 flex-1"
      onSubmit={(event) => {
        event.preventDefault();
        setCaret(null);
        onSubmit(inputRef.current?.value ?? q);
      }}
    >
      <label htmlFor={`${id}-q`} className="sr-only">
        Search issues and pull requests
      </label>
      <span className="pointer-events-none absolute top-1/2 left-2.5 -translate-y-1/2 text-fg-muted">
        <SearchIcon size={16} aria-hidden="true" />
      </span>
      <input
        ref={inputRef}
        id={`${id}-q`}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={open ? listboxId : undefined}
        aria-activedescendant={open && active >= 0 ? `${listboxId}-${active}` : undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        defaultValue={q}
        // A hint that fits the box beside the Filters and Save buttons on a phone, about 20 characters.
        placeholder="label:bug crash"
        className="input pl-8 font-mono text-[13px]"
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        aria-keyshortcuts="/"
        enterKeyHint="search"
        onChange={() => track()}
        onClick={() => caret !== null && track()}
        onKeyDown={onKeyDown}
        onBlur={() => setCaret(null)}
      />
      {open && suggestions !== null ? <suggestions.SuggestionList id={listboxId} options={options} active={active} onPick={pick} /> : null}
    </form>
  );
}
