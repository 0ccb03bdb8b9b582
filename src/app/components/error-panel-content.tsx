import clsx from 'clsx';
import { ClockIcon, LockIcon, SearchIcon, type Icon } from './icons';
import { AlertIcon, StopIcon } from './page-icons';
import { Link, useMatch } from 'react-router';
import { useConnection } from '../services/app-services-context';
import { Countdown } from './countdown';
import { describeError, type ErrorKind, type ErrorSubject } from './describe-error';

const ICONS: Partial<Record<ErrorKind, Icon>> = {
  'bad-credentials': LockIcon,
  forbidden: LockIcon,
  'not-found': SearchIcon,
  'rate-limited': ClockIcon,
  'secondary-rate-limited': ClockIcon,
  network: StopIcon,
};

export interface ErrorPanelProps {
  error: unknown;
  subject?: ErrorSubject;
  onRetry?: () => void;
  retrying?: boolean;
  className?: string;
  headingLevel?: 1 | 2 | 3;
}

/** A failure, said plainly, with its next step: a link to Settings, a countdown, or Retry. */
export function ErrorPanelContent({
  error,
  subject,
  onRetry,
  retrying = false,
  className,
  headingLevel = 2,
}: ErrorPanelProps) {
  const { hasToken } = useConnection();
  // On the Settings page itself, a button to open Settings leads nowhere.
  const inSettings = useMatch('/settings') !== null;
  const d = describeError(error, subject, { hasToken, inSettings });
  const toSettings = d.linksToSettings && !inSettings;
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
          {toSettings || (d.retryable && onRetry) ? (
            <div className="flex flex-wrap gap-2 pt-1">
              {d.retryable && onRetry ? (
                <button type="button" className="btn" onClick={onRetry} disabled={retrying}>
                  {retrying ? 'Retrying…' : 'Retry'}
                </button>
              ) : null}
              {toSettings ? (
                <Link to="/settings" className="btn">
                  Open Settings
                </Link>
              ) : null}
            </div>
          ) : null}
        </div>
      </div>
    </section>
  );
}
