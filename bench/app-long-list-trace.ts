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
 */
import type { CDPSession } from '@playwright/test';

const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'toplevel',
  'blink.user_timing',
  'v8.execute',
];

export type MainThreadKind = 'script' | 'style' | 'layout' | 'paint' | 'other';
const MAIN_KINDS: readonly MainThreadKind[] = ['script', 'style', 'layout', 'paint', 'other'];

/** Trace event names by what they are; anything else inherits its parent's kind. */
const KIND_BY_NAME: Record<string, MainThreadKind> = {
  FunctionCall: 'script',
  EvaluateScript: 'script',
  'v8.evaluateModule': 'script',
  'v8.run': 'script',
  'v8.callFunction': 'script',
  'V8.Execute': 'script',
  'v8.compile': 'script',
  'v8.compileModule': 'script',
  TimerFire: 'script',
  FireAnimationFrame: 'script',
  FireIdleCallback: 'script',
  EventDispatch: 'script',
  RunMicrotasks: 'script',
  'V8.GC_SCAVENGER': 'script',
  MajorGC: 'script',
  MinorGC: 'script',
  'BlinkGC.AtomicPhase': 'script',
  XHRReadyStateChange: 'script',
  XHRLoad: 'script',
  UpdateLayoutTree: 'style',
  RecalculateStyles: 'style',
  ParseAuthorStyleSheet: 'style',
  Layout: 'layout',
  IntersectionObserverController_computeIntersections: 'layout',
  PrePaint: 'paint',
  Paint: 'paint',
  PaintImage: 'paint',
  Layerize: 'paint',
  UpdateLayerTree: 'paint',
  Commit: 'paint',
  CompositeLayers: 'paint',
  'Decode Image': 'paint',
};

/** A raster worker's tasks (tile rasterisation and image decodes); the same threads also run V8's background GC. */
const RASTER_TASKS = new Set(['TaskGraphRunner::RunTask', 'RasterTask', 'ImageDecodeTask']);

interface TraceEvent {
  name: string;
  cat?: string;
  ph: string;
  ts: number;
  dur?: number;
  /** thread (CPU) time: less than `dur` when the thread waited for a core */
  tdur?: number;
  tts?: number;
  pid: number;
  tid: number;
  args?: { name?: string };
}

/** Spans of time on one thread, in trace µs; `cpu` is the share of it the thread ran on a core. */
interface Interval {
  start: number;
  end: number;
  cpu: number;
}

/** A self-time piece of the main thread, of one kind. */
interface Piece extends Interval {
  kind: MainThreadKind;
}

interface Span extends Interval {
  name: string;
}

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

export async function startTrace(cdp: CDPSession): Promise<void> {
  await cdp.send('Tracing.start', {
    transferMode: 'ReturnAsStream',
    traceConfig: { includedCategories: TRACE_CATEGORIES, recordMode: 'recordAsMuchAsPossible' },
  });
}

export async function stopTrace(cdp: CDPSession): Promise<TraceEvent[]> {
  const complete = new Promise<{ stream?: string }>((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.end');
  const { stream } = await complete;
  if (!stream) throw new Error('the trace came back without a stream');
  const chunks: string[] = [];
  for (;;) {
    const part = await cdp.send('IO.read', { handle: stream });
    chunks.push(part.base64Encoded ? Buffer.from(part.data, 'base64').toString('utf8') : part.data);
    if (part.eof) break;
  }
  await cdp.send('IO.close', { handle: stream });
  const parsed = JSON.parse(chunks.join('')) as { traceEvents?: TraceEvent[] } | TraceEvent[];
  return Array.isArray(parsed) ? parsed : (parsed.traceEvents ?? []);
}

function cpuShare(wallUs: number, cpuUs: number | undefined): number {
  return cpuUs === undefined || wallUs <= 0 ? 1 : Math.min(1, Math.max(0, cpuUs / wallUs));
}

/** Complete (`X`) and begin/end (`B`/`E`) events of one thread, sorted outer first. */
function spans(events: readonly TraceEvent[]): Span[] {
  const out: Span[] = [];
  const open: TraceEvent[] = [];
  for (const e of events) {
    if (e.ph === 'X' && typeof e.dur === 'number') out.push({ start: e.ts, end: e.ts + e.dur, name: e.name, cpu: cpuShare(e.dur, e.tdur) });
    else if (e.ph === 'B') open.push(e);
    else if (e.ph === 'E') {
      const begin = open.pop();
      const cpuUs = begin?.tts !== undefined && e.tts !== undefined ? e.tts - begin.tts : undefined;
      if (begin) out.push({ start: begin.ts, end: e.ts, name: begin.name, cpu: cpuShare(e.ts - begin.ts, cpuUs) });
    }
  }
  return out.sort((a, b) => a.start - b.start || b.end - a.end);
}

/** One thread's timeline as self-time pieces, each of the kind of its nearest known enclosing event. */
function flatten(events: readonly TraceEvent[]): Piece[] {
  const pieces: Piece[] = [];
  const stack: Array<{ end: number; kind: MainThreadKind; cursor: number; cpu: number }> = [];
  const emit = (start: number, end: number, kind: MainThreadKind, cpu: number) => {
    if (end > start) pieces.push({ start, end, kind, cpu });
  };
  const closeUntil = (time: number) => {
    while (stack.length > 0 && stack[stack.length - 1]!.end <= time) {
      const top = stack.pop()!;
      emit(top.cursor, top.end, top.kind, top.cpu);
      const parent = stack[stack.length - 1];
      if (parent) parent.cursor = Math.max(parent.cursor, top.end);
    }
  };
  for (const span of spans(events)) {
    closeUntil(span.start);
    const parent = stack[stack.length - 1];
    const end = parent ? Math.min(span.end, parent.end) : span.end;
    if (parent) {
      emit(parent.cursor, span.start, parent.kind, parent.cpu);
      parent.cursor = span.start;
    }
    // An event's self time is taken to run on a core in the same share as the whole event.
    stack.push({ end, kind: KIND_BY_NAME[span.name] ?? parent?.kind ?? 'other', cursor: span.start, cpu: span.cpu });
  }
  closeUntil(Number.POSITIVE_INFINITY);
  return pieces;
}

/** Busy intervals of a thread: its outermost events only. */
function busy(events: readonly TraceEvent[]): Interval[] {
  const out: Interval[] = [];
  let reach = Number.NEGATIVE_INFINITY;
  for (const span of spans(events)) {
    if (span.start >= reach) {
      out.push({ start: span.start, end: span.end, cpu: span.cpu });
      reach = span.end;
    } else if (span.end > reach) {
      out.push({ start: reach, end: span.end, cpu: span.cpu });
      reach = span.end;
    }
  }
  return out;
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

export interface TraceTimeline {
  /** adds this to a page time (ms) to get trace time (ms) */
  offsetMs: number;
  mainPieces: Piece[];
  raster: Interval[][];
  compositor: Interval[];
  viz: Interval[][];
}

/**
 * The page's threads, found by the mark `mark` (made at page time
 * `markedAt`): its thread is the renderer's main thread, its process the renderer.
 */
export function timelineOf(events: readonly TraceEvent[], mark: string, markedAt: number): TraceTimeline {
  const marked = events.find((e) => e.name === mark && (e.cat ?? '').includes('blink.user_timing'));
  if (!marked) throw new Error(`the trace has no mark ${mark}`);
  const names = new Map<string, string>();
  for (const e of events) if (e.ph === 'M' && e.name === 'thread_name' && e.args?.name) names.set(`${e.pid}:${e.tid}`, e.args.name);
  const byThread = new Map<string, TraceEvent[]>();
  for (const e of events) {
    if (e.ph !== 'X' && e.ph !== 'B' && e.ph !== 'E') continue;
    const key = `${e.pid}:${e.tid}`;
    let list = byThread.get(key);
    if (!list) byThread.set(key, (list = []));
    list.push(e);
  }
  const threadsNamed = (test: (name: string, pid: number) => boolean) =>
    [...byThread.entries()].filter(([key]) => test(names.get(key) ?? '', Number(key.split(':')[0]))).map(([, list]) => list);
  const renderer = marked.pid;
  return {
    offsetMs: marked.ts / 1000 - markedAt,
    mainPieces: flatten(byThread.get(`${marked.pid}:${marked.tid}`) ?? []),
    // Raster runs on the renderer's tile workers: named CompositorTileWorker in older builds, pool workers running TaskGraphRunner tasks now.
    raster: threadsNamed((name, pid) => pid === renderer && (name.startsWith('CompositorTileWorker') || name.startsWith('ThreadPoolForegroundWorker'))).map(
      (list) => busy(list.filter((e) => RASTER_TASKS.has(e.name))),
    ),
    compositor: threadsNamed((name, pid) => pid === renderer && name === 'Compositor').flatMap(busy),
    viz: threadsNamed((name) => name === 'VizCompositorThread').map(busy),
  };
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
