/**
 * When the retry of a failed attempt goes out, keyed by the attempt's error
 * (TanStack Query hands each attempt's error to `retryDelay` and then exposes
 * it as the query's `failureReason`). A side table on error values, weakly
 * held: it keeps no state of its own beyond the errors' lives.
 */
const retryAtByError = new WeakMap<object, number>();

export function scheduleRetry(error: unknown, at: number): void {
  if (typeof error === 'object' && error !== null) retryAtByError.set(error, at);
}

/** Unix ms of the next try after this failure, or null when none was scheduled. */
export function retryAtOf(error: unknown): number | null {
  return typeof error === 'object' && error !== null ? (retryAtByError.get(error) ?? null) : null;
}
