/**
 * An issue's type (GitHub's issue types: Bug, Feature, Task …) as a small outlined token in its
 * colour, as github.com shows it beside the title. GitHub's eight colour names map to the theme's
 * tokens where it has one (so light and dark both read), a fixed hue otherwise.
 */
import clsx from 'clsx';
import type { IssueType, IssueTypeColor } from '../../shared/wire-types';

const TEXT_OF: Record<IssueTypeColor, string> = {
  gray: 'text-fg-muted',
  blue: 'text-accent',
  green: 'text-open',
  yellow: 'text-attention',
  orange: 'text-[#bc4c00] dark:text-[#f0883e]',
  red: 'text-danger',
  pink: 'text-[#bf3989] dark:text-[#f778ba]',
  purple: 'text-done',
};

export function IssueTypeToken({ type, className }: { type: Pick<IssueType, 'name' | 'color' | 'description'>; className?: string }) {
  return (
    <span
      title={type.description ? `${type.name}: ${type.description}` : `Issue type: ${type.name}`}
      className={clsx(
        'inline-flex max-w-full items-center rounded-full border border-current px-2 text-xs leading-[18px] font-medium whitespace-nowrap',
        TEXT_OF[type.color ?? 'gray'],
        className,
      )}
    >
      {type.name}
    </span>
  );
}
