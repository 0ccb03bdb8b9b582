/**
 * Marks a promise the way React's `use` reads one: once settled it carries
 * `status` and `value` (or `reason`), and `use` returns the value at once
 * instead of suspending. React adds these fields itself, but only from the
 * first render that sees the promise; a chunk preloaded before that render
 * would still cost one suspension (a skeleton flash, a layout shift).
 */
export function readableByUse<T>(promise: Promise<T>): Promise<T> {
  const tracked = promise as Promise<T> & { status?: string; value?: T; reason?: unknown };
  tracked.status = 'pending';
  promise.then(
    (value) => {
      tracked.status = 'fulfilled';
      tracked.value = value;
    },
    (reason: unknown) => {
      tracked.status = 'rejected';
      tracked.reason = reason;
    },
  );
  return promise;
}
