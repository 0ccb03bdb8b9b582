// Where a page starts: from the list's head while shallow, else from the boundary at or before
// it, found by a walk from the nearest boundary already known, and forgotten list by list.
import { describe, expect, it } from 'vitest';
import { BOUNDARY_STRIDE_ROWS, fromKey, KeysetBoundaries, orderBy, type OrderedList } from './keyset-boundaries';

const list = (where = 'repo_id = ?'): OrderedList => ({ from: 'issues', where, args: [1], sortColumn: 'created_at', tieColumn: 'number', descending: true });

describe('KeysetBoundaries', () => {
  it('starts a page before the first stride at the head, skipping the offset', () => {
    expect(new KeysetBoundaries().start(list(), BOUNDARY_STRIDE_ROWS - 1)).toEqual({ key: null, skip: BOUNDARY_STRIDE_ROWS - 1, walk: null });
  });

  it('walks from the head to a boundary never found, then starts there once it is remembered', () => {
    const b = new KeysetBoundaries();
    const offset = 3 * BOUNDARY_STRIDE_ROWS + 7;
    expect(b.start(list(), offset)).toEqual({ key: null, skip: 7, walk: { block: 3, from: null, skip: 3 * BOUNDARY_STRIDE_ROWS } });
    b.remember(list(), 3, ['2024-01-01', 42]);
    expect(b.start(list(), offset)).toEqual({ key: ['2024-01-01', 42], skip: 7, walk: null });
  });

  it('walks on from the nearest boundary known before the page, not from a later one', () => {
    const b = new KeysetBoundaries();
    b.remember(list(), 2, ['b', 2]);
    b.remember(list(), 5, ['e', 5]);
    b.remember(list(), 9, ['i', 9]);
    expect(b.start(list(), 8 * BOUNDARY_STRIDE_ROWS).walk).toEqual({ block: 8, from: ['e', 5], skip: 3 * BOUNDARY_STRIDE_ROWS });
  });

  it('keeps lists apart by their filter, and forgets them on clear', () => {
    const b = new KeysetBoundaries();
    b.remember(list(), 1, ['a', 1]);
    expect(b.start(list('repo_id = ? AND state = ?'), BOUNDARY_STRIDE_ROWS).walk).not.toBeNull();
    expect(b.start(list(), BOUNDARY_STRIDE_ROWS).key).toEqual(['a', 1]);
    b.clear();
    expect(b.start(list(), BOUNDARY_STRIDE_ROWS).key).toBeNull();
  });

  it('remembers at most 64 lists, forgetting the least recently used first', () => {
    const b = new KeysetBoundaries();
    for (let i = 0; i < 64; i++) b.remember(list(`repo_id = ? AND n = ${i}`), 1, ['k', i]);
    b.start(list('repo_id = ? AND n = 0'), BOUNDARY_STRIDE_ROWS); // list 0 used again: list 1 is now the oldest
    b.remember(list('repo_id = ? AND n = 64'), 1, ['k', 64]);
    expect(b.rememberedLists).toBe(64);
    expect(b.start(list('repo_id = ? AND n = 0'), BOUNDARY_STRIDE_ROWS).key).toEqual(['k', 0]);
    expect(b.start(list('repo_id = ? AND n = 1'), BOUNDARY_STRIDE_ROWS).key).toBeNull();
  });

  it('orders by the sort column then the tie-breaker, and seeks from a key in the list direction', () => {
    expect(orderBy(list())).toBe('created_at DESC, number DESC');
    expect(fromKey(list(), '$2', '$3')).toBe('(created_at, number) <= ($2, $3)');
    expect(fromKey({ ...list(), descending: false }, '?', '?')).toBe('(created_at, number) >= (?, ?)');
  });
});
