import { describe, expect, it } from 'vitest';
import { mainBusyOf } from './figures';
import { mainBusyPerFrame } from './trace';
import type { TraceTimeline } from './trace-timeline';

// Trace time is µs; the page's frame windows are ms, 1 ms behind the trace here.
const timeline: TraceTimeline = {
  offsetMs: 1,
  mainPieces: [
    { start: 1_000, end: 4_000, kind: 'script', cpu: 1 },
    { start: 4_000, end: 6_000, kind: 'style', cpu: 0.5 },
    { start: 15_000, end: 29_000, kind: 'layout', cpu: 1 },
    { start: 29_000, end: 30_000, kind: 'paint', cpu: 1 },
  ],
  raster: [],
  compositor: [],
  viz: [],
};

describe("the main thread's busy time per frame", () => {
  it('adds every kind of work inside each window, cut at its edges, by the wall or on a core', () => {
    const windows = [
      { from: 0, to: 16 },
      { from: 16, to: 32 },
    ];
    // First window (trace 1–17 ms): script 3 ms, style 2 ms, layout 15–17 ms = 2 ms.
    expect(mainBusyPerFrame(timeline, windows, 'wall')).toEqual([7, 13]);
    // On a core the style ran half the time.
    expect(mainBusyPerFrame(timeline, windows, 'cpu')).toEqual([6, 13]);
  });

  it('counts the frames busy over 10 ms and gives the spread', () => {
    const busy = [...Array.from({ length: 95 }, () => 4), 10, 10.5, 12, 14, 16];
    expect(mainBusyOf(busy)).toEqual({ frames: 100, p50Ms: 4, p90Ms: 4, p99Ms: 14, heavyFrames: 4 });
    expect(mainBusyOf([])).toMatchObject({ frames: 0, heavyFrames: 0 });
  });
});
