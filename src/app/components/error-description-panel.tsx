import clsx from 'clsx';
import { Link } from 'react-router';
import type { ErrorDescription, ErrorKind } from '../lib/error-messages';
import { Countdown } from './countdown';
import { ClockIcon, LockIcon, SearchIcon, type Icon } from './icons';
import { AlertIcon, StopIcon } from './page-icons';

const ICONS: Partial<Record<ErrorKind, Icon>> = {
  'bad-credentials': LockIcon,
  forbidden: LockIcon,
  'not-found': SearchIcon,
  'rate-limited': ClockIcon,
  'secondary-rate-limited': ClockIcon,
  network: StopIcon,
};

/** A failure as described (lib/error-messages.ts), with its next step: a link to Settings, a countdown, Retry, or Back. */
export function ErrorDescriptionPanel({
  description: d,
  settingsLink,
  onRetry,
  onBack,
  retrying = false,
  className,
  headingLevel = 2,
}: {
  description: ErrorDescription;
  /** show a button to Settings, where the fix is */
  settingsLink: boolean;
  onRetry?: () => void;
  /** back to the view shown before, which did not fail */
  onBack?: () => void;
  retrying?: boolean;
  className?: string;
  headingLevel?: 1 | 2 | 3;
}) {
  const IconFor = ICONS[d.kind] ?? AlertIcon;
  const Heading = `h${headingLevel}` as const;
  const tone = d.kind === 'rate-limited' || d.kind === 'secondary-rate-limited' ? 'attention' : 'danger';
  return (
    <section
      role="alert"
      className={clsx(
        'rounded-md border p-4',
        tone === 'danger' ? 'border-danger/40 bg-danger-subtle' : 'border-attention/40 bg-attention-subtle',
        className,
      )}
    >
      <div className="flex gap-3">
        <span className={clsx('mt-0.5 shrink-0', tone === 'danger' ? 'text-danger' : 'text-attention')}>
          <IconFor size={20} aria-hidden="true" />
        </span>
        <div className="min-w-0 space-y-1.5">
          <Heading className="text-base font-semibold">{d.title}</Heading>
          <p>{d.message}</p>
          {d.detail !== null && d.detail !== d.message ? (
            <p className="text-fg-muted">
              The service said: <q>{d.detail}</q>
            </p>
          ) : null}
          {d.retryAt !== null ? (
            <p>
              Resumes at <Countdown until={d.retryAt} className="font-medium" />.
            </p>
          ) : null}
          <p className="text-fg-muted">{d.next}</p>
          {settingsLink || (d.retryable && onRetry) || onBack ? (
            <div className="flex flex-wrap gap-2 pt-1">
              {d.retryable && onRetry ? (
                <button type="button" className="btn" onClick={onRetry} disabled={retrying}>
                  {retrying ? 'Retrying…' : 'Retry'}
                </button>
              ) : null}
              {settingsLink ? (
                <Link to="/settings" className="btn">
                  Open Settings
                </Link>
              ) : null}
              {onBack ? (
                <button type="button" className="btn" onClick={onBack}>
                  Back to the previous view
                </button>
              ) : null}
            </div>
          ) : null}
        </div>
      </div>
    </section>
  );
}
