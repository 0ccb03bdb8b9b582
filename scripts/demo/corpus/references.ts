/**
 * Picking earlier entries to reference (`#N`): recent ones, as people mostly
 * link to what they saw on the first pages of the tracker.
 */
import type { PriorEntry } from './corpus-types';
import type { Prng } from '../../../src/shared/prng';

/** how far back, in entries, a reference may point */
const RECENT_ENTRIES = 400;
/** random looks into the recent entries before falling back to a scan (cheap when matches are common) */
const PROBES = 24;

/**
 * A random recent entry matching `predicate`, or undefined if none of the
 * last RECENT_ENTRIES before `end` matches.
 */
export function recentPrior(
  rng: Prng,
  entries: readonly PriorEntry[],
  predicate: (entry: PriorEntry) => boolean,
  /** only entries before this index count (they exist at the time of writing) */
  end = entries.length,
): PriorEntry | undefined {
  const stop = Math.min(end, entries.length);
  const start = Math.max(0, stop - RECENT_ENTRIES);
  if (stop <= start) return undefined;
  for (let probe = 0; probe < PROBES; probe++) {
    const entry = entries[start + Math.floor(rng.next() * (stop - start))];
    if (entry && predicate(entry)) return entry;
  }
  // rare matches: scan, then pick among what was found
  const found: PriorEntry[] = [];
  for (let i = stop - 1; i >= start; i--) {
    const entry = entries[i];
    if (entry && predicate(entry)) found.push(entry);
  }
  return found.length > 0 ? rng.pick(found) : undefined;
}
