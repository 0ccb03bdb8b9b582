import { describe, expect, it } from 'vitest';
import type { RateLimitSnapshot } from '../api/api-types';
import { createHeldRequests } from './held-requests';
import { createRateLimitStore } from './rate-limit-store';
import { secondaryHoldUntil } from './secondary-budget';

const T0 = Date.UTC(2026, 10, 29, 9);
const RESET = T0 + 600_000;
const reading = (remaining: number, limit: number, resource: 'core' | 'search' = 'core'): RateLimitSnapshot => ({
  limit,
  remaining,
  used: limit - remaining,
  resetAt: RESET,
  resource,
  observedAt: T0,
});

function stateWith(...snapshots: RateLimitSnapshot[]) {
  const store = createRateLimitStore();
  for (const snapshot of snapshots) store.record(snapshot);
  return store.getSnapshot();
}

describe('the low-budget rule for requests the reader did not ask for', () => {
  it('holds them under a tenth of the limit left, until the window resets', () => {
    expect(secondaryHoldUntil(stateWith(reading(5, 60)), T0, 'core')).toBe(RESET);
    expect(secondaryHoldUntil(stateWith(reading(499, 5000)), T0, 'core')).toBe(RESET);
  });

  it('lets them go at a tenth left or more', () => {
    expect(secondaryHoldUntil(stateWith(reading(6, 60)), T0, 'core')).toBeNull();
    expect(secondaryHoldUntil(stateWith(reading(500, 5000)), T0, 'core')).toBeNull();
  });

  it('takes a budget not read yet, or whose window has passed, as whole', () => {
    expect(secondaryHoldUntil(stateWith(), T0, 'core')).toBeNull();
    expect(secondaryHoldUntil(stateWith(reading(1, 60)), RESET, 'core')).toBeNull();
  });

  it('reads the budget the request spends, not the other one', () => {
    const state = stateWith(reading(4000, 5000), reading(2, 30, 'search'));
    expect(secondaryHoldUntil(state, T0, 'core')).toBeNull();
    expect(secondaryHoldUntil(state, T0, 'search')).toBe(RESET);
  });
});

describe('the list of what is held back', () => {
  it('lists what each holder holds, and forgets it when that holder lets go, once', () => {
    const held = createHeldRequests();
    let heard = 0;
    held.subscribe(() => heard++);
    const request = { what: 'the label menu', resource: 'core' as const, until: RESET };
    const first = held.hold(request);
    const second = held.hold({ ...request });
    expect(held.getSnapshot()).toEqual([request, request]);
    first();
    first();
    expect(held.getSnapshot()).toEqual([request]);
    second();
    expect(held.getSnapshot()).toEqual([]);
    expect(heard).toBe(4);
  });

  it('keeps its snapshot the same object between changes', () => {
    const held = createHeldRequests();
    held.hold({ what: 'the closed count', resource: 'search', until: RESET });
    expect(held.getSnapshot()).toBe(held.getSnapshot());
  });
});
