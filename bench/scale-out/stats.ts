/** The scale-out part's arithmetic over rounds and calls (bench/scale-out/benchmark.ts), kept apart from its I/O. */
import { median, percentile } from '../lib/stats';
import { medianRound } from '../lib/load-rounds';

/** `total` calls shared out between `callers` as evenly as whole numbers allow. */
export function callsPerCaller(total: number, callers: number): number[] {
  if (callers < 1) return [];
  return Array.from({ length: callers }, (_, i) => Math.floor(total / callers) + (i < total % callers ? 1 : 0));
}

export interface RoundsSummary<T> {
  /** the median round by throughput (lib/load-rounds.ts), null when every round failed */
  median: T | null;
  /** the lowest throughput of any round */
  worstPerSecond: number | null;
  /** the median and the highest of the rounds' p99s: a p99 swings more than throughput from one load to the next */
  medianP99Ms: number | null;
  worstP99Ms: number | null;
}

export function summarizeRounds<T extends { requestsPerSecond: number; p99Ms: number }>(rounds: ReadonlyArray<T | null>): RoundsSummary<T> {
  const done = rounds.filter((r): r is T => r !== null);
  if (done.length === 0) return { median: null, worstPerSecond: null, medianP99Ms: null, worstP99Ms: null };
  const p99s = done.map((r) => r.p99Ms);
  return {
    median: medianRound(done),
    worstPerSecond: Math.min(...done.map((r) => r.requestsPerSecond)),
    medianP99Ms: median(p99s),
    worstP99Ms: Math.max(...p99s),
  };
}

/** One batch of `take` calls: how many a second, and each call's latency. */
export interface TakeTiming {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  calls: number;
}

export function takeTiming(latenciesMs: readonly number[], wallMs: number): TakeTiming {
  return {
    requestsPerSecond: wallMs > 0 ? (latenciesMs.length * 1000) / wallMs : 0,
    p50Ms: percentile(latenciesMs, 50),
    p99Ms: percentile(latenciesMs, 99),
    calls: latenciesMs.length,
  };
}
