import { describe, expect, it } from 'vitest';
import { RateLimitedError } from '../api/api-errors';
import type { RateLimitSnapshot } from '../api/api-types';
import { activeBlock, createRateLimitStore } from './rate-limit-store';

const T0 = Date.UTC(2024, 4, 1, 12);
const reading = (remaining: number, resetAt: number, observedAt: number, limit = 5000): RateLimitSnapshot => ({
  limit,
  remaining,
  used: limit - remaining,
  resetAt,
  resource: 'core',
  observedAt,
});

describe('the rate-limit store', () => {
  it('keeps the lowest count of one window, whatever order answers arrive in', () => {
    const store = createRateLimitStore();
    store.record(reading(4990, T0 + 3_600_000, T0 + 2));
    store.record(reading(4995, T0 + 3_600_000, T0 + 3));
    expect(store.getSnapshot().core?.remaining).toBe(4990);
  });

  it('takes the newer window once the quota has reset', () => {
    const store = createRateLimitStore();
    store.record(reading(3, T0 + 60_000, T0));
    store.record(reading(4999, T0 + 3_700_000, T0 + 61_000));
    expect(store.getSnapshot().core?.remaining).toBe(4999);
    // An answer of the old window landing late changes nothing.
    store.record(reading(2, T0 + 60_000, T0 + 100));
    expect(store.getSnapshot().core?.remaining).toBe(4999);
  });

  it('ignores other resources (search, graphql)', () => {
    const store = createRateLimitStore();
    store.record({ ...reading(1, T0 + 60_000, T0), resource: 'search' });
    expect(store.getSnapshot().core).toBeNull();
  });

  it('blocks at 0 remaining until the reset, and not after', () => {
    const store = createRateLimitStore();
    store.record(reading(0, T0 + 60_000, T0));
    const state = store.getSnapshot();
    expect(activeBlock(state, T0 + 59_999)).toEqual({ kind: 'primary', until: T0 + 60_000 });
    expect(activeBlock(state, T0 + 60_000)).toBeNull();
    // The same object each time: a stable snapshot for React.
    expect(activeBlock(state, T0 + 1)).toBe(activeBlock(state, T0 + 2));
  });

  it('blocks after a refusal until its retry time', () => {
    const store = createRateLimitStore();
    store.refuse(new RateLimitedError('slow down', 429, 'secondary', T0 + 30_000, null, null));
    expect(activeBlock(store.getSnapshot(), T0)).toEqual({ kind: 'secondary', until: T0 + 30_000 });
    expect(activeBlock(store.getSnapshot(), T0 + 30_000)).toBeNull();
  });

  it('forgets everything for another identity', () => {
    const store = createRateLimitStore();
    store.record(reading(0, T0 + 60_000, T0));
    store.reset();
    expect(store.getSnapshot()).toEqual({ core: null, exhausted: null, refused: null, search: null, searchExhausted: null, searchRefused: null });
  });
});

describe('the search budget, apart from the core one', () => {
  it('pauses searches, not lists, when the search budget is spent, until its reset', () => {
    const store = createRateLimitStore();
    const resetAt = T0 + 60_000;
    store.record({ ...reading(0, resetAt, T0), limit: 10, resource: 'search' });
    expect(activeBlock(store.getSnapshot(), T0 + 1, 'search')).toEqual({ kind: 'primary', until: resetAt });
    expect(activeBlock(store.getSnapshot(), T0 + 1, 'core')).toBeNull();
    expect(activeBlock(store.getSnapshot(), resetAt, 'search')).toBeNull();
    expect(store.getSnapshot().search?.limit).toBe(10);
  });
});
