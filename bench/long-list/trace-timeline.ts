/**
 * A trace's events (long-list/trace-capture.ts) as the page's threads:
 * the main thread split into self-time pieces of script, style, layout,
 * paint and other work (each event's self time goes to the nearest
 * enclosing event with a known kind), and the busy intervals of the threads
 * that draw off it: the raster workers, the renderer's compositor thread and
 * the display compositor (Viz). The trace's clock is matched to the page's
 * by a `performance.mark` seen in both.
 */
import type { TraceEvent } from './trace-capture';

export type MainThreadKind = 'script' | 'style' | 'layout' | 'paint' | 'other';
export const MAIN_KINDS: readonly MainThreadKind[] = ['script', 'style', 'layout', 'paint', 'other'];

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

/** Spans of time on one thread, in trace µs; `cpu` is the share of it the thread ran on a core. */
export interface Interval {
  start: number;
  end: number;
  cpu: number;
}

/** A self-time piece of the main thread, of one kind. */
export interface Piece extends Interval {
  kind: MainThreadKind;
}

interface Span extends Interval {
  name: string;
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
