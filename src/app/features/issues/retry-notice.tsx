import { NetworkError, RateLimitedError, ServerError } from '../../api/api-errors';
import { Countdown } from '../../components/countdown';

/** While a list request is being retried (spec 7.2): why, and until when or which attempt. */
export function RetryNotice({ fetching, failureCount, failureReason }: { fetching: boolean; failureCount: number; failureReason: unknown }) {
  const retryingAfter = fetching && failureCount > 0 ? failureReason : null;
  if (retryingAfter instanceof RateLimitedError) {
    return (
      <p role="status" className="rounded-md border border-attention/40 bg-attention-subtle px-3 py-2">
        The service asked us to slow down. Trying again at <Countdown until={retryingAfter.retryAt} className="font-medium" />.
      </p>
    );
  }
  if (retryingAfter instanceof ServerError || retryingAfter instanceof NetworkError) {
    return (
      <p role="status" className="rounded-md border border-attention/40 bg-attention-subtle px-3 py-2">
        {retryingAfter instanceof ServerError ? `The service failed (${retryingAfter.status}).` : 'The service did not answer.'} Retrying with backoff
        (attempt {failureCount + 1})…
      </p>
    );
  }
  return null;
}
