import clsx from 'clsx';
import { BarFill } from '../../components/bar-fill';
import { useNow } from '../../services/use-services';
import { useHydrated } from '../../hooks/use-hydrated';
import { clockTime, countdown, formatCompactCount, formatCount } from '../../lib/time-format';
import { activeBlock, type RateLimitResource } from '../../services/rate-limit-store';
import type { HeldRequest } from '../../services/held-requests';
import { useHeldRequests } from '../../services/secondary-budget';
import { useRateLimit } from './use-rate-limit';

/**
 * The gauge's text column, the same for the placeholder and the figures, so the
 * header does not move when the first answer arrives: room for "14,999 / 15,000"
 * and "resets in 1:00:00" (GitHub's limits; larger counts are shortened below), on a
 * phone too: a bare "59:36" does not say what it counts down to. Its lines span the
 * box, so new text does not move them either. index.html draws the placeholder too.
 */
const TEXT_BOX = 'flex min-w-[14ch] flex-col text-right leading-tight';
/** Above this a count is shown as "1.2M" (the title and the meter keep the exact figure), so it stays in TEXT_BOX. */
const COMPACT_FROM = 100_000;

function gaugeCount(n: number): string {
  return n < COMPACT_FROM ? formatCount(n) : formatCompactCount(n);
}

/** "Held back until 2:32:05 PM to save credits: the label menu, the closed count." (issue 47) */
function heldSentence(held: readonly HeldRequest[], until: number): string {
  return `Held back until ${clockTime(until)} to save credits: ${[...new Set(held.map((request) => request.what))].join(', ')}.`;
}

/**
 * Always in the header: credits left of the window's limit, a bar, and a live
 * countdown to the reset, from the latest answer's headers (spec 8.5, 8.6).
 * It shows the budget the view spends: a search spends `search`, not `core`.
 */
export function RateLimitGauge({ resource = 'core' }: { resource?: RateLimitResource }) {
  const state = useRateLimit();
  const held = useHeldRequests();
  // The latest of their resets: by then every one of them may go.
  const heldUntil = Math.max(...held.map((request) => request.until));
  const now = useNow();
  // The description names a time in the reader's zone, which a page rendered on the service cannot
  // know: it is left out of that page and of its hydration, and written by the next render.
  const hydrated = useHydrated();
  const core = resource === 'search' ? state.search : state.core;
  const name = resource === 'search' ? 'Search rate limit' : 'API rate limit';
  if (core === null) {
    // The same box as the gauge below (two lines and a bar), so the header does not shift when it arrives.
    return (
      <div role="group" className="flex items-center gap-2 text-xs text-fg-muted" aria-label={`${name}: not known yet`}>
        <div className={TEXT_BOX} aria-hidden="true">
          <span className="tabular-nums">– / –</span>
          <span>{resource === 'search' ? 'Search limit' : 'Rate limit'}</span>
        </div>
        <span className="h-1.5 w-8 rounded-full bg-canvas-inset sm:w-20" aria-hidden="true" />
      </div>
    );
  }
  const block = activeBlock(state, now, resource);
  // Past the reset the window is full again, until an answer says otherwise.
  const restored = now >= core.resetAt;
  const remaining = restored ? core.limit : core.remaining;
  const fraction = core.limit > 0 ? remaining / core.limit : 0;
  const tone = block !== null || fraction < 0.1 ? 'danger' : fraction < 0.25 ? 'attention' : 'ok';
  const until = block?.until ?? core.resetAt;
  const description = block
    ? `${block.kind === 'primary' ? 'Rate limit reached' : 'Slowed down by the service'}: requests resume at ${clockTime(block.until)}`
    : `${formatCount(remaining)} of ${formatCount(core.limit)} ${resource === 'search' ? 'searches' : 'requests'} left; the quota resets at ${clockTime(core.resetAt)}${held.length > 0 ? `. ${heldSentence(held, heldUntil)}` : ''}`;
  return (
    <div role="group" aria-label={name} title={hydrated ? description : undefined} className="flex items-center gap-2 text-xs">
      <div className={TEXT_BOX}>
        <span className={clsx('tabular-nums', tone === 'danger' ? 'font-semibold text-danger' : tone === 'attention' ? 'text-attention' : 'text-fg')}>
          {gaugeCount(remaining)}
          <span className="text-fg-muted"> / {gaugeCount(core.limit)}</span>
        </span>
        <span className="text-fg-muted tabular-nums">
          {block !== null ? (
            <>
              {resource === 'search' ? 'search · ' : 'paused · '}
              {countdown(block.until - now)}
            </>
          ) : restored ? (
            'refreshing'
          ) : held.length > 0 ? (
            // Something the reader did not ask for waits for the reset: say so where the budget is shown.
            <>held back · {countdown(heldUntil - now)}</>
          ) : (
            <>
              {resource === 'search' ? 'search · ' : 'resets in '}
              {countdown(until - now)}
            </>
          )}
        </span>
      </div>
      <div
        role="meter"
        aria-label={resource === 'search' ? 'Searches left' : 'Requests left'}
        aria-valuemin={0}
        aria-valuemax={core.limit}
        aria-valuenow={remaining}
        aria-valuetext={hydrated ? description : undefined}
        className="h-1.5 w-8 overflow-hidden rounded-full bg-canvas-inset sm:w-20"
      >
        <BarFill className={clsx('rounded-full transition-[width]', tone === 'danger' ? 'bg-danger' : tone === 'attention' ? 'bg-attention' : 'bg-open')} percent={fraction * 100} />
      </div>
    </div>
  );
}
