/**
 * Recording one scroll style on a page (long-list/benchmark.ts): the style's
 * stretches, spread from the top of the list to its bottom, or the fling
 * through all of it, each a recording of the intervals between animation
 * frames. The same recordings serve the untraced figures and the traced pass.
 */
import type { CDPSession, Page } from '@playwright/test';
import { startRecording, waitFrames, waitScrollSettled, type RecordedFrames } from './frames';
import type { FigureStyle } from './result';
import { driveScroll, flingScript } from './scroll';
import type { FrameWindow } from './trace';

/** Stretches of each scroll style, spread over the whole list, and how long each scrolls. */
export const SEGMENTS = Number(process.env.BENCH_LONG_LIST_SEGMENTS ?? 6);
export const SEGMENT_MS = 2_000;
/** The last stretch starts this far above the end: it never reaches the rows that load the next page. */
const END_MARGIN_PX = 10_000;
/** A smooth scroll's tail after the last input (wheel and PageDown animate): part of the scroll. */
const SETTLE_MAX_MS = 1_000;
const SETTLE_FRAMES = 10;

export async function jumpTo(page: Page, y: number): Promise<void> {
  await page.evaluate(`window.scrollTo({ top: ${Math.round(y)}, behavior: 'instant' })`);
  await waitFrames(page, SETTLE_FRAMES);
  await waitScrollSettled(page, SETTLE_MAX_MS);
}

export interface Recording extends RecordedFrames {
  fromY: number;
}

/** One style's stretches (or the fling), recorded; traced when `cdp` tracing is on around it. */
export async function recordStyle(page: Page, cdp: CDPSession, style: FigureStyle, pass: string, flingMs: number): Promise<Recording[]> {
  if (style === 'fling') {
    await jumpTo(page, 0);
    const stop = await startRecording(page, `long-list:${pass}:fling`);
    await page.evaluate(flingScript(flingMs));
    return [{ ...(await stop()), fromY: 0 }];
  }
  const maxStart = (await page.evaluate('document.documentElement.scrollHeight - window.innerHeight')) as number;
  const recordings: Recording[] = [];
  for (let segment = 0; segment < SEGMENTS; segment += 1) {
    const fromY = (segment / Math.max(1, SEGMENTS - 1)) * Math.max(0, maxStart - END_MARGIN_PX);
    await jumpTo(page, fromY);
    const stop = await startRecording(page, `long-list:${pass}:${style}:${segment}`);
    await driveScroll(style, page, cdp, SEGMENT_MS);
    await waitScrollSettled(page, SETTLE_MAX_MS);
    recordings.push({ ...(await stop()), fromY });
  }
  return recordings;
}

export function intervalsOf(recordings: readonly Recording[]): Array<FrameWindow & { interval: number; recording: Recording }> {
  return recordings.flatMap((recording) =>
    recording.frameTimes.slice(1).map((to, i) => {
      const from = recording.frameTimes[i]!;
      return { from, to, interval: to - from, recording };
    }),
  );
}
