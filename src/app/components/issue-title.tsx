/**
 * An issue title as GitHub shows it: text between a pair of backticks is
 * code. Everything else stays plain text (React escapes it); no Markdown
 * parser is needed for this one rule, so the list's first paint stays small.
 */
export function IssueTitle({ title }: { title: string }) {
  const parts = title.split('`');
  // An odd number of backticks leaves the last one unpaired: it stays a literal backtick.
  const paired = parts.length % 2 === 1 ? parts : [...parts.slice(0, -2), `${parts.at(-2)}\`${parts.at(-1)}`];
  return (
    <>
      {paired.map((part, i) =>
        i % 2 === 1 ? (
          <code key={i} className="rounded bg-fg/10 px-1 py-px font-mono text-[0.9em]">
            {part}
          </code>
        ) : (
          part
        ),
      )}
    </>
  );
}
