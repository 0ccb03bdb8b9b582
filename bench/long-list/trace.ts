/**
 * Where a slow frame's time goes, from a Chrome DevTools Protocol trace (the
 * same categories the DevTools Performance panel records): the page's main
 * thread split into script, style, layout, paint and other work (each event's
 * self time goes to the nearest enclosing event with a known kind), and the
 * busy time of the threads that draw, off the main thread: the raster workers
 * (CompositorTileWorker: software rasterisation when there is no GPU), the
 * renderer's compositor thread, and the display compositor (Viz).
 *
 * A frame's window is the interval between two rAF timestamps; the trace's
 * clock is matched to the page's by a `performance.mark` seen in both.
 *
 * The trace is recorded in long-list/trace-capture.ts and sorted into
 * threads in long-list/trace-timeline.ts; this file cuts those threads'
 * time at the frames' windows.
 */
import { MAIN_KINDS, type Interval, type MainThreadKind, type Piece, type TraceTimeline } from './trace-timeline';

/** Wall time, or the CPU time within it: on a crowded machine a thread waits for a core, and wall time counts that wait. */
export type Clock = 'wall' | 'cpu';

export interface FrameWindow {
  /** page time (ms) */
  from: number;
  to: number;
}

/** Milliseconds spent in a set of frame windows, summed over them. */
export interface FrameTimeSplit {
  frames: number;
  windowMs: number;
  main: Record<MainThreadKind, number>;
  /** the main thread with nothing to do inside the windows */
  mainIdleMs: number;
  rasterMs: number;
  compositorMs: number;
  vizMs: number;
}

/** µs of `intervals` (sorted by start, not overlapping) inside [from, to], by the wall or on a core. */
function overlap(intervals: readonly Interval[], from: number, to: number, clock: Clock): number {
  let sum = 0;
  // Binary search for the first interval that could end after `from`: pieces are sorted and do not overlap.
  let lo = 0;
  let hi = intervals.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (intervals[mid]!.end <= from) lo = mid + 1;
    else hi = mid;
  }
  for (let i = lo; i < intervals.length && intervals[i]!.start < to; i += 1) {
    const piece = intervals[i]!;
    sum += Math.max(0, Math.min(piece.end, to) - Math.max(piece.start, from)) * (clock === 'cpu' ? piece.cpu : 1);
  }
  return sum;
}

/** Time in the windows by thread and kind; with the `cpu` clock, main-thread "idle" also counts its waits for a core. */
export function splitFrameTime(timeline: TraceTimeline, windows: readonly FrameWindow[], clock: Clock): FrameTimeSplit {
  const split: FrameTimeSplit = {
    frames: windows.length,
    windowMs: 0,
    main: { script: 0, style: 0, layout: 0, paint: 0, other: 0 },
    mainIdleMs: 0,
    rasterMs: 0,
    compositorMs: 0,
    vizMs: 0,
  };
  const byKind = new Map<MainThreadKind, Piece[]>(MAIN_KINDS.map((kind) => [kind, timeline.mainPieces.filter((p) => p.kind === kind)]));
  for (const window of windows) {
    const from = (window.from + timeline.offsetMs) * 1000;
    const to = (window.to + timeline.offsetMs) * 1000;
    const windowUs = to - from;
    split.windowMs += windowUs / 1000;
    let mainBusyUs = 0;
    for (const kind of MAIN_KINDS) {
      const us = overlap(byKind.get(kind)!, from, to, clock);
      split.main[kind] += us / 1000;
      mainBusyUs += us;
    }
    split.mainIdleMs += Math.max(0, windowUs - mainBusyUs) / 1000;
    for (const thread of timeline.raster) split.rasterMs += overlap(thread, from, to, clock) / 1000;
    split.compositorMs += overlap(timeline.compositor, from, to, clock) / 1000;
    for (const thread of timeline.viz) split.vizMs += overlap(thread, from, to, clock) / 1000;
  }
  return split;
}

/**
 * The main thread's busy time in each window (ms, every kind of work), in
 * the windows' order: how close each frame came to missing its vsync.
 */
export function mainBusyPerFrame(timeline: TraceTimeline, windows: readonly FrameWindow[], clock: Clock): number[] {
  const byKind = MAIN_KINDS.map((kind) => timeline.mainPieces.filter((p) => p.kind === kind));
  return windows.map((window) => {
    const from = (window.from + timeline.offsetMs) * 1000;
    const to = (window.to + timeline.offsetMs) * 1000;
    return byKind.reduce((sum, pieces) => sum + overlap(pieces, from, to, clock), 0) / 1000;
  });
}
