/** The long-list scroll's arithmetic (long-list/benchmark.ts): recordings and traced frame times to figures, kept apart from the browser. */
import type { LongAnimationFrame } from './frames';
import { intervalsOf, type Recording } from './recording';
import { DROPPED_FRAME_FACTOR, HEAVY_FRAME_MS, type FigureStyle, type MainBusyFigure, type ScrollFigure } from './result';
import type { FrameTimeSplit } from './trace';
import { median, missedVsyncs, ms, percentile } from '../lib/stats';

export function figureOf(style: FigureStyle, recordings: readonly Recording[], vsyncMs: number): ScrollFigure {
  const intervals = intervalsOf(recordings).map((w) => w.interval);
  const elapsedMs = recordings.reduce((sum, r) => sum + ((r.frameTimes.at(-1) ?? 0) - (r.frameTimes[0] ?? 0)), 0);
  const scrolledPx = recordings.reduce((sum, r) => sum + Math.abs(r.scrollY - r.fromY), 0);
  const loafs: LongAnimationFrame[] = recordings.flatMap((r) => r.longAnimationFrames);
  const sum = (pick: (l: LongAnimationFrame) => number) => ms(loafs.reduce((total, l) => total + pick(l), 0));
  return {
    style,
    frames: intervals.length,
    pxPerS: elapsedMs > 0 ? Math.round((scrolledPx / elapsedMs) * 1000) : 0,
    medianFrameMs: ms(median(intervals)),
    p99FrameMs: ms(percentile(intervals, 99)),
    droppedFrames: intervals.filter((i) => i > DROPPED_FRAME_FACTOR * vsyncMs).length,
    missedVsyncs: missedVsyncs(intervals, vsyncMs),
    maxListItems: Math.max(0, ...recordings.map((r) => r.maxListItems)),
    longAnimationFrames: loafs.length,
    loafSplit: {
      scriptMs: sum((l) => l.scriptMs),
      beforeRenderMs: sum((l) => l.beforeRenderMs),
      renderCallbacksMs: sum((l) => l.renderCallbacksMs),
      styleLayoutPaintMs: sum((l) => l.styleLayoutPaintMs),
    },
  };
}

export function mainBusyOf(busyMs: readonly number[]): MainBusyFigure {
  return {
    frames: busyMs.length,
    p50Ms: ms(percentile(busyMs, 50)),
    p90Ms: ms(percentile(busyMs, 90)),
    p99Ms: ms(percentile(busyMs, 99)),
    heavyFrames: busyMs.filter((b) => b > HEAVY_FRAME_MS).length,
  };
}

export function sumSplits(parts: readonly FrameTimeSplit[], frames: number): FrameTimeSplit {
  const total: FrameTimeSplit = { frames, windowMs: 0, main: { script: 0, style: 0, layout: 0, paint: 0, other: 0 }, mainIdleMs: 0, rasterMs: 0, compositorMs: 0, vizMs: 0 };
  for (const part of parts) {
    total.windowMs += part.windowMs;
    for (const kind of Object.keys(total.main) as Array<keyof FrameTimeSplit['main']>) total.main[kind] += part.main[kind];
    total.mainIdleMs += part.mainIdleMs;
    total.rasterMs += part.rasterMs;
    total.compositorMs += part.compositorMs;
    total.vizMs += part.vizMs;
  }
  return total;
}
