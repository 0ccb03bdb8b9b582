/**
 * Journey: the service stops while someone browses. Pages already seen still
 * show (from the cache), a notice says the service cannot be reached and that
 * the app keeps trying, and when the service comes back on the same port the
 * app recovers by itself: the notice goes, new pages load, no reload needed.
 */
import { expect, test, type Page } from '@playwright/test';
import { shownIssueNumbers, waitForIssueList } from './support/issue-list';
import { startE2eService, type E2eService } from './support/service';

let service: E2eService;

test.beforeAll(async () => {
  service = await startE2eService();
});

test.afterAll(async () => {
  await service.close();
});

/** Opens page 1 of the list; its pager, the pager's Next link, and the outage bar (absent until an outage). */
async function openFirstPage(page: Page) {
  const pager = page.getByRole('navigation', { name: 'Pagination' });
  const next = pager.getByRole('link', { name: 'Next', exact: true });
  const offline = page.getByRole('status').filter({ hasText: 'Can’t reach the service at' });
  const answer = waitForIssueList(page);
  await page.goto(`${service.origin}/acme/rocket/issues`);
  await answer;
  await expect(pager).toContainText('Page 1 of');
  return { pager, next, offline };
}

test('seen pages stay readable during an outage, and the app recovers by itself when the service returns', async ({ page }) => {
  const { pager, next, offline } = await openFirstPage(page);
  let answer = waitForIssueList(page);
  await next.click();
  await answer;
  await expect(pager).toContainText('Page 2 of');
  const pageTwo = await shownIssueNumbers(page);
  // A marker that a reload would wipe.
  await page.evaluate(() => sessionStorage.setItem('outage-journey', 'same document'));
  await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));

  // The service stops.
  const { port, db } = service;
  await service.close();

  // A page not seen yet cannot load: the notice says why and that the app keeps trying.
  await next.click();
  await expect(offline).toBeVisible({ timeout: 15_000 });
  await expect(offline).toContainText(`Can’t reach the service at ${service.origin} — showing saved pages; retrying`);

  // A page already seen shows from the cache meanwhile.
  await page.goBack();
  await expect(pager).toContainText('Page 2 of');
  expect(await shownIssueNumbers(page)).toEqual(pageTwo);
  await expect(offline).toBeVisible();

  // The service comes back on the same port: the notice goes away by itself.
  service = await startE2eService({}, { port, db });
  await expect(offline).toBeHidden({ timeout: 30_000 });
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);

  // And browsing goes on.
  answer = waitForIssueList(page);
  await next.click();
  expect((await answer).status()).toBe(200);
  await expect(pager).toContainText('Page 3 of');
  await expect.poll(() => shownIssueNumbers(page)).not.toEqual(pageTwo);
});

test('an outage that comes before the notice’s own chunk has arrived is still announced, and the app recovers when the service returns', async ({ page }) => {
  // The notice is a chunk of its own, fetched once the first page has loaded. Here every download of it
  // fails until the service returns, as when the service stops before that fetch.
  let chunkServed = false;
  await page.route(/\/assets\/service-status-notice-[\w-]+\.js$/, (route) => (chunkServed ? route.continue() : route.abort('connectionrefused')));
  const { pager, next, offline } = await openFirstPage(page);
  const pageOne = await shownIssueNumbers(page);
  await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));

  const { port, db } = service;
  await service.close();
  await next.click();
  await expect(offline).toBeVisible({ timeout: 15_000 });
  await expect(offline).toContainText(`Can’t reach the service at ${service.origin} — showing saved pages; retrying`);
  await expect(page.getByRole('heading', { name: 'Issuescope stopped working' })).toHaveCount(0);
  await page.goBack();
  await expect(pager).toContainText('Page 1 of');
  expect(await shownIssueNumbers(page)).toEqual(pageOne);

  // The service returns: the notice's chunk arrives, finds the service answering, and the notice goes.
  service = await startE2eService({}, { port, db });
  chunkServed = true;
  await expect(offline).toBeHidden({ timeout: 30_000 });
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
  const answer = waitForIssueList(page);
  await next.click();
  expect((await answer).status()).toBe(200);
  await expect(pager).toContainText('Page 2 of');
});
