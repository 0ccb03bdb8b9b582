import { CheckCircleIcon } from '@primer/octicons-react';
import { Avatar } from '../../components/avatar';
import { clockTime, formatCount } from '../../lib/time-format';
import type { TokenTestResult } from './use-token-test';

const MS_PER_SECOND = 1000;

/** A token the service accepted: whose it is and the quota it gets. */
export function TokenTestSuccess({ result }: { result: TokenTestResult }) {
  const { user, rateLimit } = result;
  return (
    <div role="status" className="flex items-center gap-3 rounded-md border border-open/40 bg-canvas-subtle p-3">
      <Avatar login={user.login} url={user.avatar_url} size={40} decorative />
      <div className="min-w-0">
        <p>
          <CheckCircleIcon size={16} aria-hidden="true" className="mr-1 inline text-open" />
          This token belongs to <strong>{user.login}</strong>
          {user.name ? <span className="text-fg-muted"> ({user.name})</span> : null}.
        </p>
        {rateLimit ? (
          <p className="text-xs text-fg-muted">
            Rate limit: {formatCount(rateLimit.limit)} requests per window, {formatCount(rateLimit.remaining)} left, resets at{' '}
            {clockTime(rateLimit.reset * MS_PER_SECOND)}.
          </p>
        ) : null}
      </div>
    </div>
  );
}
