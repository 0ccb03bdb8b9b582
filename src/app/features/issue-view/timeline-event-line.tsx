import clsx from 'clsx';
import { RelativeTime } from '../../components/relative-time';
import { eventSummary, type EventContext, type ShownEvent } from './event-summary';
import { PersonLink } from './person-link';

/**
 * One event of the timeline as GitHub shows it between the comments: a
 * compact line with the event's icon, who did it, what changed and when.
 * Aligned with the comment cards' text, beside the gutter their avatars use.
 */
export function TimelineEventLine({ event, context }: { event: ShownEvent; context: EventContext }) {
  const { icon: Icon, tone, who, words } = eventSummary(event, context);
  return (
    <div className="flex items-start gap-2 text-sm text-fg-muted sm:ml-12 sm:pl-2">
      <span className={clsx('inline-flex size-7 shrink-0 items-center justify-center rounded-full border border-line bg-canvas-subtle', tone)}>
        <Icon size={16} aria-hidden="true" />
      </span>
      <p className="min-w-0 pt-1 break-words">
        {who ?? (event.actor === undefined
          // An item that names nobody (a service sending fewer fields than GitHub) is not GitHub's "ghost", a deleted account.
          ? <span className="font-semibold text-fg">Someone</span>
          : <PersonLink user={event.actor} owner={context.owner} repo={context.repo} avatarSize={20} />)} {words}{' '}
        {event.created_at !== null ? <RelativeTime iso={event.created_at} className="whitespace-nowrap" /> : null}
      </p>
    </div>
  );
}
