/**
 * Order statistics for the browser benchmarks: they report medians and tail
 * percentiles (nearest rank), never means, because a crowded machine adds
 * outliers that a mean would smear over every figure.
 */

export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length) - 1;
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank))] ?? Number.NaN;
}

export function median(samples: readonly number[]): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Milliseconds with one decimal: finer digits would be noise here. */
export function ms(value: number): number {
  return Math.round(value * 10) / 10;
}

/** Vsyncs that passed with no new frame: an interval of three vsyncs missed two. */
export function missedVsyncs(intervals: readonly number[], vsyncMs: number): number {
  return intervals.reduce((missed, interval) => missed + Math.max(0, Math.round(interval / vsyncMs) - 1), 0);
}
