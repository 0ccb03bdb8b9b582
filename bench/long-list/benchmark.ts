/**
 * Figure 5: scrolling a list of 10,000+ issues in the continuous mode
 * (`/:owner/:repo/issues?q=is:open&view=continuous&per_page=100`, a `<ul>` labelled
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
 * where the dropped frames' time went (long-list/trace.ts): our script,
 * style, layout and paint on the main thread, or rasterisation and
 * compositing off it. Tracing slows the page, so the frame figures come from
 * the untraced pass.
 *
 * Beside each style's figure, the same scroll of two peers, in the same
 * browser, interleaved style by style: a static copy of the page with every
 * row in the DOM (long-list/static.ts: no virtualisation, no script),
 * what the list would drop here without virtualisation; and the plainest
 * page of the same length (long-list/plain.ts: two lines of plain text a
 * row), what this machine drops with a page doing nothing.
 *
 * A build without the continuous mode shows the paged list instead; the
 * figure then says so rather than failing the run.
 *
 * The parts live beside this file: long-list/recording.ts records a
 * style, long-list/figures.ts turns recordings into figures,
 * long-list/traced-pass.ts traces them, long-list/peers.ts opens the
 * peer pages and long-list/result.ts says what comes back; this file
 * loads the list and runs the styles in order.
 */
import type { Browser } from '@playwright/test';
import { installFrameRecorder } from './frames';
import { figureOf } from './figures';
import { openPeer, peerResult, switchTo, type OpenedPeer } from './peers';
import { openPlainPage } from './plain';
import { intervalsOf, recordStyle, SEGMENT_MS, SEGMENTS } from './recording';
import { LONG_LIST_REPO } from '../lib/long-list-repo';
import type { FigureStyle, LongListResult, ScrollFigure } from './result';
import { openStaticCopy } from './static';
import { traceStyle } from './traced-pass';
import { median, ms } from '../lib/stats';

export const LONG_LIST_TARGET_LOADED = 10_000;
const LOAD_TIMEOUT_MS = 120_000;
const MODE_WAIT_MS = 30_000;

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

export const FIGURE_STYLES: readonly FigureStyle[] = ['idle', 'wheel', 'keyboard', 'trackpad', 'fling'];

export async function measureLongList(browser: Browser, origin: string, scrollDurationMs: number): Promise<LongListResult> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const peers: OpenedPeer[] = [];
  const closePeers = async () => {
    for (const peer of peers) await peer.close();
  };
  try {
    const page = await context.newPage();
    // `is:open` is the list endpoint's view, which pages through every issue; the default view is a search, which
    // reaches only its first 1,000 results, as on GitHub (docs/app.md).
    await page.goto(`${origin}/${LONG_LIST_REPO.owner}/${LONG_LIST_REPO.name}/issues?q=is%3Aopen&view=continuous&per_page=100`);
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
