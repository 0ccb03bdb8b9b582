import clsx from 'clsx';
import { CommentIcon, SmileyIcon } from '../../components/icons';
import type { CSSProperties, ReactNode, Ref } from 'react';
import { Link } from 'react-router';
import type { Issue } from '../../../shared/wire-types';
import { Avatar } from '../../components/avatar';
import { IssueTypeToken } from '../../components/issue-type-token';
import { LabelPill } from '../../components/label-pill';
import { formatCount } from '../../lib/time-format';
import { IssueStateIcon } from '../../components/issue-state-icon';
import { IssueRowMeta } from './issue-row-meta';
import { IssueTitle, type TitleHighlighter } from '../../components/issue-title';

const MAX_AVATARS = 3;

/** "1 comment", "7 reactions". */
const countOf = (count: number, noun: string): string => `${formatCount(count)} ${count === 1 ? noun : `${noun}s`}`;

export interface IssueRowProps {
  issue: Issue;
  /** the app path of the issue view */
  to: string;
  /** location state for the issue view: where "Back to issues" returns */
  linkState: unknown;
  selected: boolean;
  titleRef?: Ref<HTMLAnchorElement>;
  /** focus moved into the row (Tab, or j/k): it becomes the selection */
  onFocusRow?: () => void;
  onLabel: (name: string) => void;
  onAuthor: (login: string) => void;
  onAssignee: (login: string) => void;
  /** what stands before the title: in a list across repositories (`/issues`), the issue's repository */
  before?: ReactNode;
  /** in a search: marks the words it matched in the title */
  highlight?: TitleHighlighter | undefined;
  /**
   * In the continuous list, which renders only some rows: where this row
   * sits, which of how many it is, and whether it is the last one loaded.
   */
  virtual?: { rowRef: Ref<HTMLLIElement>; index: number; style: CSSProperties; setSize: number; last: boolean };
}

export function IssueRow({ issue, to, linkState, selected, titleRef, onFocusRow, onLabel, onAuthor, onAssignee, highlight, virtual, before }: IssueRowProps) {
  const reactions = issue.reactions?.total_count ?? 0;
  const assignees = issue.assignees ?? (issue.assignee ? [issue.assignee] : []);
  return (
    <li
      ref={virtual?.rowRef}
      data-index={virtual?.index}
      // Only the continuous list, which exists only in the browser, positions a row: React sets it through the CSSOM, which the CSP allows (issue 48).
      style={virtual?.style}
      aria-setsize={virtual?.setSize}
      aria-posinset={virtual ? virtual.index + 1 : undefined}
      data-selected={selected || undefined}
      onFocus={onFocusRow}
      className={clsx(
        'group relative flex gap-2 border-line-muted px-3 py-2.5 hover:bg-canvas-subtle sm:gap-3 sm:px-4',
        // Every row but the list's last has a rule below it. A virtual row asks its index, not `:last-child`:
        // the last row in the DOM changes as the list scrolls, and each change would resize two rows by 1 px.
        virtual ? !virtual.last && 'border-b' : 'border-b last:border-b-0',
        selected && 'bg-accent-subtle/60 shadow-[inset_3px_0_0_var(--color-accent)] hover:bg-accent-subtle/60',
      )}
    >
      <IssueStateIcon issue={issue} className="mt-0.5 shrink-0" />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
          {before}
          <Link
            ref={titleRef}
            to={to}
            state={linkState}
            className="min-w-0 text-[15px] leading-6 font-semibold break-words text-fg hover:text-accent hover:underline"
          >
            <IssueTitle title={issue.title} highlight={highlight} />
          </Link>
          {issue.type ? <IssueTypeToken type={issue.type} /> : null}
          {issue.labels.length > 0 ? (
            <span className="inline-flex max-w-full flex-wrap gap-1">
              {issue.labels.map((label) => (
                <button
                  key={label.id ?? label.name}
                  type="button"
                  onClick={() => onLabel(label.name)}
                  aria-label={`Filter by label ${label.name}`}
                  title={label.description ? `${label.description} (click to filter)` : 'Click to filter by this label'}
                  // 24 px tall, a large enough target (WCAG 2.5.8), around a 22 px pill: the margins keep the line as it was.
                  className="-my-px max-w-full rounded-full py-px"
                >
                  <LabelPill name={label.name} color={label.color} />
                </button>
              ))}
            </span>
          ) : null}
        </div>
        <IssueRowMeta issue={issue} onAuthor={onAuthor} />
      </div>
      <div className="flex shrink-0 flex-col items-end gap-1.5 pt-0.5 sm:flex-row sm:items-start sm:gap-4">
        {assignees.length > 0 ? (
          <span role="group" className="flex gap-0.5" aria-label={`Assigned to ${assignees.map((a) => a.login).join(', ')}`}>
            {assignees.slice(0, MAX_AVATARS).map((assignee) => (
              <button
                key={assignee.login}
                type="button"
                onClick={() => onAssignee(assignee.login)}
                aria-label={`Filter by assignee ${assignee.login}`}
                title={`Assigned to ${assignee.login}`}
                // 24 × 24 px, apart from its neighbours: a touch target of its own (WCAG 2.5.8).
                className="inline-flex size-6 items-center justify-center rounded-full"
              >
                <Avatar login={assignee.login} url={assignee.avatar_url} size={20} decorative />
              </button>
            ))}
            {assignees.length > MAX_AVATARS ? (
              <span className="inline-flex h-6 items-center rounded-full bg-canvas-inset px-1.5 text-[10px] text-fg-muted">
                +{assignees.length - MAX_AVATARS}
              </span>
            ) : null}
          </span>
        ) : null}
        <span className="flex items-center gap-3 text-xs text-fg-muted">
          {reactions > 0 ? (
            // role="img": a plain span's aria-label is not read, leaving a screen reader only the number.
            <span role="img" className="inline-flex items-center gap-1" aria-label={countOf(reactions, 'reaction')} title={countOf(reactions, 'reaction')}>
              <SmileyIcon size={14} aria-hidden="true" />
              {formatCount(reactions)}
            </span>
          ) : null}
          {issue.comments > 0 ? (
            <Link
              to={`${to}#comments`}
              state={linkState}
              className="inline-flex items-center gap-1 text-fg-muted hover:text-accent"
              aria-label={countOf(issue.comments, 'comment')}
            >
              <CommentIcon size={14} aria-hidden="true" />
              {formatCount(issue.comments)}
            </Link>
          ) : null}
        </span>
      </div>
    </li>
  );
}
