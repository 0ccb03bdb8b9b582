import { describe, expect, it } from 'vitest';
import { baselineCommit, importPlan, pairedOverheads, SEARCH_BASELINE_COMMIT, timeSummary } from './import-timing';

describe('importPlan', () => {
  it('takes this tree and the baseline in turn, swapping which goes first each round', () => {
    const order = importPlan(3, true).map((s) => `${s.variant}${s.run}`);
    expect(order).toEqual(['ours0', 'baseline0', 'baseline1', 'ours1', 'ours2', 'baseline2']);
  });

  it('imports the served file first', () => {
    expect(importPlan(4, true)[0]).toEqual({ variant: 'ours', run: 0 });
  });

  it('is this tree alone without a baseline', () => {
    expect(importPlan(3, false)).toEqual([0, 1, 2].map((run) => ({ variant: 'ours', run })));
  });
});

describe('timeSummary', () => {
  it('is the middle run and the slowest', () => {
    expect(timeSummary([21.4, 19.8, 27.9])).toEqual({ median: 21.4, worst: 27.9 });
  });

  it('averages the middle two of an even count', () => {
    expect(timeSummary([4, 1, 3, 2])).toEqual({ median: 2.5, worst: 4 });
  });

  it('is null with no runs', () => {
    expect(timeSummary([])).toBeNull();
  });
});

describe('baselineCommit', () => {
  it('is the commit before search unless BENCH_SEARCH_BASE names another or none', () => {
    expect(baselineCommit({})).toBe(SEARCH_BASELINE_COMMIT);
    expect(baselineCommit({ BENCH_SEARCH_BASE: 'abc123' })).toBe('abc123');
    expect(baselineCommit({ BENCH_SEARCH_BASE: 'none' })).toBeNull();
  });
});

describe('pairedOverheads', () => {
  it('is what each round adds, ours over the baseline taken beside it', () => {
    const added = pairedOverheads([30, 12, 15], [20, 12, 10]);
    expect(added.map((x) => Math.round(x * 100))).toEqual([50, 0, 50]);
  });

  it('leaves out a round whose baseline is missing', () => {
    expect(pairedOverheads([30, 12], [20])).toHaveLength(1);
  });
});
