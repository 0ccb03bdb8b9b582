/**
 * Figures 1 and 2: how soon a cold load of `/acme/rocket/issues` shows its
 * first row, and how soon `Next` shows page 2, first uncached and then from
 * the cache (page 2, back to 1 with `Previous`, `Next` again).
 *
 * Both are measured in the page, on its own `performance.now()` clock: a
 * MutationObserver installed before the app's scripts notes the moment the
 * DOM first holds what the user waits for (the first row with a non-empty
 * box, or the list labelled `Issues, page 2` whose first row differs from
 * page 1's), so Playwright's polling adds nothing. A cold load is timed from
 * navigation start (the page's time origin), a `Next` from its click event.
 * Every sample is a new browser context: empty HTTP cache, empty storage.
 *
 * At the first row the probe also adds up the scripts the page has loaded by
 * then (bytes on the wire, gzip as the service sends them): every chunk that
 * finished before the row showed, whatever the build calls first-paint.
 */
import type { Browser, Page } from '@playwright/test';
import { median, ms } from '../lib/stats';

interface ListProbe {
  firstRowAt: number | null;
  /** bytes of the scripts loaded when the first row showed */
  firstRowScriptBytes: number | null;
  clickAt: number | null;
  shownAt: number | null;
  expect: { label: string; notFirstRow: string } | null;
}

declare global {
  interface Window {
    __benchListProbe?: ListProbe;
  }
}

export interface ListPagingResult {
  samples: number;
  firstRowMs: number[];
  /** kB (1,000 bytes) of JavaScript loaded when the first row showed, per sample */
  firstRowScriptKb: number[];
  nextUncachedMs: number[];
  nextCachedMs: number[];
}

const WAIT_MS = 30_000;

/**
 * Runs in the page before its scripts. A string, not a function: tsx would
 * wrap a function's inner functions in a `__name` helper the page lacks.
 */
export const LIST_PROBE_SCRIPT = `(() => {
  const probe = { firstRowAt: null, firstRowScriptBytes: null, clickAt: null, shownAt: null, expect: null };
  window.__benchListProbe = probe;
  new MutationObserver(() => {
    if (probe.firstRowAt === null) {
      const row = document.querySelector('ul[aria-label^="Issues, page "] > li');
      if (row && row.getBoundingClientRect().height > 0) {
        probe.firstRowAt = performance.now();
        // A resource's entry appears once its response has ended: these are the scripts loaded by now.
        probe.firstRowScriptBytes = performance.getEntriesByType('resource')
          .filter((entry) => /\\.m?js$/.test(new URL(entry.name).pathname))
          .reduce((sum, entry) => sum + entry.encodedBodySize, 0);
      }
    }
    if (probe.expect && probe.clickAt !== null && probe.shownAt === null) {
      const row = document.querySelector('ul[aria-label="' + probe.expect.label + '"] > li');
      if (row && row.textContent !== probe.expect.notFirstRow) probe.shownAt = performance.now();
    }
  }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  document.addEventListener('click', () => {
    if (probe.expect && probe.clickAt === null) probe.clickAt = performance.now();
  }, true);
})();`;

function rows(page: Page) {
  return page.getByRole('list', { name: /^Issues, page \d+$/ }).getByRole('listitem');
}

/** Clicks a pager link and returns click → "page `target` shown" in ms. */
async function timePagerClick(page: Page, name: 'Next' | 'Previous', target: number): Promise<number> {
  await page.evaluate((label) => {
    const probe = window.__benchListProbe!;
    const first = document.querySelector('ul[aria-label^="Issues, page "] > li');
    probe.expect = { label, notFirstRow: first?.textContent ?? '' };
    probe.clickAt = null;
    probe.shownAt = null;
  }, `Issues, page ${target}`);
  await page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name, exact: true }).click();
  await page.waitForFunction(() => window.__benchListProbe?.shownAt != null, undefined, { timeout: WAIT_MS });
  // Playwright agrees the list is the one asked for.
  await page.getByRole('list', { name: `Issues, page ${target}` }).getByRole('listitem').first().waitFor({ state: 'visible', timeout: WAIT_MS });
  const { clickAt, shownAt } = await page.evaluate(() => window.__benchListProbe!);
  return shownAt! - clickAt!;
}

export async function measureListPaging(browser: Browser, origin: string, samples: number): Promise<ListPagingResult> {
  const result: ListPagingResult = { samples, firstRowMs: [], firstRowScriptKb: [], nextUncachedMs: [], nextCachedMs: [] };
  for (let i = 0; i < samples; i++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      await context.addInitScript({ content: LIST_PROBE_SCRIPT });
      const page = await context.newPage();
      await page.goto(`${origin}/acme/rocket/issues`);
      await rows(page).first().waitFor({ state: 'visible', timeout: WAIT_MS });
      await page.waitForFunction(() => window.__benchListProbe?.firstRowAt != null, undefined, { timeout: WAIT_MS });
      const probe = await page.evaluate(() => window.__benchListProbe!);
      result.firstRowMs.push(probe.firstRowAt!);
      result.firstRowScriptKb.push(probe.firstRowScriptBytes! / 1000);

      result.nextUncachedMs.push(await timePagerClick(page, 'Next', 2));
      await timePagerClick(page, 'Previous', 1);
      result.nextCachedMs.push(await timePagerClick(page, 'Next', 2));
    } finally {
      await context.close();
    }
  }
  return result;
}

export function summariseListPaging(r: ListPagingResult) {
  return {
    firstRowMedianMs: ms(median(r.firstRowMs)),
    firstRowScriptKb: r.firstRowScriptKb.map((kb) => Number(kb.toFixed(2))),
    nextUncachedMedianMs: ms(median(r.nextUncachedMs)),
    nextCachedMedianMs: ms(median(r.nextCachedMs)),
  };
}
