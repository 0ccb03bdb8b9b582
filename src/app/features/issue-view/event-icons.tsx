/**
 * The 16 px Octicons (MIT, © GitHub, paths from @primer/octicons 19) that only
 * the timeline's event lines show and the app's sprite (components/octicons.svg)
 * lacks. Inline in the issue view's chunk: @primer/octicons-react would add a
 * chunk it shares with the settings page, one more request before the issue
 * can show. Same props and accessibility as the sprite's icons (components/icons.tsx).
 */
import type { Icon, IconProps } from '../../components/icons';

const VERTICAL_ALIGN = { verticalAlign: 'text-bottom' } as const;

function pathIcon(name: string, paths: readonly string[]): Icon {
  return function EventIcon({ size = 16, className, 'aria-hidden': ariaHidden, 'aria-label': ariaLabel }: IconProps) {
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
        className={`octicon octicon-${name}${className === undefined ? '' : ` ${className}`}`}
        style={VERTICAL_ALIGN}
      >
        {paths.map((d) => (
          <path key={d} d={d} />
        ))}
      </svg>
    );
  };
}

export const PencilIcon = pathIcon('pencil', [
  'M11.013 1.427a1.75 1.75 0 0 1 2.474 0l1.086 1.086a1.75 1.75 0 0 1 0 2.474l-8.61 8.61c-.21.21-.47.364-.756.445l-3.251.93a.75.75 0 0 1-.927-.928l.929-3.25c.081-.286.235-.547.445-.758l8.61-8.61Zm.176 4.823L9.75 4.81l-6.286 6.287a.253.253 0 0 0-.064.108l-.558 1.953 1.953-.558a.253.253 0 0 0 .108-.064Zm1.238-3.763a.25.25 0 0 0-.354 0L10.811 3.75l1.439 1.44 1.263-1.263a.25.25 0 0 0 0-.354Z',
]);

export const CrossReferenceIcon = pathIcon('cross-reference', [
  'M2.75 3.5a.25.25 0 0 0-.25.25v7.5c0 .138.112.25.25.25h2a.75.75 0 0 1 .75.75v2.19l2.72-2.72a.749.749 0 0 1 .53-.22h4.5a.25.25 0 0 0 .25-.25v-2.5a.75.75 0 0 1 1.5 0v2.5A1.75 1.75 0 0 1 13.25 13H9.06l-2.573 2.573A1.458 1.458 0 0 1 4 14.543V13H2.75A1.75 1.75 0 0 1 1 11.25v-7.5C1 2.784 1.784 2 2.75 2h5.5a.75.75 0 0 1 0 1.5ZM16 1.25v4.146a.25.25 0 0 1-.427.177L14.03 4.03l-3.75 3.75a.749.749 0 0 1-1.275-.326.749.749 0 0 1 .215-.734l3.75-3.75-1.543-1.543A.25.25 0 0 1 11.604 1h4.146a.25.25 0 0 1 .25.25Z',
]);

export const GitCommitIcon = pathIcon('git-commit', [
  'M11.93 8.5a4.002 4.002 0 0 1-7.86 0H.75a.75.75 0 0 1 0-1.5h3.32a4.002 4.002 0 0 1 7.86 0h3.32a.75.75 0 0 1 0 1.5Zm-1.43-.75a2.5 2.5 0 1 0-5 0 2.5 2.5 0 0 0 5 0Z',
]);

export const IssueReopenedIcon = pathIcon('issue-reopened', [
  'M5.029 2.217a6.5 6.5 0 0 1 9.437 5.11.75.75 0 1 0 1.492-.154 8 8 0 0 0-14.315-4.03L.427 1.927A.25.25 0 0 0 0 2.104V5.75A.25.25 0 0 0 .25 6h3.646a.25.25 0 0 0 .177-.427L2.715 4.215a6.491 6.491 0 0 1 2.314-1.998ZM1.262 8.169a.75.75 0 0 0-1.22.658 8.001 8.001 0 0 0 14.315 4.03l1.216 1.216a.25.25 0 0 0 .427-.177V10.25a.25.25 0 0 0-.25-.25h-3.646a.25.25 0 0 0-.177.427l1.358 1.358a6.501 6.501 0 0 1-11.751-3.11.75.75 0 0 0-.272-.506Z',
  'M9.06 9.06a1.5 1.5 0 1 1-2.12-2.12 1.5 1.5 0 0 1 2.12 2.12Z',
]);
