/**
 * What the long-list scroll (long-list/benchmark.ts) yields: a figure per scroll
 * style, the same styles on the two peer pages, and the rules the figures
 * are counted by (what makes a frame dropped, or heavy). The table
 * (long-list/rows.ts) and its tests read these without a browser.
 */
import type { ScrollStyle } from './scroll';
import type { Clock, FrameTimeSplit } from './trace';

/** An interval this many times the idle one missed at least one vsync. */
export const DROPPED_FRAME_FACTOR = 1.5;

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
