import { Fragment } from 'react';
import type { Span } from '../../shared/search-query';

/** Marks the parts of `text` a search matched; a function so the list can share one per query. */
export type TitleHighlighter = (text: string) => Span[];

function Marked({ text, highlight }: { text: string; highlight: TitleHighlighter | undefined }) {
  const spans = highlight?.(text) ?? [];
  if (spans.length === 0) return text;
  const parts: (string | React.JSX.Element)[] = [];
  let at = 0;
  for (const span of spans) {
    parts.push(text.slice(at, span.start));
    parts.push(
      <mark key={span.start} className="rounded-sm bg-attention-subtle px-px text-inherit">
        {text.slice(span.start, span.end)}
      </mark>,
    );
    at = span.end;
  }
  parts.push(text.slice(at));
  return parts;
}

/**
 * An issue title as GitHub shows it: text between a pair of backticks is
 * code. Everything else stays plain text (React escapes it); no Markdown
 * parser is needed for this one rule, so the list's first paint stays small.
 * In a search, the words it matched are marked.
 */
export function IssueTitle({ title, highlight, renderPlain }: {
  title: string;
  highlight?: TitleHighlighter | undefined;
  /** renders the text outside backticks (the issue page links its `#123` references); code is never touched */
  renderPlain?: (text: string) => React.ReactNode;
}) {
  const parts = title.split('`');
  // An odd number of backticks leaves the last one unpaired: it stays a literal backtick.
  const paired = parts.length % 2 === 1 ? parts : [...parts.slice(0, -2), `${parts.at(-2)}\`${parts.at(-1)}`];
  return (
    <>
      {paired.map((part, i) =>
        i % 2 === 1 ? (
          <code key={i} className="rounded bg-fg/10 px-1 py-px font-mono text-[0.9em]">
            <Marked text={part} highlight={highlight} />
          </code>
        ) : renderPlain ? (
          <Fragment key={i}>{renderPlain(part)}</Fragment>
        ) : (
          <Marked key={i} text={part} highlight={highlight} />
        ),
      )}
    </>
  );
}
