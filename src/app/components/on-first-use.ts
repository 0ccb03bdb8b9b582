/**
 * A value made on first use, then kept. For Intl formatters: the first Intl
 * constructor of a page loads its locale data (about 17 ms on the bench
 * machine), and at module level that lands in the start-up task every page
 * pays for, rather than in the render that first shows a time or a count.
 */
export function onFirstUse<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}
