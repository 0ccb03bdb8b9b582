/**
 * The 16 px Octicons (MIT, © GitHub) the app shows, drawn from one SVG sprite.
 *
 * The paths live in ./octicons.svg (one `<symbol>` per icon, copied from
 * @primer/octicons 19), a static asset with a content hash in its name that
 * the browser fetches once and caches, instead of JavaScript on the issue
 * list's first paint, whose budget every kB counts against.
 * Each icon is an `<svg>` that `<use>`s its symbol: same size, `currentColor`
 * fill (the symbol's paths inherit it) and accessibility as before, following
 * @primer/octicons-react: decorative (`aria-hidden`) unless labelled; its
 * `vertical-align: text-bottom` is styles.css's `.octicon` rule, since markup the
 * service renders may carry no `style` attribute (issue 48).
 * Icons that only lazily loaded pages show are declared in ./page-icons.
 */
import type { ReactElement } from 'react';
// `no-inline`: a sprite inlined as a data: URL could not be referenced by `<use>` (browsers refuse it).
import spriteUrl from './octicons.svg?no-inline';

export interface IconProps {
  /** Width and height in CSS pixels (the icons are square). */
  size?: number;
  className?: string;
  'aria-hidden'?: boolean | 'true' | 'false';
  'aria-label'?: string;
}

export type Icon = (props: IconProps) => ReactElement;

/** The icon whose `<symbol id>` in ./octicons.svg is `id`. */
export function octicon(id: string): Icon {
  return function Octicon({ size = 16, className, 'aria-hidden': ariaHidden, 'aria-label': ariaLabel }: IconProps) {
    const hidden = ariaHidden ?? (ariaLabel === undefined ? 'true' : undefined);
    return (
      <svg
        viewBox="0 0 16 16"
        width={size}
        height={size}
        fill="currentColor"
        display="inline-block"
        overflow="visible"
        focusable="false"
        aria-hidden={hidden}
        aria-label={ariaLabel}
        role={ariaLabel !== undefined && hidden !== true && hidden !== 'true' ? 'img' : undefined}
        className={className === undefined ? 'octicon' : `octicon ${className}`}
      >
        <use href={`${spriteUrl}#${id}`} />
      </svg>
    );
  };
}

export const BookmarkIcon = octicon('bookmark');
export const ChecklistIcon = octicon('checklist');
export const ChevronLeftIcon = octicon('chevron-left');
export const ChevronRightIcon = octicon('chevron-right');
export const ClockIcon = octicon('clock');
export const CommentIcon = octicon('comment');
export const FilterIcon = octicon('filter');
export const GearIcon = octicon('gear');
export const GitMergeIcon = octicon('git-merge');
export const GitPullRequestClosedIcon = octicon('git-pull-request-closed');
export const GitPullRequestDraftIcon = octicon('git-pull-request-draft');
export const GitPullRequestIcon = octicon('git-pull-request');
export const HomeIcon = octicon('home');
export const InfoIcon = octicon('info');
export const IssueClosedIcon = octicon('issue-closed');
export const IssueOpenedIcon = octicon('issue-opened');
/** a parent's sub-issues: in list rows since issue 47, so declared here rather than with the lazy pages' */
export const IssueTracksIcon = octicon('issue-tracks');
export const LockIcon = octicon('lock');
export const MilestoneIcon = octicon('milestone');
export const PersonIcon = octicon('person');
export const RepoIcon = octicon('repo');
export const SearchIcon = octicon('search');
export const SkipIcon = octicon('skip');
export const SmileyIcon = octicon('smiley');
export const TagIcon = octicon('tag');
export const TriangleDownIcon = octicon('triangle-down');
export const XIcon = octicon('x');
