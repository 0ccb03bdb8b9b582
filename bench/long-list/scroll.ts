/**
 * The ways the long-list figures scroll, each as a person (or a stress test)
 * would: a mouse wheel spun in bursts of notches, PageDown pressed a few times
 * a second, a trackpad swipe (Chromium's own synthetic scroll gesture, the
 * input the compositor sees from a real trackpad), and a scripted fling far
 * faster than any reader. All but the fling are driven as input from outside
 * the page, so the browser scrolls on its compositor thread as it would for
 * a person; the fling sets `scrollTo` from a rAF loop, on the main thread.
 */
import type { CDPSession, Page } from '@playwright/test';

export type ScrollStyle = 'idle' | 'wheel' | 'keyboard' | 'trackpad';

/** A mouse wheel notch as Windows and most mice send it. */
export const WHEEL_NOTCH_PX = 120;
/** A quick spin of the wheel: notches this far apart, this many in a burst, then the finger re-grips. */
const WHEEL_NOTCH_INTERVAL_MS = 40;
const WHEEL_NOTCHES_PER_BURST = 8;
const WHEEL_PAUSE_MS = 200;
/** PageDown pressed this often: a reader skimming, each press a smooth scroll of most of a screen. */
const PAGE_DOWN_INTERVAL_MS = 250;
/** A brisk two-finger swipe, held at this speed (a few thousand px/s, as people do). */
export const TRACKPAD_PX_PER_S = 3_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** What each style does for `durationMs`, starting wherever the page stands. */
export async function driveScroll(style: ScrollStyle, page: Page, cdp: CDPSession, durationMs: number): Promise<void> {
  const viewport = page.viewportSize() ?? { width: 1280, height: 800 };
  const pointer = { x: Math.round(viewport.width / 2), y: Math.round(viewport.height * 0.6) };
  const started = Date.now();
  switch (style) {
    case 'idle':
      await sleep(durationMs);
      return;
    case 'wheel': {
      await page.mouse.move(pointer.x, pointer.y);
      let next = started;
      while (Date.now() - started < durationMs) {
        for (let n = 0; n < WHEEL_NOTCHES_PER_BURST && Date.now() - started < durationMs; n += 1) {
          await page.mouse.wheel(0, WHEEL_NOTCH_PX);
          next += WHEEL_NOTCH_INTERVAL_MS;
          await sleep(next - Date.now());
        }
        next += WHEEL_PAUSE_MS;
        await sleep(next - Date.now());
      }
      return;
    }
    case 'keyboard': {
      // PageDown scrolls whatever has focus: the document, as after a click on empty space.
      await page.evaluate('document.activeElement instanceof HTMLElement && document.activeElement.blur()');
      let next = started;
      while (Date.now() - started < durationMs) {
        await page.keyboard.press('PageDown');
        next += PAGE_DOWN_INTERVAL_MS;
        await sleep(next - Date.now());
      }
      return;
    }
    case 'trackpad':
      // Precise pixel deltas from a "mouse" source: how Chromium synthesises a touchpad scroll.
      await cdp.send('Input.synthesizeScrollGesture', {
        x: pointer.x,
        y: pointer.y,
        yDistance: -Math.round((TRACKPAD_PX_PER_S * durationMs) / 1000),
        speed: TRACKPAD_PX_PER_S,
        gestureSourceType: 'mouse',
        preventFling: true,
      });
      return;
  }
}

/**
 * The stress figure: top to bottom of everything loaded in `durationMs`, one
 * `scrollTo` per animation frame (about 124,000 px/s over 10,000 rows).
 */
export function flingScript(durationMs: number): string {
  return `(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    const distance = document.documentElement.scrollHeight - window.innerHeight;
    const start = await frame();
    for (;;) {
      const now = await frame();
      const progress = Math.min(1, (now - start) / ${durationMs});
      window.scrollTo(0, progress * distance);
      if (progress >= 1) break;
    }
    await frame();
  })()`;
}
