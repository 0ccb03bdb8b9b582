/**
 * Figure 5: scrolling a list of 10,000+ issues in the continuous mode
 * (`/:owner/:repo/issues?view=continuous&per_page=100`, a `<ul>` labelled
 * `Issues, continuous`, a status that reads `Loaded N issues`, the next page
 * loading near the end). Scrolls until 10,000 are loaded, then scrolls the
 * ways people do (bursts of mouse-wheel notches, PageDown a few times a
 * second, a trackpad swipe at 3,000 px/s), each in SEGMENTS stretches spread
 * from the top of the list to its bottom, plus a fling through everything in
 * SCROLL_DURATION_MS as a stress figure, and records the interval between
 * animation frames in the page.
 *
 * A dropped frame is a missed vsync: an interval longer than 1.5 × the idle
 * interval (the same recording on the same page standing still, which shows
 * this machine's own jitter). A second, traced pass of the same scrolls says
 * where the dropped frames' time went (app-long-list-trace.ts): our script,
 * style, layout and paint on the main thread, or rasterisation and
 * compositing off it. Tracing slows the page, so the frame figures come from
 * the untraced pass.
 *
 * Beside each style's figure, the same scroll of two peers, in the same
 * browser, interleaved style by style: a static copy of the page with every
 * row in the DOM (app-long-list-static.ts: no virtualisation, no script),
 * what the list would drop here without virtualisation; and the plainest
 * page of the same length (app-long-list-plain.ts: two lines of plain text a
 * row), what this machine drops with a page doing nothing.
 *
 * A build without the continuous mode shows the paged list instead; the
 * figure then says so rather than failing the run.
 */
import type { Browser, BrowserContext, CDPSession, Page } from '@playwright/test';
import { LONG_LIST_REPO } from './app-long-list-repo';
import {
  installFrameRecorder,
  pauseFrames,
  resumeFrames,
  startRecording,
  waitFrames,
  waitScrollSettled,
  type LongAnimationFrame,
  type RecordedFrames,
} from './app-long-list-frames';
import { driveScroll, flingScript, type ScrollStyle } from './app-long-list-scroll';
import { openPlainPage } from './app-long-list-plain';
import { openStaticCopy } from './app-long-list-static';
import { mainBusyPerFrame, splitFrameTime, startTrace, stopTrace, timelineOf, type Clock, type FrameTimeSplit, type FrameWindow } from './app-long-list-trace';
import { median, missedVsyncs, ms, percentile } from './app-stats';

export const LONG_LIST_TARGET_LOADED = 10_000;
const LOAD_TIMEOUT_MS = 120_000;
const MODE_WAIT_MS = 30_000;
/** An interval this many times the idle one missed at least one vsync. */
export const DROPPED_FRAME_FACTOR = 1.5;
/** Stretches of each scroll style, spread over the whole list, and how long each scrolls. */
const SEGMENTS = Number(process.env.BENCH_LONG_LIST_SEGMENTS ?? 6);
const SEGMENT_MS = 2_000;
/** The last stretch starts this far above the end: it never reaches the rows that load the next page. */
const END_MARGIN_PX = 10_000;
/** A smooth scroll's tail after the last input (wheel and PageDown animate): part of the scroll. */
const SETTLE_MAX_MS = 1_000;
const SETTLE_FRAMES = 10;
/** A page brought back to the front draws what it skipped while throttled: a second to catch up. */
const SWITCH_SETTLE_FRAMES = 60;

export type FigureStyle = ScrollStyle | 'fling';
export const STYLE_LABELS: Record<FigureStyle, string> = {
  idle: 'idle (no scrolling)',
  wheel: 'mouse wheel',
  keyboard: 'PageDown',
  trackpad: 'trackpad',
  fling: 'fling stress',
};

export interface ScrollFigure {
  style: FigureStyle;
  frames: number;
  /** what was scrolled, over the time it took */
  pxPerS: number;
  medianFrameMs: number;
  p99FrameMs: number;
  /** intervals over DROPPED_FRAME_FACTOR × the idle interval */
  droppedFrames: number;
  /** vsyncs with no frame: an interval of 3 vsyncs missed 2 */
  missedVsyncs: number;
  maxListItems: number;
  /** LoAF entries (frames of 50 ms or more) and where their time went, summed (ms) */
  longAnimationFrames: number;
  loafSplit: { scriptMs: number; beforeRenderMs: number; renderCallbacksMs: number; styleLayoutPaintMs: number };
  /** from the traced pass: time in its dropped frames, and in all its frames, by the wall and on a core; the main thread's busy time per frame */
  traced?: Record<'droppedFrames' | 'allFrames', Record<Clock, FrameTimeSplit>> & { mainBusy: MainBusyFigure };
}

/**
 * A frame whose main thread is busy this long (of a 16.7 ms vsync) has
 * little room left: a hiccup of the host, or one more row to render, and it
 * misses its vsync. Counting them shows how near a scroll runs to dropping
 * frames, where the dropped frames themselves are too few to compare.
 */
export const HEAVY_FRAME_MS = 10;

/** From the traced pass: the main thread's busy time per frame (wall clock), its spread and its heavy frames. */
export interface MainBusyFigure {
  frames: number;
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
  /** frames busy over HEAVY_FRAME_MS */
  heavyFrames: number;
}

/** The same styles (not the fling) on a peer page, or why there was none. */
export type PeerPageResult = { available: false; reason: string } | { available: true; rows: number; openSeconds: number; figures: ScrollFigure[] };

export type LongListResult =
  | { available: false; reason: string }
  | {
      available: true;
      loaded: number;
      loadSeconds: number;
      segments: number;
      segmentMs: number;
      /** the idle median interval: one vsync here */
      vsyncMs: number;
      figures: ScrollFigure[];
      maxListItems: number;
      /** every row in the DOM: the list without virtualisation */
      staticCopy: PeerPageResult;
      /** the plainest page of the same length: what the machine drops with a page doing nothing */
      plainPage: PeerPageResult;
    };

const READ_STATUS = `() => {
  const nodes = [...document.querySelectorAll('[role="status"], output')];
  const node = nodes.find((n) => /Loaded [\\d,]+ issues/.test(n.textContent || ''));
  const text = node ? node.textContent || '' : '';
  const match = /Loaded ([\\d,]+) issues/.exec(text);
  return { count: match ? Number(match[1].replace(/,/g, '')) : 0, all: /all of them/.test(text) };
}`;

function loadUntil(target: number, timeoutMs: number): string {
  return `(async () => {
    const read = ${READ_STATUS};
    const started = performance.now();
    for (;;) {
      const status = read();
      if (status.count >= ${target} || status.all) return { ...status, ms: performance.now() - started, timedOut: false };
      if (performance.now() - started > ${timeoutMs}) return { ...status, ms: performance.now() - started, timedOut: true };
      window.scrollTo(0, document.documentElement.scrollHeight);
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
  })()`;
}

async function jumpTo(page: Page, y: number): Promise<void> {
  await page.evaluate(`window.scrollTo({ top: ${Math.round(y)}, behavior: 'instant' })`);
  await waitFrames(page, SETTLE_FRAMES);
  await waitScrollSettled(page, SETTLE_MAX_MS);
}

interface Recording extends RecordedFrames {
  fromY: number;
}

/** One style's stretches (or the fling), recorded; traced when `cdp` tracing is on around it. */
async function recordStyle(page: Page, cdp: CDPSession, style: FigureStyle, pass: string, flingMs: number): Promise<Recording[]> {
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

function intervalsOf(recordings: readonly Recording[]): Array<FrameWindow & { interval: number; recording: Recording }> {
  return recordings.flatMap((recording) =>
    recording.frameTimes.slice(1).map((to, i) => {
      const from = recording.frameTimes[i]!;
      return { from, to, interval: to - from, recording };
    }),
  );
}

function figureOf(style: FigureStyle, recordings: readonly Recording[], vsyncMs: number): ScrollFigure {
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

/** The traced pass of one style: where the time of its dropped frames, and of all its frames, went. */
async function traceStyle(page: Page, cdp: CDPSession, style: FigureStyle, vsyncMs: number, flingMs: number): Promise<ScrollFigure['traced']> {
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

export function mainBusyOf(busyMs: readonly number[]): MainBusyFigure {
  return {
    frames: busyMs.length,
    p50Ms: ms(percentile(busyMs, 50)),
    p90Ms: ms(percentile(busyMs, 90)),
    p99Ms: ms(percentile(busyMs, 99)),
    heavyFrames: busyMs.filter((b) => b > HEAVY_FRAME_MS).length,
  };
}

function sumSplits(parts: readonly FrameTimeSplit[], frames: number): FrameTimeSplit {
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

export const FIGURE_STYLES: readonly FigureStyle[] = ['idle', 'wheel', 'keyboard', 'trackpad', 'fling'];

export async function measureLongList(browser: Browser, origin: string, scrollDurationMs: number): Promise<LongListResult> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const peers: OpenedPeer[] = [];
  const closePeers = async () => {
    for (const peer of peers) await peer.close();
  };
  try {
    const page = await context.newPage();
    await page.goto(`${origin}/${LONG_LIST_REPO.owner}/${LONG_LIST_REPO.name}/issues?view=continuous&per_page=100`);
    const continuous = page.getByRole('list', { name: 'Issues, continuous' });
    const paged = page.getByRole('list', { name: /^Issues, page \d+$/ });
    try {
      await continuous.or(paged).first().waitFor({ timeout: MODE_WAIT_MS });
    } catch {
      return { available: false, reason: `neither list shown within ${MODE_WAIT_MS} ms` };
    }
    if (!(await continuous.isVisible())) return { available: false, reason: 'continuous mode not in this build' };

    const loaded = (await page.evaluate(loadUntil(LONG_LIST_TARGET_LOADED, LOAD_TIMEOUT_MS))) as { count: number; all: boolean; ms: number; timedOut: boolean };
    if (loaded.count < LONG_LIST_TARGET_LOADED) {
      throw new Error(`continuous list loaded ${loaded.count} issues (${loaded.timedOut ? 'timed out' : 'says all of them'}), wanted ${LONG_LIST_TARGET_LOADED}`);
    }
    await installFrameRecorder(page);
    const cdp = await context.newCDPSession(page);
    const copy = await openPeer(browser, page, loaded.count, (peerContext) => openStaticCopy(peerContext, page, 'Issues, continuous', loaded.count));
    peers.push(copy);
    const plain = await openPeer(browser, page, loaded.count, (peerContext) => openPlainPage(peerContext, loaded.count));
    peers.push(plain);

    const figures: ScrollFigure[] = [];
    const peerFigures = new Map<OpenedPeer, ScrollFigure[]>(peers.map((peer) => [peer, []]));
    let vsyncMs = 1000 / 60;
    for (const style of FIGURE_STYLES) {
      // The peers' 10,000 rows are a renderer's worth of memory and work each: gone before the fling and the traced pass.
      if (style === 'fling') await closePeers();
      const recordings = await recordStyle(page, cdp, style, 'figures', scrollDurationMs);
      if (style === 'idle') vsyncMs = median(intervalsOf(recordings).map((w) => w.interval));
      figures.push(figureOf(style, recordings, vsyncMs));
      if (style === 'fling') continue;
      for (const peer of peers) {
        if (peer.page === null) continue;
        // The measured page in front (Chromium throttles the other to a frame a second), and one
        // page's frame loop at a time: the other's would cost the measured page a frame per vsync.
        await switchTo(peer.page, page);
        peerFigures.get(peer)?.push(figureOf(style, await recordStyle(peer.page, peer.cdp, style, 'peer', scrollDurationMs), vsyncMs));
        await switchTo(page, peer.page);
      }
    }
    await closePeers();
    for (const figure of figures) {
      if (figure.style === 'idle') continue;
      figure.traced = await traceStyle(page, cdp, figure.style, vsyncMs, scrollDurationMs);
    }
    return {
      available: true,
      loaded: loaded.count,
      loadSeconds: Math.round(loaded.ms / 100) / 10,
      segments: SEGMENTS,
      segmentMs: SEGMENT_MS,
      vsyncMs: ms(vsyncMs),
      figures,
      maxListItems: Math.max(...figures.map((f) => f.maxListItems)),
      staticCopy: peerResult(copy, peerFigures.get(copy) ?? []),
      plainPage: peerResult(plain, peerFigures.get(plain) ?? []),
    };
  } finally {
    await closePeers();
    await context.close();
  }
}

/** Brings `to` to the front with its frame loop running, `from`'s paused, and lets `to` settle. */
async function switchTo(to: Page, from: Page): Promise<void> {
  await pauseFrames(from);
  await to.bringToFront();
  await resumeFrames(to);
  await waitFrames(to, SWITCH_SETTLE_FRAMES);
}

type OpenedPeer = { close(): Promise<void> } & (
  | { page: null; result: PeerPageResult & { available: false } }
  | { page: Page; cdp: CDPSession; result: { available: true; rows: number; openSeconds: number } }
);

function peerResult(peer: OpenedPeer, figures: ScrollFigure[]): PeerPageResult {
  return peer.page === null ? peer.result : { ...peer.result, figures };
}

/**
 * A peer page made by `open` (with `rows` rows, at the top of the list), its
 * frame loop paused; or why it could not be made. It has a browser context
 * of its own, which keeps it out of the app's renderer process (pages of one
 * site in one context may share one, and with it the main thread the app's
 * figures measure).
 */
async function openPeer(browser: Browser, page: Page, rows: number, open: (context: BrowserContext) => Promise<Page>): Promise<OpenedPeer> {
  await jumpTo(page, 0);
  await pauseFrames(page);
  const started = Date.now();
  const context = await browser.newContext({ viewport: page.viewportSize() ?? { width: 1280, height: 800 } });
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await context.close();
  };
  try {
    const peerPage = await open(context);
    await installFrameRecorder(peerPage);
    await pauseFrames(peerPage);
    const cdp = await context.newCDPSession(peerPage);
    return { close, page: peerPage, cdp, result: { available: true, rows, openSeconds: Math.round((Date.now() - started) / 100) / 10 } };
  } catch (err) {
    await close();
    return { close, page: null, result: { available: false, reason: err instanceof Error ? err.message : String(err) } };
  } finally {
    await page.bringToFront();
    await resumeFrames(page);
    await waitFrames(page, SWITCH_SETTLE_FRAMES);
  }
}
