/**
 * Figure 5: scrolling a list of 10,000+ issues in the continuous mode
 * (`/:owner/:repo/issues?view=continuous&per_page=100`, a `<ul>` labelled
 * `Issues, continuous`, a status that reads `Loaded N issues`, the next page
 * loading near the end). Scrolls until 10,000 are loaded, then scripts a
 * scroll from top to bottom, one step per animation frame, and records the
 * intervals between frames in the page: a virtualised list keeps them near
 * the display's 16.7 ms and keeps few `<li>` in the DOM.
 *
 * A build without the continuous mode shows the paged list instead; the
 * figure then says so rather than failing the run.
 */
import type { Browser } from '@playwright/test';
import { LONG_LIST_REPO } from './app-long-list-repo';
import { median, ms, percentile } from './app-stats';

export const LONG_LIST_TARGET_LOADED = 10_000;
const LOAD_TIMEOUT_MS = 120_000;
const MODE_WAIT_MS = 30_000;
/** a frame is dropped when it takes this many times the median, or longer than DROPPED_FRAME_MS */
const DROPPED_FRAME_FACTOR = 1.5;
const DROPPED_FRAME_MS = 25;
const IDLE_BASELINE_MS = 1_000;

export type LongListResult =
  | { available: false; reason: string }
  | {
      available: true;
      loaded: number;
      loadSeconds: number;
      scrollMs: number;
      frames: number;
      /** rAF interval with the list standing still: the floor the scroll figures sit on */
      idleMedianFrameMs: number;
      medianFrameMs: number;
      p99FrameMs: number;
      droppedOverMedian: number;
      droppedOver25Ms: number;
      maxListItems: number;
      listItemsAtEnd: number;
      scrolledPx: number;
    };

/**
 * In-page scripts are strings: tsx would wrap a function's inner functions
 * in a `__name` helper the page does not have.
 */
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

function scrollTopToBottom(durationMs: number): string {
  return `(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    window.scrollTo(0, 0);
    await frame();
    await frame();
    // The same page standing still: what a frame costs here without scrolling (headless, crowded machine).
    const idle = [];
    const idleStart = await frame();
    let previous = idleStart;
    while (previous - idleStart < ${IDLE_BASELINE_MS}) {
      const now = await frame();
      idle.push(now - previous);
      previous = now;
    }
    const distance = document.documentElement.scrollHeight - window.innerHeight;
    const items = document.getElementsByTagName('li');
    const intervals = [];
    let maxItems = items.length;
    const start = await frame();
    let last = start;
    for (;;) {
      const now = await frame();
      intervals.push(now - last);
      last = now;
      if (items.length > maxItems) maxItems = items.length;
      const progress = Math.min(1, (now - start) / ${durationMs});
      window.scrollTo(0, progress * distance);
      if (progress >= 1) break;
    }
    await frame();
    return { idle, intervals, maxItems: Math.max(maxItems, items.length), itemsAtEnd: items.length, scrolledPx: window.scrollY, elapsedMs: last - start };
  })()`;
}

export async function measureLongList(browser: Browser, origin: string, scrollDurationMs: number): Promise<LongListResult> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
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
    const scroll = (await page.evaluate(scrollTopToBottom(scrollDurationMs))) as {
      idle: number[];
      intervals: number[];
      maxItems: number;
      itemsAtEnd: number;
      scrolledPx: number;
      elapsedMs: number;
    };
    const medianFrame = median(scroll.intervals);
    return {
      available: true,
      loaded: loaded.count,
      loadSeconds: Math.round(loaded.ms / 100) / 10,
      scrollMs: Math.round(scroll.elapsedMs),
      frames: scroll.intervals.length,
      idleMedianFrameMs: ms(median(scroll.idle)),
      medianFrameMs: ms(medianFrame),
      p99FrameMs: ms(percentile(scroll.intervals, 99)),
      droppedOverMedian: scroll.intervals.filter((i) => i > DROPPED_FRAME_FACTOR * medianFrame).length,
      droppedOver25Ms: scroll.intervals.filter((i) => i > DROPPED_FRAME_MS).length,
      maxListItems: scroll.maxItems,
      listItemsAtEnd: scroll.itemsAtEnd,
      scrolledPx: Math.round(scroll.scrolledPx),
    };
  } finally {
    await context.close();
  }
}
