/** An import's rows in batches: one statement per table per batch, as every statement is a round trip to the server. */

const BATCH_ROWS = 1000;

/** `source` in batches of `size`, as it yields them. */
export function* batches<T>(source: Iterable<T>, size = BATCH_ROWS): Generator<T[]> {
  let batch: T[] = [];
  for (const item of source) {
    batch.push(item);
    if (batch.length === size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}
