/**
 * The peer pages of the long-list scroll (long-list/benchmark.ts): opening each in
 * a browser context of its own, and passing the front and the frame loop
 * between a peer and the measured page, so that only the page being
 * measured draws.
 */
import type { Browser, BrowserContext, CDPSession, Page } from '@playwright/test';
import { installFrameRecorder, pauseFrames, resumeFrames, waitFrames } from './frames';
import { jumpTo } from './recording';
import type { PeerPageResult, ScrollFigure } from './result';

/** A page brought back to the front draws what it skipped while throttled: a second to catch up. */
const SWITCH_SETTLE_FRAMES = 60;

/** Brings `to` to the front with its frame loop running, `from`'s paused, and lets `to` settle. */
export async function switchTo(to: Page, from: Page): Promise<void> {
  await pauseFrames(from);
  await to.bringToFront();
  await resumeFrames(to);
  await waitFrames(to, SWITCH_SETTLE_FRAMES);
}

export type OpenedPeer = { close(): Promise<void> } & (
  | { page: null; result: PeerPageResult & { available: false } }
  | { page: Page; cdp: CDPSession; result: { available: true; rows: number; openSeconds: number } }
);

export function peerResult(peer: OpenedPeer, figures: ScrollFigure[]): PeerPageResult {
  return peer.page === null ? peer.result : { ...peer.result, figures };
}

/**
 * A peer page made by `open` (with `rows` rows, at the top of the list), its
 * frame loop paused; or why it could not be made. It has a browser context
 * of its own, which keeps it out of the app's renderer process (pages of one
 * site in one context may share one, and with it the main thread the app's
 * figures measure).
 */
export async function openPeer(browser: Browser, page: Page, rows: number, open: (context: BrowserContext) => Promise<Page>): Promise<OpenedPeer> {
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
