/**
 * Journey: reading offline survives a reload. Pages of acme/rocket seen
 * while the service was up; the service stops; a reload of the tab, and a new
 * tab at the same address, open the app with the pages it kept and the bar
 * saying the service cannot be reached, not the browser's own error page.
 */
import { expect, test, type Page } from '@playwright/test';
import { startE2eService } from './support/service';
import { issueRows, shownIssueNumbers } from './support/issue-list';

let service: Awaited<ReturnType<typeof startE2eService>>;

test.beforeAll(async () => {
  service = await startE2eService();
});

test.afterAll(async () => {
  await service.close();
});

/** Whether the offline shell has the page and every build file this page loaded. */
function shellKept(page: Page): Promise<boolean> {
  return page.evaluate(async () => {
    if (navigator.serviceWorker.controller === null) return false;
    const cache = await caches.open('issuescope-shell-v1');
    if ((await cache.match('/index.html')) === undefined) return false;
    const files = performance.getEntriesByType('resource').map((entry) => entry.name).filter((name) => new URL(name).pathname.startsWith('/assets/'));
    const kept = await Promise.all(files.map((file) => cache.match(file)));
    return files.length > 0 && kept.every((response) => response !== undefined);
  });
}

async function expectKeptPages(page: Page, numbers: number[]): Promise<void> {
  await expect.poll(() => shownIssueNumbers(page), { timeout: 15_000 }).toEqual(numbers);
  await expect(page.getByText(`Can’t reach the service at ${service.origin}`)).toBeVisible({ timeout: 15_000 });
}

test('a reload or a new tab during an outage shows the kept pages, not the browser’s error page', async ({ page, context }) => {
  const address = `${service.origin}/acme/rocket/issues`;
  await page.goto(address);
  await expect(issueRows(page).first()).toBeVisible();
  const numbers = await shownIssueNumbers(page);
  await expect.poll(() => shellKept(page), { timeout: 20_000 }).toBe(true);

  await service.close();

  await page.reload();
  await expectKeptPages(page, numbers);

  const other = await context.newPage();
  await other.goto(address);
  await expectKeptPages(other, numbers);
});
