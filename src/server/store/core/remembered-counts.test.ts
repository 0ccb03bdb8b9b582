// What a remembered count may keep: on PostgreSQL a count and its page are two statements on the
// pool, so a count read while the store version moved (another instance's write heard of) must
// not outlive the change, while one read with nothing changed serves the later pages.
import { describe, expect, it } from 'vitest';
import type { Operation } from './prepared-query';
import { RememberedCounts } from './remembered-counts';

const OPEN_ISSUES = { sql: 'SELECT COUNT(*) AS total FROM issues WHERE repo_id = $1', parameters: [1] };

/** Runs `read` against a database whose count is `stored()`, answering as the engines' runners do (`firstColumn`). */
function run(read: Operation<number>, stored: () => number): number {
  let step = read.next();
  while (!step.done) step = read.next(step.value.firstColumn ? [stored()] : [{ total: stored() }]);
  return step.value;
}

describe('remembered counts', () => {
  it('keep a count read while nothing changed, for the same statement and values, until cleared', () => {
    const counts = new RememberedCounts();
    let stored = 5;
    expect(run(counts.count(OPEN_ISSUES, () => true), () => stored)).toBe(5);
    stored = 7;
    expect(run(counts.count(OPEN_ISSUES, () => true), () => stored)).toBe(5);
    expect(run(counts.count({ ...OPEN_ISSUES, parameters: [2] }, () => true), () => stored)).toBe(7);
    counts.clear();
    expect(run(counts.count(OPEN_ISSUES, () => true), () => stored)).toBe(7);
  });

  it('do not keep a count read while the data changed: the next read counts again and sees the change', () => {
    const counts = new RememberedCounts();
    let stored = 5;
    expect(run(counts.count(OPEN_ISSUES, () => false), () => stored)).toBe(5);
    stored = 7;
    expect(run(counts.count(OPEN_ISSUES, () => true), () => stored)).toBe(7);
  });
});
