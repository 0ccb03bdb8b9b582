import { describe, expect, it } from 'vitest';
import type { LighthouseRun } from './measure';
import { medianRun } from './median';
import { lighthouseRows } from './rows';

function run(performance: number): LighthouseRun {
  const scores = { performance, accessibility: 100, 'best-practices': 100 };
  return { page: 'list', url: 'http://127.0.0.1:1/acme/rocket/issues', preset: 'mobile', scores, runScores: [scores], metrics: {}, values: {}, mainThread: { byKind: {}, byScript: {} }, scriptsBeforeLargestPaint: [], failing: {}, warnings: [] };
}

function performanceRow(scores: number[]) {
  const rows = lighthouseRows({ available: true, version: '13.5.0', runs: [medianRun(scores.map(run))] });
  return rows.find((row) => row.figure.includes('performance'))!;
}

describe('lighthouseRows', () => {
  it('meets the performance target with a median of 95 or more and no run under 90, and says every run and the worst', () => {
    const row = performanceRow([96, 95, 97, 90, 98]);
    expect(row).toMatchObject({ value: 96, target: 'median ≥ 95, no run < 90', met: true });
    expect(row.figure).toBe('Lighthouse mobile, list: performance (median of 5 runs: 96 · 95 · 97 · 90 · 98; worst 90)');
  });

  it('misses it when one run is under 90, however good the median', () => {
    expect(performanceRow([98, 98, 89, 98, 98])).toMatchObject({ value: 98, met: false });
  });

  it('misses it when the median is under 95 though no run is under 90', () => {
    expect(performanceRow([94, 93, 96, 92, 97])).toMatchObject({ value: 94, met: false });
  });

  it('holds accessibility to 100 on every run', () => {
    const rows = lighthouseRows({ available: true, version: '13.5.0', runs: [medianRun([run(96), { ...run(96), scores: { performance: 96, accessibility: 98, 'best-practices': 100 }, runScores: [{ performance: 96, accessibility: 98, 'best-practices': 100 }] }, run(96)])] });
    expect(rows.find((row) => row.figure.includes('accessibility'))).toMatchObject({ value: 100, target: '100 on every run', met: false });
  });
});
