/**
 * Journey: a cold load of the list shows its first rows with no JavaScript
 * but the first paint's (issue 30): the scripts loaded by then are exactly
 * the entry and what it imports statically, as the build's manifest names
 * them, and weigh at most the budget on the wire. The counts in the header
 * and the pager load their chunks after the rows, and then show. The plain
 * list, which the service renders (issue 48), shows its rows before any script.
 */
import { expect, test } from '@playwright/test';
import path from 'node:path';
import { bundleReport, FIRST_PAINT_JS_BUDGET_BYTES } from '../scripts/check-bundle-budget';
import { issueRows } from './support/issue-list';
import { startE2eService, type E2eService } from './support/service';

let service: E2eService;

test.beforeAll(async () => {
  service = await startE2eService();
});

test.afterAll(async () => {
  await service.close();
});

/** In the page before its scripts: at the first row, the scripts whose responses have ended (a string: tsx would add helpers a function needs). */
const FIRST_ROW_PROBE = `(() => {
  window.__scriptsAtFirstRow = null;
  new MutationObserver(() => {
    if (window.__scriptsAtFirstRow !== null) return;
    const row = document.querySelector('ul[aria-label^="Issues, page "] > li');
    if (!row || row.getBoundingClientRect().height === 0) return;
    window.__scriptsAtFirstRow = performance.getEntriesByType('resource')
      .filter((entry) => /\\.m?js$/.test(new URL(entry.name).pathname))
      .map((entry) => ({ path: new URL(entry.name).pathname, bytes: entry.encodedBodySize }));
  }).observe(document, { subtree: true, childList: true, attributes: true });
})();`;

test('the first rows wait for no script beyond the first paint, and the counts and pager follow', async ({ page }) => {
  const firstPaint = bundleReport(path.resolve('dist')).firstPaint.js.map((file) => `/${file.file}`).sort();
  await page.addInitScript({ content: FIRST_ROW_PROBE });
  // An address with a query: the shell, whose app draws the rows (the plain list comes rendered, below).
  await page.goto(`${service.origin}/acme/rocket/issues?page=1`);
  await expect(issueRows(page).first()).toBeVisible();
  const loaded = await page.waitForFunction('window.__scriptsAtFirstRow').then((handle) => handle.jsonValue() as Promise<Array<{ path: string; bytes: number }>>);
  expect(loaded.map((script) => script.path).sort()).toEqual(firstPaint);
  expect(loaded.reduce((sum, script) => sum + script.bytes, 0)).toBeLessThanOrEqual(FIRST_PAINT_JS_BUDGET_BYTES);

  await expect(page.getByRole('navigation', { name: 'Pagination' })).toContainText(/Page 1 of \d+/);
  await expect(page.locator('section h3').first()).toContainText(/\d Open/);
});

test('the plain list comes rendered by the service: its first rows wait for none of the app\'s scripts (issue 48)', async ({ page }) => {
  await page.addInitScript({ content: FIRST_ROW_PROBE });
  await page.goto(`${service.origin}/acme/rocket/issues`);
  await expect(issueRows(page).first()).toBeVisible();
  const loaded = await page.waitForFunction('window.__scriptsAtFirstRow').then((handle) => handle.jsonValue() as Promise<Array<{ path: string }>>);
  // The page's one script is the deferred loader, which the preload scanner may have fetched by the first row
  // (it runs after parsing, and starts the app after the first paint); nothing else may have come.
  const loader = await page.locator('script[data-entry]').evaluate((script) => new URL((script as HTMLScriptElement).src).pathname);
  expect(loaded.filter((script) => script.path !== loader)).toEqual([]);
  await expect(page.getByRole('navigation', { name: 'Pagination' })).toContainText(/Page 1 of \d+/);
  await expect(page.locator('section h3').first()).toContainText(/\d Open/);
});
