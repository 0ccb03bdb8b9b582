import { describe, expect, it } from 'vitest';
import { completeness, parseMilestoneParams, selectMilestones } from './milestone-params';

const reader = (query: string) => {
  const params = new URLSearchParams(query);
  return (name: string) => params.get(name);
};

const m = (number: number, state: string, due_on: string | null, open_issues: number, closed_issues: number) => ({ number, state, due_on, open_issues, closed_issues });

describe('parseMilestoneParams', () => {
  it("has GitHub's defaults: open, by due date, ascending, 30 a page", () => {
    expect(parseMilestoneParams(reader(''))).toEqual({ state: 'open', sort: 'due_on', direction: 'asc', page: 1, perPage: 30 });
  });

  it('falls back to the default on a value that is not one of GitHub’s', () => {
    expect(parseMilestoneParams(reader('state=done&sort=title&direction=up'))).toMatchObject({ state: 'open', sort: 'due_on', direction: 'asc' });
    expect(parseMilestoneParams(reader('state=all&sort=completeness&direction=desc&per_page=5'))).toMatchObject({ state: 'all', sort: 'completeness', direction: 'desc', perPage: 5 });
  });
});

describe('selectMilestones', () => {
  const all = [m(1, 'open', null, 1, 1), m(2, 'open', '2024-02-01T00:00:00Z', 0, 0), m(3, 'closed', '2024-01-01T00:00:00Z', 0, 4), m(4, 'open', '2024-02-01T00:00:00Z', 3, 1)];

  it('keeps the state asked and orders undated milestones last, equal dates by number', () => {
    expect(selectMilestones(all, { state: 'open', sort: 'due_on', direction: 'asc' }).map((x) => x.number)).toEqual([2, 4, 1]);
    expect(selectMilestones(all, { state: 'all', sort: 'due_on', direction: 'desc' }).map((x) => x.number)).toEqual([1, 2, 4, 3]);
  });

  it('orders by the share of closed issues, a milestone without issues counting as not started', () => {
    expect(completeness(m(9, 'open', null, 0, 0))).toBe(0);
    expect(selectMilestones(all, { state: 'all', sort: 'completeness', direction: 'asc' }).map((x) => x.number)).toEqual([2, 4, 1, 3]);
  });
});
