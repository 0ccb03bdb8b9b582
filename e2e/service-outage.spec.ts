/**
 * Journey: the service stops while someone browses. Pages already seen still
 * show (from the cache), a notice says the service cannot be reached and that
 * the app keeps trying, and when the service comes back on the same port the
 * app recovers by itself: the notice goes, new pages load, no reload needed.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { headerRoom, USUAL_SCROLL_PADDING_PX } from './support/header-room';
import { shownIssueNumbers, waitForIssueList } from './support/issue-list';
import { startE2eService, type E2eService } from './support/service';

let service: E2eService;

test.beforeAll(async () => {
  service = await startE2eService();
});

test.afterAll(async () => {
  await service.close();
});

interface FirstPage {
  pager: Locator;
  next: Locator;
  /** the outage bar, absent until an outage */
  offline: Locator;
}

/** Opens page 1 of the list; its pager, the pager's Next link, and the outage bar. */
async function openFirstPage(page: Page): Promise<FirstPage> {
  const pager = page.getByRole('navigation', { name: 'Pagination' });
  const next = pager.getByRole('link', { name: 'Next', exact: true });
  const offline = page.getByRole('status').filter({ hasText: 'Can’t reach the service at' });
  const answer = waitForIssueList(page);
  // `is:open`: the list endpoint's view, whose answers this journey waits for (no q is a search since issue 45).
  await page.goto(`${service.origin}/acme/rocket/issues?q=is%3Aopen`);
  await answer;
  await expect(pager).toContainText('Page 1 of');
  return { pager, next, offline };
}

/**
 * Stops the service (marking the document, so a reload would show) and clicks Next to a page not seen yet:
 * the bar says the service cannot be reached and that the app keeps trying. Returns where the service was.
 */
async function stopServiceExpectingBar(page: Page, { next, offline }: FirstPage) {
  await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
  const { port, db } = service;
  await service.close();
  await next.click();
  await expect(offline).toBeVisible({ timeout: 15_000 });
  await expect(offline).toContainText(`Can’t reach the service at ${service.origin} — showing saved pages; retrying`);
  return { port, db };
}

/** Starts the service again on the same port and database: the bar goes by itself, with no reload. */
async function restartServiceExpectingRecovery(page: Page, { offline }: FirstPage, where: { port: number; db: string }) {
  service = await startE2eService({}, where);
  await expect(offline).toBeHidden({ timeout: 30_000 });
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
}

/**
 * Next loads a page the service answers: 200, or 304 where the app holds that page's ETag already
 * (the click that met the outage may have had its answer just before the service's connections closed:
 * that is timing, seen with two Playwright workers).
 */
async function nextPageLoads(page: Page, { pager, next }: FirstPage, pageNumber: number) {
  const answer = waitForIssueList(page);
  await next.click();
  expect([200, 304]).toContain((await answer).status());
  await expect(pager).toContainText(`Page ${pageNumber} of`);
}

test('seen pages stay readable during an outage, and the app recovers by itself when the service returns', async ({ page }) => {
  const firstPage = await openFirstPage(page);
  const { pager } = firstPage;
  await nextPageLoads(page, firstPage, 2);
  const pageTwo = await shownIssueNumbers(page);

  // The service stops: a page not seen yet cannot load, and the bar says why.
  const where = await stopServiceExpectingBar(page, firstPage);

  // A page already seen shows from the cache meanwhile.
  await page.goBack();
  await expect(pager).toContainText('Page 2 of');
  expect(await shownIssueNumbers(page)).toEqual(pageTwo);
  await expect(firstPage.offline).toBeVisible();
  // The bar makes the header taller: what a link scrolls to still stops below it.
  const withBar = await headerRoom(page);
  expect(withBar.scrollPaddingPx).toBeGreaterThanOrEqual(withBar.headerBottomPx);

  // The service comes back on the same port: the bar goes away by itself, and browsing goes on.
  await restartServiceExpectingRecovery(page, firstPage, where);
  expect((await headerRoom(page)).scrollPaddingPx).toBe(USUAL_SCROLL_PADDING_PX);
  await nextPageLoads(page, firstPage, 3);
  await expect.poll(() => shownIssueNumbers(page)).not.toEqual(pageTwo);
});

test('an outage that comes before the notice’s own chunk has arrived is still announced, and the app recovers when the service returns', async ({ page }) => {
  // The notice is a chunk of its own, fetched once the first page has loaded. Here every download of it
  // fails until the service stops, as when the service stops before that fetch; then the outage itself keeps it away.
  let chunkBlocked = true;
  await page.route(/\/assets\/service-status-notice-[\w-]+\.js$/, (route) => (chunkBlocked ? route.abort('connectionrefused') : route.continue()));
  const firstPage = await openFirstPage(page);
  const pageOne = await shownIssueNumbers(page);

  const where = await stopServiceExpectingBar(page, firstPage);
  chunkBlocked = false;
  await expect(page.getByRole('heading', { name: 'Issuescope stopped working' })).toHaveCount(0);
  await page.goBack();
  await expect(firstPage.pager).toContainText('Page 1 of');
  expect(await shownIssueNumbers(page)).toEqual(pageOne);

  // The service returns: the notice's chunk arrives, finds the service answering, and the bar goes.
  await restartServiceExpectingRecovery(page, firstPage, where);
  await nextPageLoads(page, firstPage, 2);
});

test.describe('chunks lost on the way', () => {
  // These journeys lose a chunk with page.route, which never sees what the offline shell's service worker
  // fetches for the page; without the worker the page asks for its chunks itself. The worker passes a failed
  // or refused download on unchanged (public/sw.js), and its own journey is offline-reload.spec.ts.
  test.use({ serviceWorkers: 'block' });

  test('a dialog opened during an outage that came before its chunk does not take the app down, and opens once the service returns', async ({ page }) => {
    // Every download of the shortcuts dialog's chunk fails until the service stops; then the outage itself keeps it away.
    let chunkBlocked = true;
    await page.route(/\/assets\/shortcuts-dialog-body-[\w-]+\.js$/, (route) => (chunkBlocked ? route.abort('connectionrefused') : route.continue()));
    const firstPage = await openFirstPage(page);
    const where = await stopServiceExpectingBar(page, firstPage);
    chunkBlocked = false;

    await page.keyboard.press('?');
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    // Long enough for a failed download to have reached an error screen (the retries come every 2 s).
    await page.waitForTimeout(3_000);
    await expect(page.getByRole('heading', { name: 'Issuescope stopped working' })).toHaveCount(0);
    await expect(dialog).toHaveCount(0);
    await expect(firstPage.offline).toBeVisible();

    await restartServiceExpectingRecovery(page, firstPage, where);
    await expect(dialog).toBeVisible();
  });

  test('a notice chunk gone for good (a redeploy) leaves the outage to the plain bar, not to an error screen', async ({ page }) => {
    // The page was loaded before a redeploy that removed its chunks: the server answers for the notice's chunk, with a 404.
    await page.route(/\/assets\/service-status-notice-[\w-]+\.js$/, (route) => route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not Found' }));
    const firstPage = await openFirstPage(page);
    const where = await stopServiceExpectingBar(page, firstPage);
    // Long enough for the failed download to have reached an error screen.
    await page.waitForTimeout(3_000);
    await expect(page.getByRole('heading', { name: 'Issuescope stopped working' })).toHaveCount(0);
    await expect(firstPage.offline).toBeVisible();
    await expect(firstPage.offline).not.toContainText('Retry now');

    // Without the notice nothing probes the service, but the page works on: once it is back, the next page loads.
    await page.goBack();
    await expect(firstPage.pager).toContainText('Page 1 of');
    service = await startE2eService({}, where);
    await nextPageLoads(page, firstPage, 2);
  });
});
