/**
 * Journey: a search that matches more than GitHub lets one search reach
 * (1,000 results). The list says so, as GitHub does, and Last goes to the
 * last page that can be reached, whose rows show (issue 45).
 */
import { expect, test } from '@playwright/test';
import { startE2eService } from './support/service';
import { shownIssueNumbers } from './support/issue-list';
import { formatCount, searchDirectly, waitForSearch } from './support/search';

let service: Awaited<ReturnType<typeof startE2eService>>;

test.beforeAll(async () => {
  // The journey's searches and the reference answer, by one address.
  service = await startE2eService({ searchUnauthLimit: 30 });
});

test.afterAll(async () => {
  await service.close();
});

test('a search past 1,000 results says only the first 1,000 are shown, and Last opens the last reachable page', async ({ page }) => {
  const query = 'is:issue';
  const perPage = 30;
  const reference = await searchDirectly(service.api, query, perPage);
  expect(reference.total_count).toBeGreaterThan(1000);
  const lastReachable = Math.ceil(1000 / perPage);
  const lastPage = await searchDirectly(service.api, query, perPage, lastReachable);

  const first = waitForSearch(page);
  await page.goto(`${service.origin}/acme/rocket/issues?q=${encodeURIComponent(query)}`);
  await first;
  await expect(page.getByText(`Showing the first 1,000 of ${formatCount(reference.total_count)} results; narrow the search.`)).toBeVisible();
  const pager = page.getByRole('navigation', { name: 'Pagination' });
  await expect(pager).toContainText(`Page 1 of ${lastReachable}`);

  const last = waitForSearch(page);
  await pager.getByRole('link', { name: 'Last', exact: true }).click();
  expect((await last).status()).toBe(200);
  await expect(pager).toContainText(`Page ${lastReachable} of ${lastReachable}`);
  expect(await shownIssueNumbers(page)).toEqual(lastPage.items.map((item) => item.number));
  await expect(page.getByText(`Showing the first 1,000 of ${formatCount(reference.total_count)} results; narrow the search.`)).toBeVisible();
});
