import { describe, expect, it } from 'vitest';
import type { LongListResult, PeerPageResult, ScrollFigure } from './result';
import { longListRows } from './rows';

function figure(style: ScrollFigure['style'], droppedFrames: number): ScrollFigure {
  return {
    style,
    frames: 760,
    pxPerS: style === 'idle' ? 0 : 2_800,
    medianFrameMs: 16.7,
    p99FrameMs: droppedFrames > 0 ? 33.4 : 16.8,
    droppedFrames,
    missedVsyncs: droppedFrames,
    maxListItems: 30,
    longAnimationFrames: 0,
    loafSplit: { scriptMs: 0, beforeRenderMs: 0, renderCallbacksMs: 0, styleLayoutPaintMs: 0 },
  };
}

function result(appTrackpad: number, staticCopy: PeerPageResult, plainPage: PeerPageResult = plainOf(3)): LongListResult {
  return {
    available: true,
    loaded: 10_000,
    loadSeconds: 6.6,
    segments: 6,
    segmentMs: 2_000,
    vsyncMs: 16.7,
    figures: [figure('idle', 0), figure('wheel', 0), figure('keyboard', 0), figure('trackpad', appTrackpad), figure('fling', 84)],
    maxListItems: 30,
    staticCopy,
    plainPage,
  };
}

const copyOf = (trackpad: number): PeerPageResult => ({
  available: true,
  rows: 10_000,
  openSeconds: 14.2,
  figures: [figure('idle', 0), figure('wheel', 146), figure('keyboard', 89), figure('trackpad', trackpad)],
});

const plainOf = (trackpad: number): PeerPageResult => ({
  available: true,
  rows: 10_000,
  openSeconds: 1.3,
  figures: [figure('idle', 0), figure('wheel', 1), figure('keyboard', 0), figure('trackpad', trackpad)],
});

const row = (rows: ReturnType<typeof longListRows>, start: string) => rows.find((r) => r.figure.startsWith(start));

describe('long-list rows of npm run bench', () => {
  it('puts both peers beside each style, and judges only the app against the target', () => {
    const rows = longListRows(result(2, copyOf(0), plainOf(0)));
    // Both peers dropped none, the app 2: the app's row is still a miss.
    expect(row(rows, 'Long list, trackpad')).toMatchObject({
      value: '760, 16.7 / 33.4, 2 (0.3%), 2',
      peer: 'every row in the DOM: 760, 16.7 / 16.8, 0 (0.0%), 0 · plain text page: 760, 16.7 / 16.8, 0 (0.0%), 0',
      target: '0 dropped',
      met: false,
    });
    // The peers dropped frames, the app none: the app's row is met.
    expect(row(rows, 'Long list, mouse wheel')).toMatchObject({
      value: '760, 16.7 / 16.8, 0 (0.0%), 0',
      peer: 'every row in the DOM: 760, 16.7 / 33.4, 146 (19.2%), 146 · plain text page: 760, 16.7 / 33.4, 1 (0.1%), 1',
      met: true,
    });
  });

  it('shows the rows in the DOM beside the peers, and the fling (stress, not on the peers) without a peer or target', () => {
    const rows = longListRows(result(0, copyOf(68)));
    expect(row(rows, 'Long list: most <li> in the DOM')).toMatchObject({ value: 30, peer: 'every row in the DOM: 10,000 (14.2 s) · plain text page: 10,000 (1.3 s)' });
    const fling = row(rows, 'Long list, fling stress');
    expect(fling?.peer).toBeUndefined();
    expect(fling?.target).toBeUndefined();
  });

  it('says why a peer is missing, and keeps every figure of the app and of the other peer', () => {
    const rows = longListRows(result(0, { available: false, reason: 'no rendered rows to copy' }));
    expect(row(rows, 'Long list: most <li> in the DOM')?.peer).toBe('every row in the DOM: n/a (no rendered rows to copy) · plain text page: 10,000 (1.3 s)');
    expect(row(rows, 'Long list, trackpad')).toMatchObject({ met: true, peer: 'plain text page: 760, 16.7 / 33.4, 3 (0.4%), 3' });
    const none = longListRows(result(0, { available: false, reason: 'a' }, { available: false, reason: 'b' }));
    expect(row(none, 'Long list, trackpad')?.peer).toBeUndefined();
  });

  it("shows the traced pass's busy frames under the style they belong to", () => {
    const r = result(0, copyOf(68));
    if (!r.available) throw new Error('unreachable');
    const split = { frames: 760, windowMs: 12_700, main: { script: 760, style: 380, layout: 380, paint: 760, other: 380 }, mainIdleMs: 10_000, rasterMs: 0, compositorMs: 0, vizMs: 0 };
    const trackpad = r.figures.find((f) => f.style === 'trackpad')!;
    trackpad.traced = {
      droppedFrames: { wall: { ...split, frames: 0 }, cpu: { ...split, frames: 0 } },
      allFrames: { wall: split, cpu: split },
      mainBusy: { frames: 760, p50Ms: 5.8, p90Ms: 7.4, p99Ms: 11.1, heavyFrames: 29 },
    };
    const rows = longListRows(r);
    const busy = rows.findIndex((x) => x.figure.startsWith("Long list, trackpad, traced pass: the main thread's busy ms per frame"));
    expect(rows[busy]?.value).toBe('5.8 / 7.4 / 11.1, 29 of 760');
    expect(rows[busy]?.figure).toContain('over 10 ms');
    // Right after the style's other traced rows, before the next style's.
    expect(rows[busy - 1]?.figure).toBe('Long list, trackpad, traced pass: CPU ms per frame, all frames');
    expect(rows.some((x) => x.figure.startsWith("Long list, mouse wheel, traced pass: the main thread's busy"))).toBe(false);
  });
});
