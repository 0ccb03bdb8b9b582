import type { ReactionRollup } from '../../../shared/wire-types';
import { formatCount } from '../../lib/time-format';

type Reaction = Exclude<keyof ReactionRollup, 'url' | 'total_count'>;

/** GitHub's eight reactions, in the order its pages show them, with the emoji and the words its labels use. */
const REACTIONS: readonly { key: Reaction; emoji: string; name: string }[] = [
  { key: '+1', emoji: '👍', name: 'thumbs up' },
  { key: '-1', emoji: '👎', name: 'thumbs down' },
  { key: 'laugh', emoji: '😄', name: 'laugh' },
  { key: 'hooray', emoji: '🎉', name: 'hooray' },
  { key: 'confused', emoji: '😕', name: 'confused' },
  { key: 'heart', emoji: '❤️', name: 'heart' },
  { key: 'rocket', emoji: '🚀', name: 'rocket' },
  { key: 'eyes', emoji: '👀', name: 'eyes' },
];

function reactionLabel(count: number, name: string): string {
  return `${formatCount(count)} ${count === 1 ? 'person' : 'people'} reacted with ${name}`;
}

/**
 * The reactions on the issue or a comment, as counts (read-only: the app
 * never writes). Only those someone gave are shown; none, nothing at all.
 */
export function ReactionsBar({ reactions }: { reactions: ReactionRollup | undefined }) {
  const given = REACTIONS.filter(({ key }) => typeof reactions?.[key] === 'number' && reactions[key] > 0);
  if (reactions === undefined || given.length === 0) return null;
  return (
    <ul aria-label="Reactions" className="flex flex-wrap gap-1.5 px-3 pb-3 sm:px-4">
      {given.map(({ key, emoji, name }) => {
        const label = reactionLabel(reactions[key], name);
        return (
          <li key={key}>
            <span
              role="img"
              aria-label={label}
              title={label}
              className="inline-flex h-6 items-center gap-1 rounded-full border border-line bg-canvas-subtle px-2 text-xs text-fg-muted tabular-nums"
            >
              <span aria-hidden="true">{emoji}</span>
              <span aria-hidden="true">{formatCount(reactions[key])}</span>
            </span>
          </li>
        );
      })}
    </ul>
  );
}
