/**
 * Where something a link scrolls to stops (the page's `scroll-padding-top`)
 * against where the sticky header ends: a comment or heading scrolled to
 * must not land under the header, which grows while it shows a bar.
 */
import type { Page } from '@playwright/test';

export interface HeaderRoom {
  /** the page's scroll-padding-top, px */
  scrollPaddingPx: number;
  /** the sticky header's bottom edge in the viewport, px */
  headerBottomPx: number;
}

/** Fails when the page has no header: a bottom edge of 0 would let any padding "clear" it. */
export function headerRoom(page: Page): Promise<HeaderRoom> {
  return page.evaluate(() => {
    const header = document.querySelector('header');
    if (header === null) throw new Error('the page has no <header>');
    return {
      scrollPaddingPx: parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop),
      headerBottomPx: header.getBoundingClientRect().bottom,
    };
  });
}

/** scroll-padding-top without a bar in the header (4.5rem): what it goes back to. */
export const USUAL_SCROLL_PADDING_PX = 72;
