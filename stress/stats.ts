/**
 * Small statistics for the stress figures: percentiles, and two two-sample
 * tests that say whether two latency distributions differ beyond noise
 * (Mann-Whitney U for a shift in the middle, Kolmogorov-Smirnov for any
 * difference in shape).
 */

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}

const ascending = (xs: readonly number[]) => [...xs].sort((a, b) => a - b);

/** Abramowitz-Stegun 7.1.26: erf to 1.5e-7, enough for a p-value. */
function erf(x: number): number {
  const t = 1 / (1 + 0.3275911 * Math.abs(x));
  const y = 1 - ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-x * x);
  return x >= 0 ? y : -y;
}

export interface MannWhitney {
  u: number;
  z: number;
  /** two-sided, normal approximation with tie correction */
  p: number;
  /** P(a sample of x is slower than one of y), 0.5 = no shift */
  commonLanguageEffect: number;
}

export function mannWhitney(x: readonly number[], y: readonly number[]): MannWhitney {
  const all = [...x.map((v) => ({ v, from: 0 })), ...y.map((v) => ({ v, from: 1 }))].sort((a, b) => a.v - b.v);
  const ranks = new Array<number>(all.length);
  let tieTerm = 0;
  for (let i = 0; i < all.length; ) {
    let j = i;
    while (j + 1 < all.length && all[j + 1]!.v === all[i]!.v) j++;
    const rank = (i + j) / 2 + 1;
    for (let k = i; k <= j; k++) ranks[k] = rank;
    const t = j - i + 1;
    tieTerm += t * t * t - t;
    i = j + 1;
  }
  let rx = 0;
  all.forEach((e, i) => {
    if (e.from === 0) rx += ranks[i]!;
  });
  const n1 = x.length;
  const n2 = y.length;
  const u = rx - (n1 * (n1 + 1)) / 2;
  const n = n1 + n2;
  const sigma = Math.sqrt(((n1 * n2) / 12) * (n + 1 - tieTerm / (n * (n - 1))));
  const z = (u - (n1 * n2) / 2) / sigma;
  return { u, z, p: 1 - erf(Math.abs(z) / Math.SQRT2), commonLanguageEffect: u / (n1 * n2) };
}

export interface KolmogorovSmirnov {
  d: number;
  /** the D above which the samples differ at α = 0.01 */
  critical01: number;
}

export function kolmogorovSmirnov(x: readonly number[], y: readonly number[]): KolmogorovSmirnov {
  const a = ascending(x);
  const b = ascending(y);
  let i = 0;
  let j = 0;
  let d = 0;
  while (i < a.length && j < b.length) {
    const v = Math.min(a[i]!, b[j]!);
    while (i < a.length && a[i]! <= v) i++;
    while (j < b.length && b[j]! <= v) j++;
    d = Math.max(d, Math.abs(i / a.length - j / b.length));
  }
  return { d, critical01: 1.628 * Math.sqrt((a.length + b.length) / (a.length * b.length)) };
}

export function summary(xs: readonly number[]): { median: number; p90: number; p99: number } {
  const s = ascending(xs);
  return { median: percentile(s, 50), p90: percentile(s, 90), p99: percentile(s, 99) };
}
