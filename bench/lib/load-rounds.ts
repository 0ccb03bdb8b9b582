/**
 * Loads taken in rounds, the servers alternating, so that a ratio compares
 * loads taken within a minute or two of each other rather than minutes apart.
 *
 * Why: this host's speed swings within minutes. Measured one after another,
 * page 1 of ours and of the ceiling once landed in different moments and read
 * well below the ratio the same build read in alternating rounds, round after
 * round (docs/performance-log.md, 2026-11-26).
 */

/**
 * Page 1, the scenario every peer target is set on, is loaded this many times per server, servers
 * alternating; so is the deep page of ours and the ceiling, whose ratios to page 1 have targets.
 */
export const LOAD_ROUNDS = 3;

/** The order of the servers in round `round` (from 0): each round starts one further on, so none is always first. */
export function rotated<T>(items: readonly T[], round: number): T[] {
  if (items.length === 0) return [];
  const start = ((round % items.length) + items.length) % items.length;
  return [...items.slice(start), ...items.slice(0, start)];
}

/**
 * The round with the median throughput, a real round's figures (its latencies
 * and memory belong to it, not averages no round had): the lower middle of an
 * even count, so a failed round never flatters the figure. Failed rounds
 * (null) are left out; null when every round failed.
 */
export function medianRound<T extends { requestsPerSecond: number }>(rounds: ReadonlyArray<T | null>): T | null {
  const done = rounds.filter((r): r is T => r !== null).sort((a, b) => a.requestsPerSecond - b.requestsPerSecond);
  return done[Math.floor((done.length - 1) / 2)] ?? null;
}
