import { describe, expect, it, vi } from 'vitest';
import { createConnectivityStore, isOffline, probeIntervalMs, PROBE_MAX_MS, PROBE_MIN_MS } from './connectivity-store';

const T0 = Date.UTC(2024, 4, 1, 12);

describe('the connectivity store', () => {
  it('goes offline at the first request without an answer, and remembers since when', () => {
    let t = T0;
    const store = createConnectivityStore({ now: () => t });
    store.report(true);
    expect(isOffline(store.getSnapshot())).toBe(false);
    store.report(false);
    t += 5_000;
    store.report(false);
    expect(store.getSnapshot()).toEqual({ unreachableSince: T0, browserOffline: false });
  });

  it('recovers at the first answer, telling its listener once', () => {
    const onRecover = vi.fn();
    const store = createConnectivityStore({ now: () => T0, onRecover });
    const listener = vi.fn();
    store.subscribe(listener);
    store.report(false);
    store.report(true);
    store.report(true);
    expect(isOffline(store.getSnapshot())).toBe(false);
    expect(onRecover).toHaveBeenCalledTimes(1);
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('is offline while the browser says so, and an answer proves it back online', () => {
    const onRecover = vi.fn();
    const store = createConnectivityStore({ now: () => T0, onRecover });
    store.setBrowserOffline(true);
    expect(isOffline(store.getSnapshot())).toBe(true);
    store.report(true);
    expect(isOffline(store.getSnapshot())).toBe(false);
    expect(onRecover).toHaveBeenCalledTimes(1);
  });

  it('keeps the same snapshot when nothing changes (a stable value for React)', () => {
    const store = createConnectivityStore({ now: () => T0 });
    const first = store.getSnapshot();
    store.report(true);
    expect(store.getSnapshot()).toBe(first);
  });

  it('forgets an outage for another identity without calling it a recovery', () => {
    const onRecover = vi.fn();
    const store = createConnectivityStore({ now: () => T0, onRecover });
    store.report(false);
    store.reset();
    expect(isOffline(store.getSnapshot())).toBe(false);
    expect(onRecover).not.toHaveBeenCalled();
  });

  it('looks again every 2 s at first, then every 5 s, then every 15 s, in steps that hold still between', () => {
    const at = (outageMs: number) => probeIntervalMs({ unreachableSince: T0, browserOffline: false }, T0 + outageMs);
    expect([at(0), at(9_999)]).toEqual([PROBE_MIN_MS, PROBE_MIN_MS]);
    expect([at(10_000), at(59_999)]).toEqual([5_000, 5_000]);
    expect(at(10 * 60_000)).toBe(PROBE_MAX_MS);
  });
});
