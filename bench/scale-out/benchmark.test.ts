import { describe, expect, it } from 'vitest';
import { callsPerCaller, deepPageOf, importOrder, summarizeRounds, takeTiming } from './benchmark';

describe('deepPageOf', () => {
  it('is page 3,000 of 30 at 100,000 entries', () => {
    expect(deepPageOf(100_000)).toBe(3000);
  });

  it('is the last full page of a smaller repository, never a short last page', () => {
    expect(deepPageOf(10_000)).toBe(333);
    expect(deepPageOf(10)).toBe(1);
  });
});

describe('importOrder', () => {
  it('takes PostgreSQL and SQLite in turn, swapping which goes first each round', () => {
    expect([0, 1, 2].map(importOrder)).toEqual([
      ['postgres', 'sqlite'],
      ['sqlite', 'postgres'],
      ['postgres', 'sqlite'],
    ]);
  });
});

describe('callsPerCaller', () => {
  it('shares the calls out as evenly as whole numbers allow, all of them', () => {
    expect(callsPerCaller(2000, 10)).toEqual(Array.from({ length: 10 }, () => 200));
    expect(callsPerCaller(7, 3)).toEqual([3, 2, 2]);
    expect(callsPerCaller(5, 1)).toEqual([5]);
  });

  it('has no share for no caller', () => {
    expect(callsPerCaller(10, 0)).toEqual([]);
  });
});

describe('summarizeRounds', () => {
  const round = (requestsPerSecond: number, p99Ms: number) => ({ requestsPerSecond, p99Ms });

  it('reports the median round and, beside it, the slowest round and the highest p99', () => {
    const s = summarizeRounds([round(1200, 9), round(900, 14), round(1100, 11)]);
    expect(s.median).toEqual(round(1100, 11));
    expect(s.worstPerSecond).toBe(900);
    expect(s.medianP99Ms).toBe(11);
    expect(s.worstP99Ms).toBe(14);
  });

  it('leaves failed rounds out, and has nothing when every round failed', () => {
    expect(summarizeRounds([null, round(800, 20)]).median).toEqual(round(800, 20));
    expect(summarizeRounds([null, null])).toEqual({ median: null, worstPerSecond: null, medianP99Ms: null, worstP99Ms: null });
  });
});

describe('takeTiming', () => {
  it('counts calls a second over the wall time and takes p50 and p99 by nearest rank', () => {
    const latencies = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(takeTiming(latencies, 500)).toEqual({ requestsPerSecond: 200, p50Ms: 50, p99Ms: 99, calls: 100 });
  });
});
