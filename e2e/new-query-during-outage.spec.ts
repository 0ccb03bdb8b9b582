/**
 * Journey: the service stops, and the reader changes the query (the Closed
 * tab). The new query's answer cannot come, so the list says it waits for the
 * service in place of rows, with no pager or count of the old query; the old
 * view is one click away, from what was loaded, also once the retries are
 * spent and the list says the service cannot be reached; when the service returns, the
 * new query's rows come by themselves (issue 45).
 */
import { expect, test } from '@playwright/test';
import { issueList, shownIssueNumbers, waitForIssueList } from './support/issue-list';
import { startE2eService, type E2eService } from './support/service';

let service: E2eService;

test.beforeAll(async () => {
  service = await startE2eService();
});

test.afterAll(async () => {
  await service.close();
});

test('a new query during an outage says it waits for the service instead of showing the old query’s rows', async ({ page }) => {
  const pager = page.getByRole('navigation', { name: 'Pagination' });
  const stateTabs = page.getByRole('navigation', { name: 'Issue state' });
  const answer = waitForIssueList(page);
  // With a `q`, the query tools (a chunk of the app the stopped service would serve) are loaded already; the
  // failure panel's chunk comes once the first page is answered (main.tsx), before the outage here.
  const failurePanel = page.waitForResponse((response) => /\/assets\/error-panel-content-[^/]+\.js$/.test(new URL(response.url()).pathname));
  await page.goto(`${service.origin}/acme/rocket/issues?q=is%3Aopen`);
  await answer;
  await failurePanel;
  await expect(pager).toContainText('Page 1 of');
  const openRows = await shownIssueNumbers(page);

  const { port, db } = service;
  await service.close();
  await stateTabs.getByRole('link', { name: 'Closed' }).click();

  await expect(stateTabs.getByRole('link', { name: 'Closed' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('heading', { name: 'This view waits for the service' })).toBeVisible({ timeout: 15_000 });
  await expect(issueList(page)).toHaveCount(0);
  await expect(pager).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 3 })).toHaveText('Issues and pull requests');

  // Its retries spent, it says the service cannot be reached; the old view is still one click away.
  await expect(page.getByRole('heading', { name: 'Can’t reach the service' })).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Back to the previous view' }).click();
  await expect(stateTabs.getByRole('link', { name: 'Open' })).toHaveAttribute('aria-current', 'page');
  expect(await shownIssueNumbers(page)).toEqual(openRows);

  // The service returns; the Closed tab now shows closed rows.
  service = await startE2eService({}, { port, db });
  await expect(page.getByRole('status').filter({ hasText: 'Can’t reach the service at' })).toBeHidden({ timeout: 30_000 });
  await stateTabs.getByRole('link', { name: 'Closed' }).click();
  await expect(stateTabs.getByRole('link', { name: 'Closed' })).toHaveAttribute('aria-current', 'page');
  await expect(pager).toContainText('Page 1 of');
  await expect.poll(() => shownIssueNumbers(page)).not.toEqual(openRows);
});
