/**
 * The long-list figures as rows of `npm run bench`'s table: each scroll
 * style's frames against the target of none dropped, with the same scroll
 * of its two peers (every row in the DOM, the static copy; and the plainest
 * page of the same length) beside it, and where the traced pass says the
 * frames' time went. Only the app's figure is judged against the target.
 */
import type { BenchRow } from '../lib/bench-row';
import { DROPPED_FRAME_FACTOR, HEAVY_FRAME_MS, STYLE_LABELS, type LongListResult, type PeerPageResult, type ScrollFigure } from './result';
import type { FrameTimeSplit } from './trace';
import { ms } from '../lib/stats';

/** "script 3.1 / style 1.2 / … / idle 20.4 · raster 9.3 · compositor 2.0 · viz 4.0": ms per frame ("idle": the main thread not running, idle or waiting for a core). */
function splitText(split: FrameTimeSplit): string {
  const per = (total: number) => (split.frames > 0 ? (total / split.frames).toFixed(1) : '0');
  const m = split.main;
  return `script ${per(m.script)} / style ${per(m.style)} / layout ${per(m.layout)} / paint ${per(m.paint)} / other ${per(m.other)} / idle ${per(split.mainIdleMs)} · raster ${per(split.rasterMs)} · compositor ${per(split.compositorMs)} · viz ${per(split.vizMs)}`;
}

const EVERY_ROW = 'every row in the DOM';
const PLAIN_PAGE = 'plain text page';

export function longListRows(r: LongListResult): BenchRow[] {
  if (!r.available) return [{ figure: 'Long list scroll', value: `n/a (${r.reason})` }];
  const threshold = ms(DROPPED_FRAME_FACTOR * r.vsyncMs);
  const rows: BenchRow[] = [
    { figure: 'Long list: issues loaded by scrolling (s to load)', value: `${r.loaded.toLocaleString('en-US')} (${r.loadSeconds} s)` },
  ];
  const peers: Array<[string, PeerPageResult]> = [
    [EVERY_ROW, r.staticCopy],
    [PLAIN_PAGE, r.plainPage],
  ];
  rows.push({
    figure:
      'Long list: most <li> in the DOM while scrolling; peers, each scrolled the same way after each style: a static copy of the page with every row in the DOM (no virtualisation, no script), and the plainest page of the same length (two lines of plain text a row, no script) (s to open)',
    value: r.maxListItems,
    peer: peers.map(([name, peer]) => (peer.available ? `${name}: ${peer.rows.toLocaleString('en-US')} (${peer.openSeconds} s)` : `${name}: n/a (${peer.reason})`)).join(' · '),
  });
  const frameValue = (f: ScrollFigure) =>
    `${f.frames}, ${f.medianFrameMs} / ${f.p99FrameMs}, ${f.droppedFrames} (${f.frames > 0 ? ((100 * f.droppedFrames) / f.frames).toFixed(1) : '0'}%), ${f.missedVsyncs}`;
  for (const f of r.figures) {
    const label = STYLE_LABELS[f.style];
    const where = f.style === 'fling' ? 'top to bottom' : `${r.segments} × ${r.segmentMs / 1000} s over the list`;
    const speed = f.style === 'idle' ? '' : `, ${f.pxPerS.toLocaleString('en-US')} px/s`;
    const onPeers = peers.flatMap(([name, peer]) => {
      const same = peer.available ? peer.figures.find((p) => p.style === f.style) : undefined;
      return same ? [`${name}: ${frameValue(same)}`] : [];
    });
    rows.push({
      figure: `Long list, ${label} (${where}${speed}): frames, interval median / p99 ms, dropped (> ${threshold} ms), missed vsyncs`,
      value: frameValue(f),
      ...(onPeers.length > 0 ? { peer: onPeers.join(' · ') } : {}),
      ...(f.style === 'fling' ? {} : { target: '0 dropped', met: f.droppedFrames === 0 }),
    });
    if (f.traced) {
      const { droppedFrames, allFrames } = f.traced;
      rows.push({
        figure: `Long list, ${label}, traced pass: CPU ms per dropped frame (${droppedFrames.cpu.frames} of ${allFrames.cpu.frames}), main thread · off it`,
        value: splitText(droppedFrames.cpu),
      });
      rows.push({ figure: `Long list, ${label}, traced pass: CPU ms per frame, all frames`, value: splitText(allFrames.cpu) });
      const busy = f.traced.mainBusy;
      rows.push({
        figure: `Long list, ${label}, traced pass: the main thread's busy ms per frame (wall), p50 / p90 / p99, and frames busy over ${HEAVY_FRAME_MS} ms`,
        value: `${busy.p50Ms} / ${busy.p90Ms} / ${busy.p99Ms}, ${busy.heavyFrames} of ${busy.frames}`,
      });
    }
    if (f.longAnimationFrames > 0) {
      const l = f.loafSplit;
      rows.push({
        figure: `Long list, ${label}: long animation frames ≥ 50 ms (LoAF), ms in script / before render / rAF+observers / style+layout+paint`,
        value: `${f.longAnimationFrames}: ${l.scriptMs} / ${l.beforeRenderMs} / ${l.renderCallbacksMs} / ${l.styleLayoutPaintMs}`,
      });
    }
  }
  return rows;
}
