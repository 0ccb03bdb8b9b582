/**
 * The in-page side of the long-list scroll figures: one requestAnimationFrame
 * loop that runs for the page's whole life and, while recording, keeps each
 * frame's timestamp (a frame the main thread produced: its interval to the
 * previous one shows a missed vsync), the most `<li>` seen, and the
 * long-animation-frame entries (LoAF, Chromium ≥ 123: frames of 50 ms or
 * more, split into script, rendering start, and style/layout/paint).
 *
 * The loop pauses while another page is measured (`pauseFrames`): every
 * page a headless Chromium holds is visible, so a loop left running would
 * cost the page being measured a main-thread frame of its neighbour's on
 * every vsync.
 *
 * In-page scripts are strings: tsx would wrap a function's inner functions
 * in a `__name` helper the page does not have.
 */
import type { Page } from '@playwright/test';

/** One long animation frame, reduced to where its time went (ms). */
export interface LongAnimationFrame {
  startTime: number;
  duration: number;
  /** time inside scripts (event handlers, timers, rAF callbacks, promise jobs) */
  scriptMs: number;
  /** from the frame's start to its rendering step: tasks before the frame */
  beforeRenderMs: number;
  /** the rendering step up to style: rAF callbacks, ResizeObserver */
  renderCallbacksMs: number;
  /** style, layout and the main thread's paint (LoAF does not split them) */
  styleLayoutPaintMs: number;
}

export interface RecordedFrames {
  /** performance.now() when recording began, and its `performance.mark` name (to find it in a trace) */
  startedAt: number;
  mark: string;
  /** rAF timestamps while recording, in page time (ms) */
  frameTimes: number[];
  maxListItems: number;
  listItemsAtEnd: number;
  scrollY: number;
  longAnimationFrames: LongAnimationFrame[];
}

const INSTALL = `() => {
  if (window.__longListFrames) return;
  const items = document.getElementsByTagName('li');
  let recording = false;
  let frameTimes = [];
  let maxItems = 0;
  let loafs = [];
  let running = true;
  const loop = (time) => {
    if (!running) return;
    if (recording) {
      frameTimes.push(time);
      if (items.length > maxItems) maxItems = items.length;
    }
    requestAnimationFrame(loop);
  };
  requestAnimationFrame(loop);
  try {
    new PerformanceObserver((list) => {
      if (!recording) return;
      for (const entry of list.getEntries()) {
        const end = entry.startTime + entry.duration;
        const scriptMs = (entry.scripts || []).reduce((sum, s) => sum + s.duration, 0);
        const renderStart = entry.renderStart || end;
        const styleStart = entry.styleAndLayoutStart || end;
        loafs.push({
          startTime: entry.startTime,
          duration: entry.duration,
          scriptMs,
          beforeRenderMs: Math.max(0, renderStart - entry.startTime),
          renderCallbacksMs: Math.max(0, styleStart - renderStart),
          styleLayoutPaintMs: Math.max(0, end - styleStart),
        });
      }
    }).observe({ type: 'long-animation-frame' });
  } catch {
    // No LoAF in this browser: the figures say 0 long frames seen by it.
  }
  window.__longListFrames = {
    start(mark) {
      frameTimes = [];
      loafs = [];
      maxItems = items.length;
      recording = true;
      performance.mark(mark);
      return performance.now();
    },
    stop() {
      recording = false;
      return { frameTimes, maxItems: Math.max(maxItems, items.length), itemsAtEnd: items.length, scrollY: window.scrollY, loafs };
    },
    pause() {
      running = false;
    },
    resume() {
      if (running) return;
      running = true;
      requestAnimationFrame(loop);
    },
  };
}`;

export async function installFrameRecorder(page: Page): Promise<void> {
  await page.evaluate(`(${INSTALL})()`);
}

/** Starts recording; the returned `stop` collects what was recorded. */
export async function startRecording(page: Page, mark: string): Promise<() => Promise<RecordedFrames>> {
  const startedAt = (await page.evaluate(`window.__longListFrames.start(${JSON.stringify(mark)})`)) as number;
  return async () => {
    const raw = (await page.evaluate('window.__longListFrames.stop()')) as {
      frameTimes: number[];
      maxItems: number;
      itemsAtEnd: number;
      scrollY: number;
      loafs: LongAnimationFrame[];
    };
    return {
      startedAt,
      mark,
      frameTimes: raw.frameTimes,
      maxListItems: raw.maxItems,
      listItemsAtEnd: raw.itemsAtEnd,
      scrollY: raw.scrollY,
      longAnimationFrames: raw.loafs,
    };
  };
}

/** Stops the page's frame loop while another page is measured. */
export async function pauseFrames(page: Page): Promise<void> {
  await page.evaluate('window.__longListFrames.pause()');
}

/** Starts the page's frame loop again. */
export async function resumeFrames(page: Page): Promise<void> {
  await page.evaluate('window.__longListFrames.resume()');
}

/** Waits for `count` frames in the page: lets a jump's re-render and a smooth scroll settle. */
export async function waitFrames(page: Page, count: number): Promise<void> {
  await page.evaluate(`new Promise((resolve) => {
    let left = ${count};
    const step = () => (--left <= 0 ? resolve(null) : requestAnimationFrame(step));
    requestAnimationFrame(step);
  })`);
}

/** Waits until the page stops scrolling (a smooth scroll's tail), at most `maxMs`. */
export async function waitScrollSettled(page: Page, maxMs: number): Promise<void> {
  await page.evaluate(`new Promise((resolve) => {
    const started = performance.now();
    let last = window.scrollY;
    let still = 0;
    const step = () => {
      still = window.scrollY === last ? still + 1 : 0;
      last = window.scrollY;
      if (still >= 5 || performance.now() - started > ${maxMs}) resolve(null);
      else requestAnimationFrame(step);
    };
    requestAnimationFrame(step);
  })`);
}
