import { describe, expect, it } from 'vitest';
import type { LighthouseRun } from './measure';
import { medianRun } from './median';

function run(performance: number | null, accessibility: number, lcp: string): LighthouseRun {
  const scores = { performance, accessibility, 'best-practices': 100 };
  return {
    page: 'issue #2224',
    url: 'http://127.0.0.1:1/acme/rocket/issues/2224',
    preset: 'mobile',
    scores,
    runScores: [scores],
    metrics: { 'largest-contentful-paint': lcp },
    values: {},
    mainThread: { byKind: {}, byScript: {} }, scriptsBeforeLargestPaint: [],
    failing: performance !== null && performance < 95 ? { performance: [{ id: 'total-blocking-time', title: 'Total Blocking Time', score: 0.5, items: [] }] } : {},
    warnings: [],
  };
}

describe('medianRun', () => {
  it('gives each category its median, keeps every run in order, and takes the details of the median-performance run', () => {
    const merged = medianRun([run(82, 100, '3.0 s'), run(94, 98, '2.6 s'), run(88, 100, '2.8 s')]);
    expect(merged.scores).toEqual({ performance: 88, accessibility: 100, 'best-practices': 100 });
    expect(merged.runScores.map((s) => s.performance)).toEqual([82, 94, 88]);
    expect(merged.metrics['largest-contentful-paint']).toBe('2.8 s');
    expect(merged.failing.performance?.[0]?.id).toBe('total-blocking-time');
  });

  it('is the run itself when there is one', () => {
    const only = run(97, 100, '2.1 s');
    expect(medianRun([only])).toEqual(only);
  });

  it('takes the lower middle of an even count and leaves out categories a run could not score', () => {
    const merged = medianRun([run(90, 100, 'a'), run(null, 100, 'b'), run(80, 100, 'c'), run(96, 100, 'd')]);
    // Performance scores 90, 80, 96 (one run had none): median 90; the median run by performance is the 80 (second of four, nulls first).
    expect(merged.scores.performance).toBe(90);
    expect(merged.metrics['largest-contentful-paint']).toBe('c');
    expect(merged.runScores).toHaveLength(4);
  });

  it('refuses no runs at all', () => {
    expect(() => medianRun([])).toThrow('at least one run');
  });
});
