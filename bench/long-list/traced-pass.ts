/**
 * The traced pass of the long-list scroll (long-list/benchmark.ts): the same
 * scrolls again under a DevTools trace, to say where the dropped frames'
 * time went. Tracing slows the page, so this pass gives no frame figures of
 * its own, only the split of their time.
 */
import type { CDPSession, Page } from '@playwright/test';
import { mainBusyOf, sumSplits } from './figures';
import { intervalsOf, recordStyle, type Recording } from './recording';
import { DROPPED_FRAME_FACTOR, type FigureStyle, type ScrollFigure } from './result';
import { mainBusyPerFrame, splitFrameTime, type Clock, type FrameTimeSplit } from './trace';
import { startTrace, stopTrace } from './trace-capture';
import { timelineOf } from './trace-timeline';

/** The traced pass of one style: where the time of its dropped frames, and of all its frames, went. */
export async function traceStyle(page: Page, cdp: CDPSession, style: FigureStyle, vsyncMs: number, flingMs: number): Promise<ScrollFigure['traced']> {
  await startTrace(cdp);
  let recordings: Recording[];
  try {
    recordings = await recordStyle(page, cdp, style, 'traced', flingMs);
  } catch (err) {
    // End the trace anyway, so a failed stretch does not leave the browser tracing.
    await stopTrace(cdp).catch(() => []);
    throw err;
  }
  const events = await stopTrace(cdp);
  const timelines = new Map(recordings.map((r) => [r, timelineOf(events, r.mark, r.startedAt)]));
  const windows = intervalsOf(recordings);
  const split = (keep: (interval: number) => boolean): Record<Clock, FrameTimeSplit> => {
    const chosen = windows.filter((w) => keep(w.interval));
    const on = (clock: Clock) =>
      sumSplits(
        recordings.map((r) => splitFrameTime(timelines.get(r)!, chosen.filter((w) => w.recording === r), clock)),
        chosen.length,
      );
    return { wall: on('wall'), cpu: on('cpu') };
  };
  const busy = recordings.flatMap((r) => mainBusyPerFrame(timelines.get(r)!, windows.filter((w) => w.recording === r), 'wall'));
  return {
    droppedFrames: split((i) => i > DROPPED_FRAME_FACTOR * vsyncMs),
    allFrames: split(() => true),
    mainBusy: mainBusyOf(busy),
  };
}
